/**
 * 'Storm check': after a storm, one more visit for every running plan in the towns it hit, each to
 * be done by the time the owner gives, and an email to each homeowner saying their house will be
 * checked by then. A house that already has a storm check that day gets no second one. The visits
 * are like any other: their reports go out when they finish.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ChangeOutcome } from "~/forms/change-answer";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { unsealWithServerKey } from "~/infra/seal.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import type { MailContext } from "~/settings/env.server";
import { dayOf, formatDateTimeWithZone, instantOf } from "~/time/business-time";
import { isCalendarDay } from "~/time/typed-day";
import { stormCheckEmail } from "./watch-emails.server";

type Db = Kysely<Database>;

/** How far ahead a storm check may be due: a storm's aftermath, not a season's plan. */
export const STORM_DUE_MAX_DAYS = 7;

export interface StormRequest {
  towns: string[];
  /** YYYY-MM-DD and HH:MM, New Jersey time, as the desk's fields send them. */
  day: string;
  time: string;
}

/** The instant a storm check is due by; a message per field otherwise. */
export function checkStorm(
  request: StormRequest,
  now: Date,
): { ok: true; towns: string[]; dueBy: Date } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const towns = [...new Set(request.towns.map((t) => t.trim()).filter((t) => t !== "" && t.length <= 80))].slice(0, 20);
  if (towns.length === 0) errors.towns = "Tick the towns the storm hit.";
  const match = /^(\d{2}):(\d{2})$/.exec(request.time);
  const [y, m, d] = request.day.split("-").map(Number);
  let dueBy: Date | undefined;
  if (!isCalendarDay(request.day)) errors.day = "Choose the day.";
  else if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) errors.time = "Choose the time, such as 16:00.";
  else dueBy = instantOf(y ?? 0, m ?? 1, d ?? 1, Number(match[1]), Number(match[2]));
  if (dueBy && dueBy.getTime() <= now.getTime()) errors.time = "The time to check by is still to come.";
  else if (dueBy && dueBy.getTime() > now.getTime() + STORM_DUE_MAX_DAYS * 86_400_000)
    errors.day = `A storm check is due within ${STORM_DUE_MAX_DAYS} days.`;
  if (Object.keys(errors).length > 0 || !dueBy) return { ok: false, errors };
  return { ok: true, towns, dueBy };
}

export async function callStormCheck(
  db: Db,
  request: StormRequest,
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<ChangeOutcome & { added?: number }> {
  const checked = checkStorm(request, now);
  if (!checked.ok)
    return { ok: false, status: 400, errors: { form: "Check the fields marked below.", ...checked.errors } };
  const { towns, dueBy } = checked;
  const day = dayOf(dueBy);
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const stormId = randomUUID();
    await trx
      .insertInto("watch_storms")
      .values({
        id: stormId,
        towns: JSON.stringify(towns),
        due_by: timestamp(dueBy),
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    const lowered = towns.map((t) => t.toLowerCase());
    const plans = (
      await trx
        .selectFrom("watch_plans")
        .select(["id", "lead_id", "homeowner_name", "email", "address", "town", "link_sealed"])
        .where("status", "=", "accepted")
        .where("season_start", "<=", day)
        .where("season_end", ">=", day)
        .execute()
    ).filter((plan) => lowered.includes(plan.town.trim().toLowerCase()));
    let added = 0;
    for (const plan of plans) {
      const inserted = await trx
        .insertInto("watch_visits")
        .values({
          id: randomUUID(),
          plan_id: plan.id,
          day,
          kind: "storm",
          status: "scheduled",
          storm_id: stormId,
          due_by: timestamp(dueBy),
          created_at: timestamp(now),
        })
        .onConflict((conflict) => conflict.columns(["plan_id", "day", "kind"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      added += 1;
      const token = plan.link_sealed ? unsealWithServerKey("watch-link", plan.link_sealed) : undefined;
      await enqueueMail(
        trx,
        stormCheckEmail(
          { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email },
          plan.address,
          formatDateTimeWithZone(dueBy),
          token,
          context,
        ),
        now,
      );
    }
    await audit("watch-storm-called", `${added} houses in ${towns.join(", ")}`.slice(0, 200));
    return { ok: true, added } as const;
  });
}
