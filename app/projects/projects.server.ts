/**
 * A finished project's life on the desk: a draft saved, published, taken down, deleted. Every
 * change that alters what the public site shows bumps the live version in its own transaction
 * (see `app/live/`) and goes in the audit log. Its photos are edited in `photo-edits.server.ts`,
 * taken in by `photo-intake.server.ts` and encoded by `project-photos.server.ts`.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { leadPrivacy } from "./project-from-lead.server";
import {
  leadMention,
  MAX_DESCRIPTION,
  MAX_PHOTOS,
  publicFieldsMention,
  RESERVED_SLUGS,
  slugify,
  type ProjectValues,
} from "./project-rules";

async function uniqueSlug(db: Kysely<Database>, title: string, town: string, ownId?: string): Promise<string> {
  const base = slugify(`${title} ${town}`) || "project";
  for (let n = 1; ; n++) {
    const slug = n === 1 && !RESERVED_SLUGS.has(base) ? base : `${base}-${n}`;
    if (n === 1 && RESERVED_SLUGS.has(base)) continue;
    const taken = await db.selectFrom("projects").select("id").where("slug", "=", slug).executeTakeFirst();
    const gone = await db.selectFrom("gone_projects").select("slug").where("slug", "=", slug).executeTakeFirst();
    if ((!taken || taken.id === ownId) && !gone) return slug;
  }
}

const fields = (values: ProjectValues) => ({
  title: values.title.trim(),
  service: values.service,
  town: values.town.trim(),
  finished: values.finished,
  story: values.story.replace(/\r\n?/g, "\n").trim(),
});

/** A photo a new project starts with, such as a progress photo of the job it was made from. */
export interface StartingPhoto {
  description: string;
  /** Upright and without metadata already; made into the site's pictures like any upload. */
  data: Buffer;
  format: string;
}

/**
 * Stores a new draft, with the photos it starts with waiting to be processed (at most MAX_PHOTOS,
 * the first its cover); returns its id.
 */
export async function createProject(
  db: Kysely<Database>,
  values: ProjectValues,
  actor: Actor,
  leadId: string | null = null,
  startingPhotos: readonly StartingPhoto[] = [],
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await deskChange(db, actor, now, async ({ trx, audit }) => {
    await trx
      .insertInto("projects")
      .values({
        id,
        slug: await uniqueSlug(trx, values.title, values.town),
        ...fields(values),
        status: "draft",
        lead_id: leadId,
        created_at: timestamp(now),
        updated_at: timestamp(now),
      })
      .execute();
    for (const [position, photo] of startingPhotos.slice(0, MAX_PHOTOS).entries())
      await trx
        .insertInto("project_photos")
        .values({
          id: randomUUID(),
          project_id: id,
          upload_key: randomUUID(),
          position,
          description: photo.description.slice(0, MAX_DESCRIPTION),
          label: null,
          is_cover: position === 0 ? 1 : 0,
          state: "waiting",
          original: photo.data,
          original_format: photo.format,
          created_at: timestamp(now),
        })
        .execute();
    await audit("project-saved", values.title);
  });
  return id;
}

/**
 * Saves the fields; a project never published takes a new address from its new title. A published
 * one keeps its address and shows the change on the site within seconds, unless that address names
 * the lead the project was made from: then it takes a new one too, and the old answers 410. False
 * when it is gone.
 */
export async function updateProject(
  db: Kysely<Database>,
  id: string,
  values: ProjectValues,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const row = await trx
      .selectFrom("projects")
      .select(["status", "ever_published", "slug", "lead_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    const lead = await leadPrivacy(trx, row.lead_id);
    const keepAddress = row.ever_published && !(lead && leadMention(row.slug, lead));
    const slug = keepAddress ? undefined : await uniqueSlug(trx, values.title, values.town, id);
    if (slug && slug !== row.slug && row.ever_published)
      await trx
        .insertInto("gone_projects")
        .values({ slug: row.slug, gone_at: timestamp(now) })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
    await trx
      .updateTable("projects")
      .set({ ...fields(values), ...(slug ? { slug } : {}), updated_at: timestamp(now) })
      .where("id", "=", id)
      .execute();
    if (row.status === "published") await markLive();
    await audit("project-saved", values.title);
    return true;
  });
}

