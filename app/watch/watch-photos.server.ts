/**
 * Photos of a home watch house: taken on a visit for one checklist item, or kept on the plan as an
 * item's baseline, shown beside a later Issue. Each is checked and stored as a job's progress photo
 * is (its real type, its pixels before decoding, no metadata: a phone's EXIF holds the house's
 * position), and dated by the camera's own clock when it is plausible (`camera-time.ts`), read
 * from the upload's bytes before they are stripped. A retry under the same upload key stores one
 * photo. Only a signed-in owner adds them; the homeowner sees a finished visit's and the baselines
 * behind the plan's link.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isId } from "~/forms/ids";
import { findByLinkToken } from "~/infra/link-token.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { storedPhotoFiles } from "~/infra/stored-photo.server";
import type { UploadedFile } from "~/infra/uploads.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { cameraInstant, photoTakenAt, readCameraClock, type CameraClock, type TakenFrom } from "./camera-time";
import { parseChecklist } from "./checklist";
import { MAX_ITEM_PHOTOS } from "./watch-rules";

type Db = Kysely<Database>;

/** Wide enough for a phone's screen at 2×, as progress photos. */
const LARGE_EDGE = 1920;
/** The report shows photos at most about 320 CSS pixels wide. */
const SMALL_WIDTH = 640;

/** A visit's photo, or (no visit) the plan's baseline for the item. */
export type PhotoTarget = { visitId: string } | { planId: string };

export interface WatchPhotoUpload {
  file: UploadedFile;
  itemId: string;
  uploadKey: string;
  /** What the visit screen read from the original file before shrinking it; the upload's own EXIF wins. */
  cameraClock?: CameraClock;
}

export type WatchPhotoIntake =
  { ok: true; photoId: string; duplicate: boolean } | { ok: false; status: 400 | 404 | 409 | 413 | 415; error: string };

interface Place {
  planId: string;
  visitId: string | null;
  startedAt: Date | null;
  checklist: string;
}

const GONE: WatchPhotoIntake = { ok: false, status: 404, error: "This visit is not on any plan." };

/** Where the photo goes, or why it cannot go there. */
async function placeOf(db: Db, target: PhotoTarget): Promise<Place | WatchPhotoIntake> {
  if ("visitId" in target) {
    if (!isId(target.visitId)) return GONE;
    const visit = await db
      .selectFrom("watch_visits")
      .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
      .select(["watch_visits.plan_id", "watch_visits.status", "watch_visits.started_at", "watch_plans.checklist"])
      .where("watch_visits.id", "=", target.visitId)
      .executeTakeFirst();
    if (!visit) return GONE;
    if (visit.status === "scheduled")
      return { ok: false, status: 409, error: "Start the visit before you add photos." };
    if (visit.status !== "started")
      return { ok: false, status: 409, error: `This visit is ${visit.status}: it takes no more photos.` };
    return {
      planId: visit.plan_id,
      visitId: target.visitId,
      startedAt: visit.started_at ? toDate(visit.started_at) : null,
      checklist: visit.checklist,
    };
  }
  if (!isId(target.planId)) return { ok: false, status: 404, error: "There is no such plan." };
  const plan = await db
    .selectFrom("watch_plans")
    .select(["id", "status", "checklist"])
    .where("id", "=", target.planId)
    .executeTakeFirst();
  if (!plan) return { ok: false, status: 404, error: "There is no such plan." };
  if (plan.status === "ended")
    return { ok: false, status: 409, error: "This plan has ended: it takes no more photos." };
  return { planId: plan.id, visitId: null, startedAt: null, checklist: plan.checklist };
}

async function existingUpload(db: Db, planId: string, uploadKey: string) {
  return db
    .selectFrom("watch_photos")
    .select("id")
    .where("plan_id", "=", planId)
    .where("upload_key", "=", uploadKey)
    .executeTakeFirst();
}

