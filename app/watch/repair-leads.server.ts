/**
 * 'Quote this repair' on an Issue of a finished visit: a lead for the same homeowner and house,
 * its request the Issue's words (the item, the note, the visit's day) and the Issue's photos,
 * ready for the quote the desk already writes. A second tap opens the same lead while it exists.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isId } from "~/forms/ids";
import type { Database } from "~/infra/schema.server";
import { openLeadOnDesk, type DeskLeadPhoto } from "~/leads/record/create.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { watchVisitPath } from "~/owner/paths";
import { dayText } from "~/paperwork/document";
import { IMAGE_EXTENSIONS, type ImageFormat } from "~/infra/images.server";

type Db = Kysely<Database>;

export type RepairOutcome = { ok: true; leadId: string } | { ok: false; status: 400 | 404; error: string };

export async function quoteRepair(
  db: Db,
  visitId: string,
  itemId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<RepairOutcome> {
  if (!isId(visitId)) return { ok: false, status: 404, error: "This visit is not on any plan." };
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<RepairOutcome> => {
    const found = await trx
      .selectFrom("watch_results")
      .innerJoin("watch_visits", "watch_visits.id", "watch_results.visit_id")
      .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
      .select([
        "watch_results.label",
        "watch_results.note",
        "watch_results.result",
        "watch_results.repair_lead_id",
        "watch_visits.day",
        "watch_plans.homeowner_name",
        "watch_plans.email",
        "watch_plans.phone",
        "watch_plans.address",
      ])
      .where("watch_results.visit_id", "=", visitId)
      .where("watch_results.item_id", "=", itemId)
      .executeTakeFirst();
    if (!found || found.result !== "issue")
      return { ok: false, status: 400, error: "Only an Issue found on this visit can be quoted." };
    if (found.repair_lead_id) {
      const open = await trx.selectFrom("leads").select("id").where("id", "=", found.repair_lead_id).executeTakeFirst();
      if (open) return { ok: true, leadId: open.id };
    }
    // The Issue is claimed for the new lead first: of two taps at once, one opens it, the other
    // finds it (a claim naming a lead since deleted is taken over).
    const leadId = randomUUID();
    const claimed = await trx
      .updateTable("watch_results")
      .set({ repair_lead_id: leadId })
      .where("visit_id", "=", visitId)
      .where("item_id", "=", itemId)
      .where((eb) =>
        found.repair_lead_id ? eb("repair_lead_id", "=", found.repair_lead_id) : eb("repair_lead_id", "is", null),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const winner = await trx
        .selectFrom("watch_results")
        .select("repair_lead_id")
        .where("visit_id", "=", visitId)
        .where("item_id", "=", itemId)
        .executeTakeFirstOrThrow();
      return winner.repair_lead_id
        ? { ok: true, leadId: winner.repair_lead_id }
        : { ok: false, status: 400, error: "Try again." };
    }
    await openLeadOnDesk(
      trx,
      {
        id: leadId,
        values: {
          name: found.homeowner_name,
          email: found.email,
          phone: found.phone,
          address: found.address,
          description:
            `Repair found on the home watch visit of ${dayText(found.day)}. ${found.label}: ${found.note}`.slice(
              0,
              2_000,
            ),
        },
        sourcePath: watchVisitPath(visitId),
        openedBy: actor.email,
        why: "Opened from a home watch visit's Issue ('Quote this repair')",
        photos: await issuePhotos(trx, visitId, itemId, found.label),
      },
      now,
    );
    await audit("watch-repair-lead-opened", `visit ${visitId.slice(0, 8)}`);
    return { ok: true, leadId };
  });
}

const extensionOf = (contentType: string) =>
  IMAGE_EXTENSIONS[contentType.replace("image/", "") as ImageFormat] ?? ".jpg";

/**
 * The Issue's photos, for the lead to keep as its own (as a homeowner's request carries them), so
 * the quote desk shows what was found. Copied, not shared: the lead and the plan are deleted apart.
 */
async function issuePhotos(trx: Db, visitId: string, itemId: string, label: string): Promise<DeskLeadPhoto[]> {
  const photos = await trx
    .selectFrom("watch_photos")
    .select(["large", "content_type", "width", "height"])
    .where("visit_id", "=", visitId)
    .where("item_id", "=", itemId)
    .orderBy("taken_at")
    .orderBy("created_at")
    .execute();
  const name =
    label
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join("-")
      .slice(0, 40) || "photo";
  return photos.map((photo, i) => ({
    fileName: `${name}-${i + 1}${extensionOf(photo.content_type)}`,
    contentType: photo.content_type,
    data: Buffer.from(photo.large),
    width: photo.width,
    height: photo.height,
  }));
}
