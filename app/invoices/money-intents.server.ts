/**
 * The money forms of the desk's job page, by their `intent`, for the page's action to dispatch
 * beside its own. Each names its invoice, payment or scheduled payment in `target`.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { sendInvoice, switchInvoiceReminder, voidInvoice, type MoneyChange } from "./invoices.server";
import { recordPayment, voidPayment } from "./payments.server";
import type { MailContext } from "~/settings/env.server";

/** The fields these forms post, shown again when one is refused. */
export const MONEY_FIELDS = ["target", "amount", "method", "receivedDay", "reference", "remind", "paymentKey"];

export const MONEY_INTENTS = [
  "send-invoice",
  "void-invoice",
  "invoice-reminder",
  "record-payment",
  "void-payment",
] as const;

export type MoneyIntent = (typeof MONEY_INTENTS)[number];

export function moneyIntents(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  get: (name: string) => string,
  context: MailContext,
): Record<MoneyIntent, () => Promise<MoneyChange>> {
  const target = () => get("target").slice(0, 60);
  return {
    "send-invoice": () => sendInvoice(db, actor, jobId, target(), context),
    "void-invoice": () => voidInvoice(db, actor, jobId, target(), get),
    "invoice-reminder": () => switchInvoiceReminder(db, actor, jobId, target(), get("remind") === "on"),
    "record-payment": () => recordPayment(db, actor, jobId, get, context),
    "void-payment": () => voidPayment(db, actor, jobId, target(), get),
  };
}
