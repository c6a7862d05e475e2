/**
 * Projects as the desk shows them: drafts and published alike, with every photo's state (waiting,
 * ready, refused) and a thumbnail once it is ready.
 */
import type { Kysely, Selectable } from "kysely";
import { toDate, type Database } from "~/infra/schema.server";
import type { PhotoLabel } from "./photo-intake.server";
import type { ProjectValues } from "./project-rules";
import type { ProjectsTable } from "./projects-tables";

export interface DeskPhoto {
  id: string;
  description: string;
  label: PhotoLabel;
  cover: boolean;
  state: "waiting" | "ready" | "refused";
  problem: string | null;
  /** The smallest WebP, for the desk's list; null until ready. */
  thumbnail: string | null;
}

export interface DeskProject extends ProjectValues {
  id: string;
  slug: string;
  status: "draft" | "published";
  everPublished: boolean;
  leadId: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
  photos: DeskPhoto[];
}

async function photosOf(db: Kysely<Database>, projectIds: readonly string[]): Promise<Map<string, DeskPhoto[]>> {
  const byProject = new Map<string, DeskPhoto[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom("project_photos")
    .select(["id", "project_id", "description", "label", "is_cover", "state", "problem", "hash"])
    .where("project_id", "in", projectIds)
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list.push({
      id: row.id,
      description: row.description,
      label: row.label,
      cover: Boolean(row.is_cover),
      state: row.state,
      problem: row.problem,
      thumbnail: null,
    });
    byProject.set(row.project_id, list);
  }
  const ready = rows.filter((r) => r.state === "ready").map((r) => r.id);
  if (ready.length > 0) {
    const files = await db
      .selectFrom("project_photo_files")
      .select(["photo_id", "name", "width"])
      .where("photo_id", "in", ready)
      .where("format", "=", "webp")
      .orderBy("width")
      .execute();
    for (const list of byProject.values())
      for (const photo of list) photo.thumbnail = files.find((f) => f.photo_id === photo.id)?.name ?? null;
  }
  return byProject;
}

function toDeskProject(row: Selectable<ProjectsTable>, photos: DeskPhoto[]): DeskProject {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    service: row.service,
    town: row.town,
    finished: row.finished,
    story: row.story,
    status: row.status,
    everPublished: Boolean(row.ever_published),
    leadId: row.lead_id,
    updatedAt: toDate(row.updated_at),
    publishedAt: row.published_at === null ? null : toDate(row.published_at),
    photos,
  };
}

/** The desk's list: every project, drafts and published, most recently changed first. */
export async function listDeskProjects(db: Kysely<Database>): Promise<DeskProject[]> {
  const rows = await db.selectFrom("projects").selectAll().orderBy("updated_at", "desc").execute();
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toDeskProject(row, photos.get(row.id) ?? []));
}

export async function deskProject(db: Kysely<Database>, id: string): Promise<DeskProject | undefined> {
  const row = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const photos = await photosOf(db, [row.id]);
  return toDeskProject(row, photos.get(row.id) ?? []);
}