export type PublishOutcome = "published" | "no-photos" | "photos-not-ready" | "names-lead" | "already" | "missing";

/**
 * Why the project cannot be public for the lead it was made from, naming the field (title, town,
 * story, a photo's description, the page's address); undefined when nothing names the lead, or the
 * project was made without one.
 */
export async function projectNamesLead(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const project = await db
    .selectFrom("projects")
    .select(["title", "town", "story", "slug", "lead_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  const lead = project && (await leadPrivacy(db, project.lead_id));
  if (!project || !lead) return undefined;
  const photos = await db
    .selectFrom("project_photos")
    .select("description")
    .where("project_id", "=", id)
    .orderBy("position")
    .execute();
  return publicFieldsMention({ ...project, descriptions: photos.map((p) => p.description) }, lead);
}

/**
 * Publishes a draft whose photos are all ready and whose public fields name nothing of its lead
 * (each was checked when saved, and is again here, for what was saved before the rule or under an
 * older one): one conditional update, so a photo added or still being processed at that moment
 * keeps it a draft.
 */
export async function publishProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<PublishOutcome> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }): Promise<PublishOutcome> => {
    const status = await trx.selectFrom("projects").select("status").where("id", "=", id).executeTakeFirst();
    if (status?.status === "draft" && (await projectNamesLead(trx, id))) return "names-lead";
    const result = await trx
      .updateTable("projects")
      .set({ status: "published", ever_published: 1, published_at: timestamp(now), updated_at: timestamp(now) })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .where((eb) =>
        eb.and([
          eb.exists(eb.selectFrom("project_photos").select("id").where("project_id", "=", id)),
          eb.not(
            eb.exists(
              eb.selectFrom("project_photos").select("id").where("project_id", "=", id).where("state", "!=", "ready"),
            ),
          ),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await markLive();
      await audit("project-published", id);
      return "published";
    }
    const row = await trx.selectFrom("projects").select("status").where("id", "=", id).executeTakeFirst();
    if (!row) return "missing";
    if (row.status === "published") return "already";
    const photos = await trx.selectFrom("project_photos").select("state").where("project_id", "=", id).execute();
    return photos.length === 0 ? "no-photos" : "photos-not-ready";
  });
}

/** Takes a published project off the site; its address answers 410 from then on. */
export async function unpublishProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const result = await trx
      .updateTable("projects")
      .set({ status: "draft", updated_at: timestamp(now) })
      .where("id", "=", id)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLive();
    await audit("project-unpublished", id);
    return true;
  });
}

/** Deletes the project and its photos; an address that was public is kept, to answer 410. */
export async function deleteProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const found = await trx
      .selectFrom("projects")
      .select(["slug", "title", "status", "ever_published"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) return false;
    await trx.deleteFrom("projects").where("id", "=", id).execute();
    if (found.ever_published)
      await trx
        .insertInto("gone_projects")
        .values({ slug: found.slug, gone_at: timestamp(now) })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
    if (found.status === "published") await markLive();
    await audit("project-deleted", found.title);
    return true;
  });
}

/** Whether a project's page was public once and is no longer. */
export async function isGoneProject(db: Kysely<Database>, slug: string): Promise<boolean> {
  const gone = await db.selectFrom("gone_projects").select("slug").where("slug", "=", slug).executeTakeFirst();
  if (gone) return true;
  const row = await db
    .selectFrom("projects")
    .select(["status", "ever_published"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row !== undefined && row.status !== "published" && Boolean(row.ever_published);
}
