/**
 * Finished projects: the desk's drafts, publishing and taking down, deleting, and the photos'
 * descriptions, labels and cover. Every change that alters what the public site shows bumps the
 * live version in its own transaction (see `app/live/`) and goes in the audit log.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { canonicalPath } from "~/route-registry";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { announceLiveChange, markLiveChange } from "~/live/version.server";
import { recordAudit } from "~/owner/audit.server";
import { serviceSlugs } from "~/content/services";
import {
  checkDescription,
  RESERVED_SLUGS,
  servedTowns,
  slugify,
  type LeadPrivacy,
  type ProjectValues,
} from "./project-rules";
import { townOf } from "~/leads/record/address";
import type { PhotoLabel } from "./project-photos.server";

export interface Actor {
  email: string;
  client: string | null;
}

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

export const photoPath = (name: string) => `/projects/photos/${name}`;

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

/** Stores a new draft; returns its id. */
export async function createProject(
  db: Kysely<Database>,
  values: ProjectValues,
  actor: Actor,
  leadId: string | null = null,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
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
    await recordAudit(
      trx,
      { actor: actor.email, action: "project-saved", detail: values.title, client: actor.client },
      now,
    );
  });
  return id;
}

/**
 * Saves the fields; a project never published takes a new address from its new title. A published
 * one keeps its address and shows the change on the site within seconds. False when it is gone.
 */
export async function updateProject(
  db: Kysely<Database>,
  id: string,
  values: ProjectValues,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  const published = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("projects")
      .select(["status", "ever_published"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    const slug = row.ever_published ? undefined : await uniqueSlug(trx, values.title, values.town, id);
    await trx
      .updateTable("projects")
      .set({ ...fields(values), ...(slug ? { slug } : {}), updated_at: timestamp(now) })
      .where("id", "=", id)
      .execute();
    if (row.status === "published") await markLiveChange(trx, now);
    await recordAudit(
      trx,
      { actor: actor.email, action: "project-saved", detail: values.title, client: actor.client },
      now,
    );
    return row.status === "published";
  });
  if (published) await announceLiveChange();
  return published !== undefined;
}

export type PublishOutcome = "published" | "no-photos" | "photos-not-ready" | "already" | "missing";

/**
 * Publishes a draft whose photos are all ready: one conditional update, so a photo added or still
 * being processed at that moment keeps it a draft.
 */
export async function publishProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<PublishOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<PublishOutcome> => {
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
      await markLiveChange(trx, now);
      await recordAudit(
        trx,
        { actor: actor.email, action: "project-published", detail: id, client: actor.client },
        now,
      );
      return "published";
    }
    const row = await trx.selectFrom("projects").select("status").where("id", "=", id).executeTakeFirst();
    if (!row) return "missing";
    if (row.status === "published") return "already";
    const photos = await trx.selectFrom("project_photos").select("state").where("project_id", "=", id).execute();
    return photos.length === 0 ? "no-photos" : "photos-not-ready";
  });
  if (outcome === "published") await announceLiveChange();
  return outcome;
}

/** Takes a published project off the site; its address answers 410 from then on. */
export async function unpublishProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  const done = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("projects")
      .set({ status: "draft", updated_at: timestamp(now) })
      .where("id", "=", id)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLiveChange(trx, now);
    await recordAudit(
      trx,
      { actor: actor.email, action: "project-unpublished", detail: id, client: actor.client },
      now,
    );
    return true;
  });
  if (done) await announceLiveChange();
  return done;
}

/** Deletes the project and its photos; an address that was public is kept, to answer 410. */
export async function deleteProject(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("projects")
      .select(["slug", "title", "status", "ever_published"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) return undefined;
    await trx.deleteFrom("projects").where("id", "=", id).execute();
    if (found.ever_published)
      await trx
        .insertInto("gone_projects")
        .values({ slug: found.slug, gone_at: timestamp(now) })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
    if (found.status === "published") await markLiveChange(trx, now);
    await recordAudit(
      trx,
      { actor: actor.email, action: "project-deleted", detail: found.title, client: actor.client },
      now,
    );
    return found;
  });
  if (row?.status === "published") await announceLiveChange();
  return row !== undefined;
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

