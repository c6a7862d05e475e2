/**
 * The desk's home watch plans: started from a homeowner's request, edited, ended. The access notes
 * are sealed before they are written and opened only for the signed-in owner's plan page; ending a
 * plan deletes them and cancels the visits still ahead. Sending and acceptance are
 * `send-watch-plan.server.ts` and `accept-watch-plan.server.ts`.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isId } from "~/forms/ids";
import { sealWithServerKey, unsealWithServerKey } from "~/infra/seal.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { HOME_WATCH_SERVICE } from "~/leads/home-watch-schema";
import { townOf } from "~/leads/record/address";
import { leadForChange, recordEvent } from "~/leads/record/changes.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { addDays, dayOf, weekdayOf } from "~/time/business-time";
import type { ChangeOutcome } from "~/forms/change-answer";
import { checklistFrom, checklistText, parseChecklist, standardChecklist } from "./checklist";
import { centsText, checkPlan, termsOf, type PlanTerms, type PlanValues } from "./watch-rules";
import type { PlanStatus } from "./watch-tables";

type Db = Kysely<Database>;

const newItemId = () => randomUUID().slice(0, 8);

export const sealAccess = (text: string) =>
  text.trim() === "" ? null : sealWithServerKey("watch-access", text.trim());
export const openAccess = (sealed: string | null) =>
  sealed ? (unsealWithServerKey("watch-access", sealed) ?? "") : "";

/**
 * A first season that starts a week from today and runs to the end of May, the island's empty
 * months; the owner changes either before sending.
 */
export function defaultSeason(today: string): { start: string; end: string } {
  const start = addDays(today, 7);
  const year = Number(start.slice(0, 4));
  const mayEnd = (y: number) => `${y}-05-31`;
  const end = mayEnd(start.slice(5) <= "04-30" ? year : year + 1);
  return { start, end };
}

/**
 * A plan for the lead's house, drafted from the request with the standard checklist; the plan
 * already being made for it when there is one, so two taps make one plan.
 */
export async function startPlan(
  db: Db,
  leadId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; status: 404; error: string }> {
  if (!isId(leadId)) return { ok: false, status: 404, error: "That request is gone." };
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return { ok: false, status: 404, error: "That request is gone." } as const;
    const open = await trx
      .selectFrom("watch_plans")
      .select("id")
      .where("lead_id", "=", leadId)
      .where("status", "!=", "ended")
      .executeTakeFirst();
    if (open) return { ok: true, id: open.id } as const;
    const phone = await trx.selectFrom("leads").select("phone").where("id", "=", leadId).executeTakeFirstOrThrow();
    const season = defaultSeason(dayOf(now));
    const id = randomUUID();
    await trx
      .insertInto("watch_plans")
      .values({
        id,
        lead_id: leadId,
        status: "draft",
        homeowner_name: lead.name,
        email: lead.email,
        phone: phone.phone,
        address: lead.address,
        town: townOf(lead.address),
        season_start: season.start,
        season_end: season.end,
        frequency: "weekly",
        weekday: weekdayOf(season.start),
        price_cents: 0,
        storm_price_cents: 0,
        access_sealed: null,
        checklist: JSON.stringify(standardChecklist(newItemId)),
        created_by: actor.email,
        created_at: timestamp(now),
        updated_at: timestamp(now),
      })
      .execute();
    await recordEvent(trx, leadId, actor.email, "status", "Home watch plan started", now);
    await audit("watch-plan-saved", `plan ${id.slice(0, 8)} started`);
    return { ok: true, id } as const;
  });
}

export type DeskPlanRow = Awaited<ReturnType<typeof planRow>>;

