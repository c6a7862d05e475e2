/**
 * The service a lead's job was (set by the owner on the lead page): a service page shows the
 * reviews of its own jobs. When the lead's review is already public, the pages change with it.
 */
import type { Kysely } from "kysely";
import { serviceSlugs, type ServiceSlug } from "~/content/services";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { recordEvent, type ChangeResult } from "./changes.server";

export function isServiceSlug(value: unknown): value is ServiceSlug {
  return typeof value === "string" && (serviceSlugs as readonly string[]).includes(value);
}

/** `raw` is a service's slug, or "" for none. */
export async function setLeadService(
  db: Kysely<Database>,
  id: string,
  raw: unknown,
  actor: Actor,
  now: Date = new Date(),
): Promise<ChangeResult> {
  if (raw !== "" && !isServiceSlug(raw)) return { ok: false, status: 400, error: "Choose a service from the list." };
  const service = raw === "" ? null : raw;
  const found = await deskChange(db, actor, now, async ({ trx, markLive }) => {
    const lead = await trx.selectFrom("leads").select(["id", "service"]).where("id", "=", id).executeTakeFirst();
    if (!lead) return false;
    if (lead.service === service) return true;
    await trx.updateTable("leads").set({ service }).where("id", "=", id).execute();
    await recordEvent(trx, id, actor.email, "status", `Service: ${service ?? "none"}`, now);
    const reviewed = await trx.selectFrom("reviews").select("id").where("lead_id", "=", id).executeTakeFirst();
    if (reviewed) await markLive();
    return true;
  });
  return found ? { ok: true } : { ok: false, status: 404, error: "This lead no longer exists." };
}