function toDeskProject(
  row: {
    id: string;
    slug: string;
    title: string;
    service: string;
    town: string;
    finished: string;
    story: string;
    status: "draft" | "published";
    ever_published: number;
    lead_id: string | null;
    updated_at: Date | string;
    published_at: Date | string | null;
  },
  photos: DeskPhoto[],
): DeskProject {
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

/** After a change to a photo of a published project, the public pages must show it. */
async function touched(trx: Kysely<Database>, projectId: string, now: Date): Promise<boolean> {
  await trx
    .updateTable("projects")
    .set({ updated_at: timestamp(now) })
    .where("id", "=", projectId)
    .execute();
  const row = await trx.selectFrom("projects").select("status").where("id", "=", projectId).executeTakeFirst();
  if (row?.status !== "published") return false;
  await markLiveChange(trx, now);
  return true;
}

export type PhotoChange = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

/** Saves a photo's description and Before/After label. */
export async function describePhoto(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  description: string,
  label: PhotoLabel,
  now: Date = new Date(),
): Promise<PhotoChange> {
  const error = checkDescription(description);
  if (error) return { ok: false, status: 400, error };
  const live = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("project_photos")
      .set({ description: description.trim(), label })
      .where("id", "=", photoId)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return touched(trx, projectId, now);
  });
  if (live === undefined) return { ok: false, status: 404, error: "That photo no longer exists." };
  if (live) await announceLiveChange();
  return { ok: true };
}

/** Makes the photo the project's cover, the others not. */
export async function chooseCover(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  now: Date = new Date(),
): Promise<PhotoChange> {
  const live = await db.transaction().execute(async (trx) => {
    const photo = await trx
      .selectFrom("project_photos")
      .select("id")
      .where("id", "=", photoId)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (!photo) return undefined;
    await trx
      .updateTable("project_photos")
      .set((eb) => ({ is_cover: eb.case().when("id", "=", photoId).then(1).else(0).end() }))
      .where("project_id", "=", projectId)
      .execute();
    return touched(trx, projectId, now);
  });
  if (live === undefined) return { ok: false, status: 404, error: "That photo no longer exists." };
  if (live) await announceLiveChange();
  return { ok: true };
}

/** Removes a photo; a published project keeps at least one, and the first left becomes the cover. */
export async function removePhoto(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  now: Date = new Date(),
): Promise<PhotoChange> {
  const outcome = await db.transaction().execute(async (trx): Promise<PhotoChange & { live?: boolean }> => {
    const project = await trx.selectFrom("projects").select("status").where("id", "=", projectId).executeTakeFirst();
    const photos = await trx
      .selectFrom("project_photos")
      .select(["id", "is_cover"])
      .where("project_id", "=", projectId)
      .orderBy("position")
      .execute();
    const photo = photos.find((p) => p.id === photoId);
    if (!project || !photo) return { ok: false, status: 404, error: "That photo no longer exists." };
    if (project.status === "published" && photos.length === 1)
      return {
        ok: false,
        status: 409,
        error: "A published project needs a photo. Add another first, or unpublish it.",
      };
    await trx.deleteFrom("project_photos").where("id", "=", photoId).execute();
    const next = photos.find((p) => p.id !== photoId);
    if (photo.is_cover && next)
      await trx.updateTable("project_photos").set({ is_cover: 1 }).where("id", "=", next.id).execute();
    return { ok: true, live: await touched(trx, projectId, now) };
  });
  if (outcome.ok && outcome.live) await announceLiveChange();
  return outcome.ok ? { ok: true } : outcome;
}

export interface ProjectFromLead {
  values: ProjectValues;
  privacy: LeadPrivacy;
}

/**
 * What a project made from a won lead starts with: the service the request came from (when it was
 * sent from a service page) and the town. Never the street or the name, which are returned apart,
 * only to refuse a story that names them. Undefined unless the lead exists and is Won.
 */
export async function projectFromLead(db: Kysely<Database>, leadId: string): Promise<ProjectFromLead | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["name", "address", "status", "source_path"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead || lead.status !== "won") return undefined;
  const source = lead.source_path ? canonicalPath(lead.source_path) : "";
  const service = serviceSlugs.find((slug) => source === `/services/${slug}`) ?? "";
  const town = townOf(lead.address);
  const known = servedTowns.find((t) => t.toLowerCase() === town.toLowerCase());
  return {
    values: { title: "", service, town: known ?? town, finished: "", story: "" },
    privacy: { address: lead.address, name: lead.name },
  };
}

/** The lead's street and name, for refusing a story that names them; undefined once the lead is deleted. */
export async function leadPrivacy(db: Kysely<Database>, leadId: string | null): Promise<LeadPrivacy | undefined> {
  if (!leadId) return undefined;
  const lead = await db.selectFrom("leads").select(["name", "address"]).where("id", "=", leadId).executeTakeFirst();
  return lead && { address: lead.address, name: lead.name };
}
