/**
 * A home watch plan as tests make it: a home watch request, its plan saved with a ten-week weekly
 * season starting in three days (visited on the weekday five days from now), sent, and accepted
 * through the link its email carries.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { addDays, dayOf, weekdayOf } from "~/time/business-time";
import { acceptPlan } from "~/watch/accept-watch-plan.server";
import { sendPlan } from "~/watch/send-watch-plan.server";
import { savePlan, startPlan } from "~/watch/watch-plans.server";
import type { PlanValues } from "~/watch/watch-rules";
import { mailText } from "./delivered-mail";
import { insertLead } from "./leads";

export const WATCH_OWNER = { email: "pat@causeway.test", client: null };

export function planValues(now: Date, extra: Partial<PlanValues> = {}): PlanValues {
  const today = dayOf(now);
  const start = addDays(today, 3);
  return {
    name: "Robin Shore",
    email: "robin@example.com",
    phone: "(609) 555-0142",
    address: "8 Bay Avenue, Harvey Cedars, NJ",
    town: "Harvey Cedars",
    seasonStart: start,
    seasonEnd: addDays(start, 69),
    frequency: "weekly",
    weekday: String(weekdayOf(addDays(today, 5))),
    price: "85",
    stormPrice: "120",
    access: "Lockbox 4417",
    inside: "Water heater\nThermostat set and the heat running",
    outside: "Roof line and gutters",
    ...extra,
  };
}

export async function homeWatchRequest(db: Kysely<Database>, name = "Robin Shore", email = "robin@example.com") {
  const leadId = await insertLead(db, { name, email, address: "8 Bay Avenue, Harvey Cedars, NJ" });
  await db.updateTable("leads").set({ service: "home-watch" }).where("id", "=", leadId).execute();
  return leadId;
}

/** The link in the plan email of this request, read where the homeowner would read it. */
export async function planToken(db: Kysely<Database>, leadId: string): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("kind", "=", "watch-plan-sent")
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const match = /\/watch\/([\w-]{43})\b/.exec(await mailText(row));
  if (!match?.[1]) throw new Error("no plan link in the email");
  return match[1];
}

/** An accepted plan and its link's token. */
export async function acceptedPlan(
  db: Kysely<Database>,
  context: { siteUrl: string; leadsTo: string },
  extra: Partial<PlanValues> = {},
  now = new Date(),
): Promise<{ planId: string; leadId: string; token: string }> {
  const values = planValues(now, extra);
  const leadId = await homeWatchRequest(db, values.name, values.email);
  const started = await startPlan(db, leadId, WATCH_OWNER, now);
  if (!started.ok) throw new Error("no plan started");
  const saved = await savePlan(db, started.id, values, WATCH_OWNER, now);
  if (!saved.ok) throw new Error(`plan not saved: ${JSON.stringify(saved)}`);
  const sent = await sendPlan(db, started.id, WATCH_OWNER, context, now);
  if (!sent.ok) throw new Error("plan not sent");
  const token = await planToken(db, leadId);
  const accepted = await acceptPlan(
    db,
    token,
    { name: values.name, consent: true, ip: null, userAgent: null },
    context,
    now,
  );
  if (!accepted.accepted) throw new Error("plan not accepted");
  return { planId: started.id, leadId, token };
}
