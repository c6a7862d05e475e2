/**
 * Home watch billing on SQLite and PostgreSQL: after a month ends, one invoice per plan for the
 * visits finished before it (each visit at the plan's price, each storm check at its own), none
 * for a visit not made, one however many runs race, a visit finished late billed on the next
 * month's invoice; mailed with its PDF and the plan's link, listed on the homeowner's page and in
 * the accountant's file. Then paid: payments up to what is owed, each with its receipt, a press
 * sent twice recorded once, a burst never past what is owed, and a void. Or not paid: one reminder,
 * and none where the owner switched it off.
 */
import type { Kysely } from "kysely";
import { PDFDocument } from "pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import { invoicesCsv } from "~/invoices/ledger-csv.server";
import { countOverdueInvoices, overdueInvoices } from "~/invoices/overdue.server";
import { leadMoneyDocument, planMoneyDocument } from "~/invoices/money-documents.server";
import type { Database } from "~/infra/schema.server";
import { parseChecklist } from "~/watch/checklist";
import { callStormCheck } from "~/watch/storm-checks.server";
import { billWatchMonths } from "~/watch/watch-invoices.server";
import { planMoney, recordPlanPayment, switchPlanInvoiceReminder, voidPlanPayment } from "~/watch/plan-money.server";
import { sendWatchInvoiceReminders } from "~/watch/watch-invoice-reminders.server";
import { watchLink } from "~/watch/watch-link.server";
import { recordEntry } from "~/watch/watch-visits.server";
import { addDays, dayOf, instantOf } from "~/time/business-time";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { mailText } from "../support/delivered-mail";
import { acceptedPlan, WATCH_OWNER } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

/** `day` (YYYY-MM-DD) at `hour` in New Jersey. */
const at = (day: string, hour: number) => {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return instantOf(y, m, d, hour);
};

/** The first day of the month after `day`'s, at 6 AM in New Jersey: when that month's bill is made. */
function startOfNextMonth(day: string): Date {
  const [y = 0, m = 1] = day.split("-").map(Number);
  return m === 12 ? instantOf(y + 1, 1, 1, 6) : instantOf(y, m + 1, 1, 6);
}