async function full(db: Db, place: Place, itemId: string): Promise<WatchPhotoIntake | undefined> {
  const row = await db
    .selectFrom("watch_photos")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("plan_id", "=", place.planId)
    .where("item_id", "=", itemId)
    .where((eb) => (place.visitId ? eb("visit_id", "=", place.visitId) : eb("visit_id", "is", null)))
    .executeTakeFirstOrThrow();
  if (Number(row.n) < MAX_ITEM_PHOTOS) return undefined;
  return {
    ok: false,
    status: 409,
    error: `An item keeps at most ${MAX_ITEM_PHOTOS} photos ${place.visitId ? "per visit" : "as its baseline"}.`,
  };
}

/** Checks, dates, strips and stores one photo of a started visit's item, or an item's baseline. */
export async function takeWatchPhoto(
  db: Db,
  actor: Actor,
  target: PhotoTarget,
  upload: WatchPhotoUpload,
  now: Date = new Date(),
): Promise<WatchPhotoIntake> {
  const place = await placeOf(db, target);
  if ("ok" in place) return place;
  const item = parseChecklist(place.checklist).find((i) => i.id === upload.itemId);
  if (!item) return { ok: false, status: 400, error: "That item is not on this plan's list." };
  // A retry of a photo already stored, or one the item would refuse anyway, costs no decoding.
  const earlier = await existingUpload(db, place.planId, upload.uploadKey);
  if (earlier) return { ok: true, photoId: earlier.id, duplicate: true };
  const refused = await full(db, place, item.id);
  if (refused) return refused;
  const files = await storedPhotoFiles(upload.file.path, { largeEdge: LARGE_EDGE, smallWidth: SMALL_WIDTH });
  if ("error" in files) return { ok: false, ...files };
  const clock = (files.exif && readCameraClock(files.exif)) ?? upload.cameraClock;
  const taken = photoTakenAt(clock && cameraInstant(clock), now, place.startedAt);

  return deskChange(db, actor, now, async ({ trx, audit }): Promise<WatchPhotoIntake> => {
    // Holding the visit's (or plan's) row counts photos sent at the same instant one after
    // another, so a burst cannot pass the limit.
    const held = place.visitId
      ? await trx
          .updateTable("watch_visits")
          .set((eb) => ({ status: eb.ref("status") }))
          .where("id", "=", place.visitId)
          .where("status", "=", "started")
          .executeTakeFirst()
      : await trx
          .updateTable("watch_plans")
          .set((eb) => ({ status: eb.ref("status") }))
          .where("id", "=", place.planId)
          .where("status", "!=", "ended")
          .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0)
      return { ok: false, status: 409, error: "This visit or plan takes no more photos." };
    const again = await existingUpload(trx, place.planId, upload.uploadKey);
    if (again) return { ok: true, photoId: again.id, duplicate: true };
    const refusedNow = await full(trx, place, item.id);
    if (refusedNow) return refusedNow;
    const id = randomUUID();
    await trx
      .insertInto("watch_photos")
      .values({
        id,
        plan_id: place.planId,
        visit_id: place.visitId,
        item_id: item.id,
        upload_key: upload.uploadKey,
        content_type: files.large.contentType,
        width: files.large.width,
        height: files.large.height,
        large: files.large.data,
        small: files.small,
        taken_at: timestamp(taken.at),
        taken_from: taken.from,
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    await audit("watch-photo-added", `${place.visitId ? "visit" : "baseline"}: ${item.label}`.slice(0, 200));
    return { ok: true, photoId: id, duplicate: false };
  });
}

export interface WatchPhotoListing {
  id: string;
  itemId: string;
  takenAt: Date;
  takenFrom: TakenFrom;
  width: number;
  height: number;
}

const listing = (db: Db) =>
  db
    .selectFrom("watch_photos")
    .select(["id", "item_id", "taken_at", "taken_from", "width", "height"])
    .orderBy("taken_at")
    .orderBy("created_at");

const listed = (rows: Awaited<ReturnType<ReturnType<typeof listing>["execute"]>>): WatchPhotoListing[] =>
  rows.map((r) => ({
    id: r.id,
    itemId: r.item_id,
    takenAt: toDate(r.taken_at),
    takenFrom: r.taken_from,
    width: r.width,
    height: r.height,
  }));

/** A visit's photos, oldest first, without their bytes. */
export async function visitPhotos(db: Db, visitId: string): Promise<WatchPhotoListing[]> {
  return listed(await listing(db).where("visit_id", "=", visitId).execute());
}

/** The plan's baseline photos, oldest first, without their bytes. */
export async function baselinePhotos(db: Db, planId: string): Promise<WatchPhotoListing[]> {
  return listed(await listing(db).where("plan_id", "=", planId).where("visit_id", "is", null).execute());
}

export type WatchPhotoSize = "small" | "large";

/** A photo's file name in the desk's and the homeowner's addresses alike. */
export const watchPhotoFileName = (photoId: string, size: WatchPhotoSize) =>
  size === "small" ? `${photoId}-small.webp` : `${photoId}-large`;

function readFileName(fileName: string): { id: string; small: boolean } | undefined {
  for (const small of [true, false]) {
    const suffix = watchPhotoFileName("", small ? "small" : "large");
    const id = fileName.endsWith(suffix) ? fileName.slice(0, -suffix.length) : "";
    if (isId(id)) return { id, small };
  }
  return undefined;
}

export type WatchPhotoFile = { data: Buffer; contentType: string };

/** A photo's file by the name the pages link to, when `scope` allows it; undefined otherwise. */
async function photoFile(
  db: Db,
  fileName: string,
  scope: { planId?: string; shownToHomeowner?: boolean },
): Promise<WatchPhotoFile | undefined> {
  const name = readFileName(fileName);
  if (!name) return undefined;
  let query = db
    .selectFrom("watch_photos")
    .leftJoin("watch_visits", "watch_visits.id", "watch_photos.visit_id")
    .select([
      name.small ? "watch_photos.small as data" : "watch_photos.large as data",
      "watch_photos.content_type",
      "watch_photos.visit_id",
      "watch_visits.status",
    ])
    .where("watch_photos.id", "=", name.id);
  if (scope.planId) query = query.where("watch_photos.plan_id", "=", scope.planId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  // The homeowner sees a visit's photos once its report is sent, as the report itself.
  if (scope.shownToHomeowner && row.visit_id !== null && row.status !== "finished") return undefined;
  return { data: Buffer.from(row.data), contentType: name.small ? "image/webp" : row.content_type };
}

/** Any photo's file, for a signed-in owner. */
export function watchPhotoForOwner(db: Db, fileName: string): Promise<WatchPhotoFile | undefined> {
  return photoFile(db, fileName, {});
}

/** A photo's file behind the plan's link: a baseline, or a finished visit's. */
export async function watchPhotoByLink(db: Db, token: unknown, fileName: string): Promise<WatchPhotoFile | undefined> {
  const found = await findByLinkToken(token, async (hash) => {
    const plan = await db
      .selectFrom("watch_plans")
      .select("id")
      .where("token_hash", "=", hash)
      .where("status", "in", ["accepted", "ended"])
      .executeTakeFirst();
    return plan && photoFile(db, fileName, { planId: plan.id, shownToHomeowner: true });
  });
  return found.state === "found" ? found.record : undefined;
}

/** The baseline page's reading: the plan's house, its checklist and each item's baselines. */
export async function baselineDesk(db: Db, planId: string) {
  if (!isId(planId)) return undefined;
  const plan = await db
    .selectFrom("watch_plans")
    .select(["id", "address", "status", "checklist"])
    .where("id", "=", planId)
    .executeTakeFirst();
  if (!plan) return undefined;
  return { plan, items: parseChecklist(plan.checklist), photos: await baselinePhotos(db, planId) };
}
