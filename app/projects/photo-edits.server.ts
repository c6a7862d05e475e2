/**
 * The desk's changes to photos already taken in: description and Before/After label, the cover,
 * removal. A change to a published project's photo shows on the site within seconds.
 */
import type { Kysely } from "kysely";
import { timestamp, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange, type DeskChange } from "~/owner/desk-change.server";
import type { PhotoLabel } from "./photo-intake.server";
import { projectLeadPrivacy } from "./project-from-lead.server";
import { checkDescription } from "./project-rules";

/** After a change to a photo of a published project, the public pages must show it. */
async function touched({ trx, markLive }: DeskChange, projectId: string, now: Date): Promise<void> {
  await trx
    .updateTable("projects")
    .set({ updated_at: timestamp(now) })
    .where("id", "=", projectId)
    .execute();
  const row = await trx.selectFrom("projects").select("status").where("id", "=", projectId).executeTakeFirst();
  if (row?.status === "published") await markLive();
}

export type PhotoChange = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

/**
 * One change to a photo of the project, in one transaction with the project's own mark; `change`
 * answers false when the photo is not the project's, and nothing is kept.
 */
async function changePhoto(
  db: Kysely<Database>,
  projectId: string,
  actor: Actor,
  now: Date,
  change: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<PhotoChange> {
  const changed = await deskChange(db, actor, now, async (desk) => {
    if (!(await change(desk.trx))) return false;
    await touched(desk, projectId, now);
    return true;
  });
  return changed ? { ok: true } : { ok: false, status: 404, error: "That photo no longer exists." };
}

/** Saves a photo's description and Before/After label; a description naming the project's lead is refused. */
export async function describePhoto(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  description: string,
  label: PhotoLabel,
  actor: Actor,
  now: Date = new Date(),
): Promise<PhotoChange> {
  const error = checkDescription(description, await projectLeadPrivacy(db, projectId));
  if (error) return { ok: false, status: 400, error };
  return changePhoto(db, projectId, actor, now, async (trx) => {
    const result = await trx
      .updateTable("project_photos")
      .set({ description: description.trim(), label })
      .where("id", "=", photoId)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** Makes the photo the project's cover, the others not. */
export async function chooseCover(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<PhotoChange> {
  return changePhoto(db, projectId, actor, now, async (trx) => {
    const photo = await trx
      .selectFrom("project_photos")
      .select("id")
      .where("id", "=", photoId)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (!photo) return false;
    await trx
      .updateTable("project_photos")
      .set((eb) => ({ is_cover: eb.case().when("id", "=", photoId).then(1).else(0).end() }))
      .where("project_id", "=", projectId)
      .execute();
    return true;
  });
}

/** Removes a photo; a published project keeps at least one, and the first left becomes the cover. */
export async function removePhoto(
  db: Kysely<Database>,
  projectId: string,
  photoId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<PhotoChange> {
  return deskChange(db, actor, now, async (desk): Promise<PhotoChange> => {
    const { trx } = desk;
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
    await touched(desk, projectId, now);
    return { ok: true };
  });
}
