/**
 * The published projects as public pages read them while they are rendered (see
 * `app/live/snapshot.server.ts`), and the pages they add: each project's own, and the pages of
 * /projects beyond the first, by service and by town.
 */
import type { Kysely } from "kysely";
import { toDate, type Database } from "~/infra/schema.server";
import type { LiveSource } from "~/live/snapshot.server";
import { projectListPages, type PublicPhoto, type PublicProject } from "./project-listing";
import { photoPath } from "./project-listing";
import { serviceTitle, slugify } from "./project-rules";

async function loadPublished(db: Kysely<Database>): Promise<PublicProject[]> {
  const rows = await db
    .selectFrom("projects")
    .select(["id", "slug", "title", "service", "town", "finished", "story", "published_at", "updated_at"])
    .where("status", "=", "published")
    .orderBy("finished", "desc")
    .orderBy("published_at", "desc")
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const photos = await db
    .selectFrom("project_photos")
    .select(["id", "project_id", "description", "label", "is_cover", "width", "height"])
    .where("project_id", "in", ids)
    .where("state", "=", "ready")
    .orderBy("position")
    .execute();
  const files = await db
    .selectFrom("project_photo_files")
    .innerJoin("project_photos", "project_photos.id", "project_photo_files.photo_id")
    .select([
      "project_photo_files.photo_id",
      "project_photo_files.name",
      "project_photo_files.format",
      "project_photo_files.width",
    ])
    .where("project_photos.project_id", "in", ids)
    .orderBy("project_photo_files.width")
    .execute();
  const srcset = (photoId: string, format: "avif" | "webp") =>
    files
      .filter((f) => f.photo_id === photoId && f.format === format)
      .map((f) => `${photoPath(f.name)} ${f.width}w`)
      .join(", ");
  return rows.map((row): PublicProject => {
    const own: PublicPhoto[] = photos
      .filter((p) => p.project_id === row.id)
      .map((p) => {
        const webp = files.filter((f) => f.photo_id === p.id && f.format === "webp");
        const largest = webp[webp.length - 1];
        return {
          description: p.description,
          label: p.label,
          cover: Boolean(p.is_cover),
          width: p.width ?? 0,
          height: p.height ?? 0,
          avif: srcset(p.id, "avif"),
          webp: srcset(p.id, "webp"),
          fallback: largest ? photoPath(largest.name) : "",
        };
      });
    // The cover first, whatever its position.
    own.sort((a, b) => Number(b.cover) - Number(a.cover));
    return {
      slug: row.slug,
      title: row.title,
      service: row.service,
      serviceTitle: serviceTitle(row.service),
      town: row.town,
      townSlug: slugify(row.town),
      finished: row.finished,
      story: row.story,
      publishedAt: row.published_at === null ? "" : toDate(row.published_at).toISOString(),
      updatedAt: toDate(row.updated_at).toISOString(),
      photos: own,
    };
  });
}

export const projectsSource: LiveSource<PublicProject[]> = {
  name: "projects",
  empty: [],
  async load(db) {
    return { value: await loadPublished(db) };
  },
  pages: projectListPages,
};
