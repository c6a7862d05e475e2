/**
 * The Site page's 'Ways to pay', stored in one row. Until the owner saves it, checks are payable to
 * the business's legal name and invoices are due on receipt, so an invoice can always be sent.
 */
import type { Kysely } from "kysely";
import { profile } from "~/content/profile";
import { timestamp, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import {
  checkWaysToPay,
  PAY_ONLINE_URL_MAX,
  PAYABLE_TO_MAX,
  TRANSFER_LINE_MAX,
  type WaysToPay,
  type WaysToPayErrors,
  type WaysToPayInput,
} from "./ways-to-pay";

type Db = Kysely<Database>;

export const DEFAULT_WAYS_TO_PAY: WaysToPay = {
  checksPayableTo: profile.legalName,
  transferLine: "",
  payOnlineUrl: "",
  dueDays: 0,
};

export async function readWaysToPay(db: Db): Promise<WaysToPay> {
  const row = await db.selectFrom("payment_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return DEFAULT_WAYS_TO_PAY;
  return {
    checksPayableTo: row.checks_payable_to,
    transferLine: row.transfer_line,
    payOnlineUrl: row.pay_online_url,
    dueDays: row.due_days,
  };
}

export async function saveWaysToPay(db: Db, actor: Actor, ways: WaysToPay, now: Date = new Date()): Promise<void> {
  await deskChange(db, actor, now, async ({ trx, audit }) => {
    const values = {
      checks_payable_to: ways.checksPayableTo,
      transfer_line: ways.transferLine,
      pay_online_url: ways.payOnlineUrl,
      due_days: ways.dueDays,
      updated_by: actor.email,
      updated_at: timestamp(now),
    };
    await trx
      .insertInto("payment_settings")
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await audit(
      "ways-to-pay-saved",
      ways.payOnlineUrl ? `online: ${new URL(ways.payOnlineUrl).host}` : "no online link",
    );
  });
}

export type WaysToPayAnswer =
  { ok: true; message: string } | { ok: false; values: WaysToPayInput; errors: WaysToPayErrors };

/** The Site page's 'Save ways to pay', read from its form. */
export async function saveWaysToPayForm(
  db: Db,
  actor: Actor,
  get: (name: string) => string,
  now: Date = new Date(),
): Promise<WaysToPayAnswer> {
  const values = {
    checksPayableTo: get("checksPayableTo")
      .trim()
      .slice(0, PAYABLE_TO_MAX + 1),
    transferLine: get("transferLine")
      .trim()
      .slice(0, TRANSFER_LINE_MAX + 1),
    payOnlineUrl: get("payOnlineUrl")
      .trim()
      .slice(0, PAY_ONLINE_URL_MAX + 1),
    dueDays: get("dueDays").trim().slice(0, 4),
  };
  const checked = checkWaysToPay(values);
  if (!checked.ok) return { ok: false, values, errors: checked.errors };
  await saveWaysToPay(db, actor, checked.ways, now);
  return { ok: true, message: "Ways to pay saved: the next invoice states them." };
}

/** The stored ways to pay as the form shows them. */
export const waysToPayFormValues = (ways: WaysToPay): WaysToPayInput => ({
  checksPayableTo: ways.checksPayableTo,
  transferLine: ways.transferLine,
  payOnlineUrl: ways.payOnlineUrl,
  dueDays: String(ways.dueDays),
});