describe.each(backends)("home watch billing on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  /** Does the visit as the visit screen would on its day: arrive, mark every item OK, finish. */
  async function doVisit(planId: string, visitId: string, day: string) {
    const plan = await db
      .selectFrom("watch_plans")
      .select("checklist")
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    const received = at(day, 15);
    const tapped = (hour: number) => at(day, hour).toISOString();
    const record = (entry: Parameters<typeof recordEntry>[2]) =>
      recordEntry(db, visitId, entry, WATCH_OWNER, context, received);
    expect(await record({ kind: "start", at: tapped(10) })).toEqual({ ok: true });
    for (const item of parseChecklist(plan.checklist))
      await record({ kind: "result", at: tapped(10), itemId: item.id, result: "ok", note: "", nextStep: "" });
    expect(await record({ kind: "finish", at: tapped(11) })).toMatchObject({ ok: true });
  }

  const visitsOf = (planId: string) =>
    db
      .selectFrom("watch_visits")
      .select(["id", "day", "kind", "status", "invoice_id"])
      .where("plan_id", "=", planId)
      .orderBy("day")
      .execute();

  it("bill the visits made at the plan's prices, once, with a late visit on the next month's invoice", async () => {
    const { planId, leadId, token } = await acceptedPlan(db, context);
    // A second plan whose visits are never made is never billed.
    const idle = await acceptedPlan(db, context, { name: "Ira Idle", email: "ira@example.com" });
    const [first, second, third] = await visitsOf(planId);
    if (!first || !second || !third) throw new Error("three visits expected");

    // A storm check the day after the first visit, called that morning.
    const stormDay = addDays(first.day, 1);
    const storm = await callStormCheck(
      db,
      { towns: ["Harvey Cedars"], day: stormDay, time: "16:00" },
      WATCH_OWNER,
      context,
      at(stormDay, 8),
    );
    expect(storm).toMatchObject({ ok: true, added: 2 });
    const stormVisit = (await visitsOf(planId)).find((v) => v.kind === "storm");
    if (!stormVisit) throw new Error("no storm check");

    // The first and third visits and the storm check are made; the second is missed.
    await doVisit(planId, first.id, first.day);
    await doVisit(planId, stormVisit.id, stormDay);
    await doVisit(planId, third.id, third.day);

    // Nothing is billed before the month of those visits has ended.
    expect(await billWatchMonths(db, context, at(third.day, 20))).toBe(0);

    const billDay = startOfNextMonth(third.day);
    // Two runs at once (two instances): one invoice.
    const runs = await Promise.all([billWatchMonths(db, context, billDay), billWatchMonths(db, context, billDay)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await billWatchMonths(db, context, billDay)).toBe(0);

    const invoices = await db
      .selectFrom("invoices")
      .selectAll()
      .where("plan_id", "in", [planId, idle.planId])
      .execute();
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0];
    if (!invoice) throw new Error("no invoice");
    // Two visits at $85 and one storm check at $120: the visits made, times the plan's prices.
    expect(invoice.amount_cents).toBe(2 * 8500 + 12000);
    expect(invoice.label).toMatch(/^Home watch, \w+ \d{4}: 2 visits, 1 storm check$/);
    expect(invoice.lead_id).toBe(leadId);
    expect(invoice.job_id).toBeNull();
    expect(invoice.customer_address).toBe("8 Bay Avenue, Harvey Cedars, NJ");
    expect(invoice.due_day).toBe(addDays(invoice.issued_day, 14));
    const billed = await visitsOf(planId);
    expect(
      billed
        .filter((v) => v.invoice_id === invoice.id)
        .map((v) => v.id)
        .sort(),
    ).toEqual([first.id, third.id, stormVisit.id].sort());
    expect(billed.find((v) => v.id === second.id)?.invoice_id).toBeNull();

    // The homeowner's email: the amount, the due day, the PDF and the plan's link; no access notes.
    const mail = await db
      .selectFrom("outbox")
      .select(["id", "payload", "subject", "recipient"])
      .where("kind", "=", "watch-invoice")
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe("robin@example.com");
    expect(mail.subject).toBe(`Invoice ${invoice.number}: ${invoice.label}, $290.00`);
    const text = await mailText(mail);
    expect(text).toContain(`invoice-${invoice.number}.pdf`);
    expect(text).toMatch(/\/watch\/[\w-]{43}/);
    expect(text).not.toContain("4417");

    // The PDF lists each kind of visit with its days, quantity and price.
    const pdf = await planMoneyDocument(db, planId, invoice.document_id ?? "");
    if (!pdf) throw new Error("the plan's link does not serve its invoice");
    expect((await PDFDocument.load(pdf.data)).getPageCount()).toBeGreaterThan(0);
    expect(await leadMoneyDocument(db, leadId, invoice.document_id ?? "")).toBeDefined();
    // Another plan's link never serves it.
    expect(await planMoneyDocument(db, idle.planId, invoice.document_id ?? "")).toBeUndefined();

    // The homeowner's page lists it, due, with its PDF behind the same link.
    const page = await watchLink(db, token, billDay);
    if (page.state !== "accepted") throw new Error(`page is ${page.state}`);
    expect(page.invoices).toEqual([
      {
        number: invoice.number,
        label: invoice.label,
        amount: "$290.00",
        state: expect.stringMatching(/^Due by \w+day, /) as unknown as string,
        overdue: false,
        pdf: `/watch/${token}/documents/${invoice.document_id ?? ""}`,
      },
    ]);
    // Past its due day it says overdue.
    const late = await watchLink(db, token, at(addDays(invoice.due_day, 1), 12));
    expect(late.state === "accepted" && late.invoices[0]?.overdue).toBe(true);

    // The accountant's file files it as home watch, not as a home improvement contract.
    const csv = await invoicesCsv(db, invoice.year);
    const line = csv.csv.split("\r\n").find((l) => l.startsWith(invoice.number));
    expect(line).toContain("Home watch,");
    expect(line).toContain("290.00");

    // The missed visit, made late in the next month, goes on that month's invoice alone.
    const lateDay = addDays(billDay.toISOString().slice(0, 10), 2);
    await doVisit(planId, second.id, lateDay);
    const nextBill = startOfNextMonth(lateDay);
    expect(await billWatchMonths(db, context, nextBill)).toBe(1);
    const next = await db
      .selectFrom("invoices")
      .select(["amount_cents", "label", "schedule_key", "number"])
      .where("plan_id", "=", planId)
      .where("id", "!=", invoice.id)
      .executeTakeFirstOrThrow();
    expect(next.amount_cents).toBe(8500);
    expect(next.label).toMatch(/: 1 visit$/);
    expect(next.schedule_key).not.toBe(invoice.schedule_key);
    expect(next.number > invoice.number || next.number.slice(0, 4) > invoice.number.slice(0, 4)).toBe(true);
  });

  it("take payments up to what the invoices ask, one per press, with a receipt, and void one", async () => {
    const { planId, leadId, token } = await acceptedPlan(db, context);
    const [first, second] = await visitsOf(planId);
    if (!first || !second) throw new Error("two visits expected");
    await doVisit(planId, first.id, first.day);
    await doVisit(planId, second.id, second.day);
    const billDay = startOfNextMonth(second.day);
    await billWatchMonths(db, context, billDay);
    // Paid in the days after the invoice came.
    const now = new Date(billDay.getTime() + 3 * 86_400_000);
    const payDay = addDays(billDay.toISOString().slice(0, 10), 2);
    const owed = (await planMoney(db, planId, payDay)).owedCents;
    expect(owed).toBeGreaterThan(0);
    const form =
      (values: Record<string, string>) =>
      (name: string): string =>
        values[name] ?? "";
    const pay = (values: Record<string, string>) =>
      recordPlanPayment(
        db,
        WATCH_OWNER,
        planId,
        form({ method: "check", receivedDay: payDay, reference: "1043", ...values }),
        context,
        now,
      );

    // More than is owed, before the plan was accepted, and a bad amount are refused at their field.
    expect(await pay({ amount: ((owed + 1) / 100).toFixed(2), paymentKey: "k0" })).toMatchObject({
      ok: false,
      status: 400,
      errors: { amount: expect.stringContaining("more than is owed") as unknown as string },
    });
    expect(await pay({ amount: "10", receivedDay: addDays(first.day, -30), paymentKey: "k0" })).toMatchObject({
      ok: false,
      errors: { receivedDay: expect.any(String) as unknown as string },
    });
    expect(await pay({ amount: "ten", paymentKey: "k0" })).toMatchObject({ ok: false, status: 400 });

    // Part of it, pressed twice with one key: one payment, one receipt to the homeowner.
    const part = 5000;
    for (let n = 0; n < 2; n++) expect(await pay({ amount: "50.00", paymentKey: "k1" })).toMatchObject({ ok: true });
    // Eight different presses at once, each for all that is left: one is recorded.
    const rest = ((owed - part) / 100).toFixed(2);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, n) => pay({ amount: rest, paymentKey: `burst-${n}` })),
    );
    expect(burst.filter((r) => r.ok)).toHaveLength(1);
    const money = await planMoney(db, planId, payDay);
    expect(money.collectedCents).toBe(owed);
    expect(money.owedCents).toBe(0);
    expect(money.payments).toHaveLength(2);
    expect(money.invoices[0]?.state).toBe("paid");
    const receipts = await db
      .selectFrom("outbox")
      .select(["id", "payload", "subject"])
      .where("kind", "=", "payment-receipt")
      .where("lead_id", "=", leadId)
      .execute();
    expect(receipts.map((r) => r.subject).sort()).toEqual(
      [`Receipt: $50.00 received, thank you`, `Receipt: $${rest} received, thank you`].sort(),
    );
    expect(await mailText(receipts[0] ?? { id: "", payload: "{}" })).toMatch(/\/watch\/[\w-]{43}/);
    // Nothing more is taken once all is paid.
    expect(await pay({ amount: "1", paymentKey: "k9" })).toMatchObject({ ok: false, status: 409 });

    const page = await watchLink(db, token, now);
    expect(page.state === "accepted" && page.invoices[0]?.state).toBe("Paid, thank you");

    // A payment voided is kept, and what it paid is owed again.
    const check = money.payments.find((p) => p.amountCents === part);
    if (!check) throw new Error("no payment of $50");
    expect(await voidPlanPayment(db, WATCH_OWNER, planId, check.id, form({ reason: "" }), now)).toMatchObject({
      ok: false,
      errors: { reason: expect.any(String) as unknown as string },
    });
    expect(
      await voidPlanPayment(db, WATCH_OWNER, planId, check.id, form({ reason: "Check bounced" }), now),
    ).toMatchObject({ ok: true });
    expect(await voidPlanPayment(db, WATCH_OWNER, planId, check.id, form({ reason: "Again" }), now)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await planMoney(db, planId, payDay)).owedCents).toBe(part);
  });

  it("remind once of an invoice unpaid 7 business days after its due date, unless switched off", async () => {
    const billed = async (name: string, email: string) => {
      const plan = await acceptedPlan(db, context, { name, email });
      const [first] = await visitsOf(plan.planId);
      if (!first) throw new Error("a visit expected");
      await doVisit(plan.planId, first.id, first.day);
      return { ...plan, billDay: startOfNextMonth(first.day) };
    };
    const reminded = await billed("Rita Remind", "rita@example.com");
    const quiet = await billed("Quinn Quiet", "quinn@example.com");
    await billWatchMonths(db, context, reminded.billDay);
    await billWatchMonths(db, context, quiet.billDay);
    const quietInvoice = await db
      .selectFrom("invoices")
      .select("id")
      .where("plan_id", "=", quiet.planId)
      .executeTakeFirstOrThrow();
    expect(await switchPlanInvoiceReminder(db, WATCH_OWNER, reminded.planId, quietInvoice.id, false)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await switchPlanInvoiceReminder(db, WATCH_OWNER, quiet.planId, quietInvoice.id, false)).toMatchObject({
      ok: true,
    });

    const billDay = reminded.billDay > quiet.billDay ? reminded.billDay : quiet.billDay;
    // Due 14 days after it was sent: not yet reminded 12 days on.
    const early = new Date(billDay.getTime() + 12 * 86_400_000);
    expect(await sendWatchInvoiceReminders(db, context, new Set(), early)).toBe(0);
    const late = new Date(billDay.getTime() + 30 * 86_400_000);
    const twice = await Promise.all([
      sendWatchInvoiceReminders(db, context, new Set(), late),
      sendWatchInvoiceReminders(db, context, new Set(), late),
    ]);
    expect(twice.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendWatchInvoiceReminders(db, context, new Set(), late)).toBe(0);
    const reminders = await db
      .selectFrom("outbox")
      .select(["id", "payload", "recipient", "subject"])
      .where("kind", "=", "invoice-reminder")
      .execute();
    expect(reminders.map((r) => r.recipient)).toEqual(["rita@example.com"]);
    expect(reminders[0]?.subject).toMatch(/^Reminder: invoice \d{4}-\d{4} is unpaid$/);
    const text = await mailText(reminders[0] ?? { id: "", payload: "{}" });
    expect(text).toContain("$85.00 of it is unpaid");
    // Both stand overdue on the desk's Numbers, each linking to its plan, whatever the reminder.
    const overdue = await overdueInvoices(db, dayOf(late));
    expect(overdue.map((o) => [o.page, o.unpaidCents]).sort()).toEqual(
      [
        [`/owner/watch/${reminded.planId}`, 8500],
        [`/owner/watch/${quiet.planId}`, 8500],
      ].sort(),
    );
    expect(await countOverdueInvoices(db, dayOf(late))).toBe(2);
    expect(text).toMatch(/\/watch\/[\w-]{43}/);
  });
});