function planRow(db: Db, id: string) {
  return db.selectFrom("watch_plans").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The plan as its desk page shows it, the access notes opened; undefined when there is none. */
export async function deskPlan(db: Db, id: string) {
  if (!isId(id)) return undefined;
  const row = await planRow(db, id);
  if (!row) return undefined;
  const visits = await db
    .selectFrom("watch_visits")
    .select(["id", "day", "kind", "status"])
    .where("plan_id", "=", id)
    .orderBy("day")
    .execute();
  return { row, values: formValues(row), checklist: parseChecklist(row.checklist), visits };
}

/** What the plan's form shows: every field as text, the access notes opened. */
export function formValues(row: NonNullable<DeskPlanRow>): PlanValues {
  const text = checklistText(parseChecklist(row.checklist));
  return {
    name: row.homeowner_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    town: row.town,
    seasonStart: row.season_start,
    seasonEnd: row.season_end,
    frequency: row.frequency,
    weekday: String(row.weekday),
    price: row.price_cents > 0 ? centsText(row.price_cents) : "",
    stormPrice: row.storm_price_cents > 0 ? centsText(row.storm_price_cents) : "",
    access: openAccess(row.access_sealed),
    inside: text.inside,
    outside: text.outside,
  };
}

/** What an accepted plan keeps: the terms the homeowner signed cannot change under them. */
const SIGNED: readonly (keyof PlanTerms)[] = [
  "name",
  "email",
  "address",
  "seasonStart",
  "seasonEnd",
  "frequency",
  "weekday",
  "priceCents",
  "stormPriceCents",
];

/**
 * Saves the plan as typed. A plan sent and not yet accepted goes back to a draft: the link the
 * homeowner holds stops opening it, so nobody accepts terms that have changed. An accepted plan
 * keeps what was signed; its phone, access notes and checklist still change.
 */
export async function savePlan(
  db: Db,
  id: string,
  values: PlanValues,
  actor: Actor,
  now: Date = new Date(),
): Promise<ChangeOutcome & { withdrawn?: boolean }> {
  const errors = checkPlan(values);
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 400, errors: { form: "Check the fields marked below.", ...errors } };
  if (!isId(id)) return { ok: false, status: 404, errors: { form: "This plan is gone." } };
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const row = await planRow(trx, id);
    if (!row) return { ok: false, status: 404, errors: { form: "This plan is gone." } } as const;
    if (row.status === "ended")
      return {
        ok: false,
        status: 409,
        errors: { form: "This plan has ended: make a new one for another season." },
      } as const;
    const terms = termsOf(values);
    if (row.status === "accepted") {
      const before = termsOf(formValues(row));
      const changed = SIGNED.filter((key) => terms[key] !== before[key]);
      if (changed.length > 0)
        return {
          ok: false,
          status: 409,
          errors: {
            form: "The homeowner accepted this plan's season, visits and prices: those stay as signed. End the plan and send a new one to change them.",
          },
        } as const;
    }
    const checklist = checklistFrom(
      { inside: values.inside, outside: values.outside },
      parseChecklist(row.checklist),
      newItemId,
    );
    const withdrawn = row.status === "sent";
    const next: PlanStatus = withdrawn ? "draft" : row.status;
    await trx
      .updateTable("watch_plans")
      .set({
        status: next,
        homeowner_name: terms.name,
        email: terms.email,
        phone: terms.phone,
        address: terms.address,
        town: terms.town,
        season_start: terms.seasonStart,
        season_end: terms.seasonEnd,
        frequency: terms.frequency,
        weekday: terms.weekday,
        price_cents: terms.priceCents,
        storm_price_cents: terms.stormPriceCents,
        access_sealed: sealAccess(values.access),
        checklist: JSON.stringify(checklist),
        updated_at: timestamp(now),
        ...(withdrawn ? { token_hash: null, link_sealed: null } : {}),
      })
      .where("id", "=", id)
      .execute();
    // The audit names the plan, never what was typed: the access notes stay out of every log.
    await audit("watch-plan-saved", `plan ${id.slice(0, 8)}${withdrawn ? ", sent link withdrawn" : ""}`);
    return { ok: true, withdrawn } as const;
  });
}

/**
 * Ends the plan in `trx`: the access notes are deleted, the visits ahead cancelled, the lead's
 * history told who ended it. An accepted plan keeps its link, so the homeowner's page goes on
 * showing the visits made and the invoices.
 */
export async function closePlan(
  trx: Db,
  row: { id: string; lead_id: string; status: string; token_hash: string | null },
  reason: string,
  by: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable("watch_plans")
    .set({
      status: "ended",
      access_sealed: null,
      token_hash: row.status === "accepted" ? row.token_hash : null,
      ended_at: timestamp(now),
      ended_reason: reason.slice(0, 200),
      updated_at: timestamp(now),
    })
    .where("id", "=", row.id)
    .execute();
  await trx
    .updateTable("watch_visits")
    .set({ status: "cancelled" })
    .where("plan_id", "=", row.id)
    .where("status", "=", "scheduled")
    .where("day", ">=", dayOf(now))
    .execute();
  await recordEvent(trx, row.lead_id, by, "status", "Home watch plan ended", now);
}

/** 'End this plan' on the desk, or the season's end (`actor` null). */
export async function endPlan(
  db: Db,
  id: string,
  reason: string,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<ChangeOutcome> {
  if (!isId(id)) return { ok: false, status: 404, errors: { form: "This plan is gone." } };
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const row = await planRow(trx, id);
    if (!row) return { ok: false, status: 404, errors: { form: "This plan is gone." } } as const;
    if (row.status === "ended") return { ok: true } as const;
    await closePlan(trx, row, reason, actor?.email ?? "the server", now);
    await audit("watch-plan-ended", `plan ${id.slice(0, 8)}`);
    return { ok: true } as const;
  });
}

/** Every plan whose season is over, ended: run daily, so no access notes outlive their season. */
export async function endFinishedSeasons(db: Db, now: Date = new Date()): Promise<number> {
  const over = await db
    .selectFrom("watch_plans")
    .select("id")
    .where("status", "!=", "ended")
    .where("season_end", "<", dayOf(now))
    .execute();
  for (const plan of over) await endPlan(db, plan.id, "The season ended.", null, now);
  return over.length;
}

/** The desk's list: every plan, the ones running first, with its next visit. */
export async function listDeskPlans(db: Db, today: string) {
  const plans = await db
    .selectFrom("watch_plans")
    .select(["id", "homeowner_name", "town", "status", "season_start", "season_end", "frequency", "weekday"])
    .orderBy("created_at", "desc")
    .execute();
  const next = await db
    .selectFrom("watch_visits")
    .select(["plan_id", (eb) => eb.fn.min("day").as("day")])
    .where("status", "=", "scheduled")
    .where("day", ">=", today)
    .groupBy("plan_id")
    .execute();
  const nextOf = new Map(next.map((n) => [n.plan_id, String(n.day)]));
  return plans.map((p) => ({ ...p, nextVisit: nextOf.get(p.id) }));
}

/** Home watch requests no plan has been made from yet, newest first. */
export async function requestsWithoutPlan(db: Db) {
  return db
    .selectFrom("leads")
    .select(["id", "name", "address", "created_at"])
    .where("service", "=", HOME_WATCH_SERVICE)
    .where("quarantined_at", "is", null)
    .where("status", "!=", "lost")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("watch_plans").select("watch_plans.id").whereRef("watch_plans.lead_id", "=", "leads.id"))),
    )
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
}
