/**
 * A home watch plan's monthly invoice through the built server on SQLite: billed after the month
 * of a visit made, it is listed on the homeowner's page and the owner's plan page, and its PDF is
 * served behind the plan's link. As an attacker would try the PDF's address: a bad or another
 * plan's token, a malformed or foreign document id, and other spellings, each refused without a
 * 500 and without the PDF. 'Record a payment' on the plan's page without JavaScript, and what an
 * attacker would send its route.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dayOf, instantOf } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { billWatchMonths } from "~/watch/watch-invoices.server";
import { recordEntry } from "~/watch/watch-visits.server";
import { followAnswer, oneSqliteSiteForThisFile, sendTo, whileServerRuns, type BuiltSite } from "../support/system";
import { acceptedPlan, WATCH_OWNER } from "../support/watch";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

const at = (day: string, hour: number) => {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return instantOf(y, m, d, hour);
};

/** A plan whose first visit is made and billed, as the 1st of the next month's run bills it. */
async function billedPlan(name: string, email: string) {
  const context = { siteUrl: origin, leadsTo: "owner@causeway.test" };
  return whileServerRuns(async () => {
    const plan = await acceptedPlan(s.db, context, { name, email });
    const visit = await s.db
      .selectFrom("watch_visits")
      .select(["id", "day"])
      .where("plan_id", "=", plan.planId)
      .orderBy("day")
      .executeTakeFirstOrThrow();
    const { checklist } = await s.db
      .selectFrom("watch_plans")
      .select("checklist")
      .where("id", "=", plan.planId)
      .executeTakeFirstOrThrow();
    const received = at(visit.day, 15);
    const entry = (e: Parameters<typeof recordEntry>[2]) =>
      recordEntry(s.db, visit.id, e, WATCH_OWNER, context, received);
    await entry({ kind: "start", at: at(visit.day, 10).toISOString() });
    for (const item of parseChecklist(checklist))
      await entry({
        kind: "result",
        at: at(visit.day, 10).toISOString(),
        itemId: item.id,
        result: "ok",
        note: "",
        nextStep: "",
      });
    await entry({ kind: "finish", at: at(visit.day, 11).toISOString() });
    const [y = 0, m = 1] = visit.day.split("-").map(Number);
    await billWatchMonths(s.db, context, m === 12 ? instantOf(y + 1, 1, 1, 6) : instantOf(y, m + 1, 1, 6));
    const invoice = await s.db
      .selectFrom("invoices")
      .select(["number", "document_id"])
      .where("plan_id", "=", plan.planId)
      .executeTakeFirstOrThrow();
    return { ...plan, number: invoice.number, documentId: invoice.document_id ?? "" };
  });
}

describe("a home watch plan's invoices", () => {
  it("are listed on both plan pages, and the PDF opens only behind its own plan's link", async () => {
    const send = sendTo(origin);
    const plan = await billedPlan("Robin Shore", "robin@example.com");
    const other = await billedPlan("Olive Other", "olive@example.com");

    const page = await (await send(`/watch/${plan.token}`)).text();
    expect(page).toContain("Invoices");
    expect(page).toContain(plan.number);
    expect(page).toContain("$85.00");
    expect(page).not.toContain(other.number);

    const pdfPath = `/watch/${plan.token}/documents/${plan.documentId}`;
    const pdf = await send(pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`invoice-${plan.number}.pdf`);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const desk = await (await send(`/owner/watch/${plan.planId}`, undefined, { cookie: s.cookie })).text();
    expect(desk).toContain(plan.number);
    expect(desk).toContain("Home watch, ");
    expect((await send(`/owner/watch/${plan.planId}`, undefined, { cookie: "" })).status).toBe(302);

    const refused = [
      `/watch/${other.token}/documents/${plan.documentId}`,
      `/watch/${"x".repeat(43)}/documents/${plan.documentId}`,
      `/watch/not-a-token/documents/${plan.documentId}`,
      `/watch/${plan.token}/documents/not-an-id`,
      `/watch/${plan.token}/documents/${other.documentId}`,
      `/watch/${plan.token}/documents/${plan.documentId.toUpperCase()}x`,
    ];
    for (const path of refused) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).not.toBe("application/pdf");
    }
    for (const path of [
      `/watch/${plan.token}/documents/${plan.documentId}/`,
      `/watch/${plan.token}/documents/${plan.documentId}.data`,
      `/watch/${plan.token}/documents/%2e%2e%2f${plan.documentId}`,
      `/watch/${plan.token}/Documents/${plan.documentId}`,
    ]) {
      const answer = await send(path);
      expect(answer.status, path).toBeLessThan(500);
    }
    expect((await send(pdfPath, { intent: "x" }, { Origin: origin })).status).toBeGreaterThanOrEqual(400);
  });

  it("take a payment on the plan's page without JavaScript, refusing what an attacker would send", async () => {
    const send = sendTo(origin);
    const plan = await billedPlan("Pat Payer", "pat@example.com");
    const money = `/owner/watch/${plan.planId}/money`;
    const today = dayOf(new Date());
    const payment = {
      intent: "record-payment",
      amount: "85.00",
      method: "check",
      receivedDay: today,
      paymentKey: "p1",
    };
    const owner = { cookie: s.cookie, Origin: origin, Accept: "text/html" };

    expect((await send(money, payment, { cookie: "", Origin: origin })).status).toBe(302);
    expect((await send(money, payment, { cookie: "causeway_session=forged", Origin: origin })).status).toBe(302);
    expect((await send(money, payment, { ...owner, Origin: "https://evil.example" })).status).toBe(403);
    expect((await send(money, { ...payment, intent: "" }, owner)).status).toBe(400);
    expect((await send(money, { ...payment, intent: "send-invoice" }, owner)).status).toBe(400);
    expect((await send(money, { ...payment, reference: "x".repeat(300_000) }, owner)).status).toBe(413);
    expect((await send("/owner/watch/not-an-id/money", payment, owner)).status).toBe(404);
    expect((await send(`/owner/watch/${plan.planId}/money`, undefined, { cookie: s.cookie })).status).toBe(303);

    const tooMuch = await send(money, { ...payment, amount: "500" }, owner);
    expect(tooMuch.status).toBe(303);
    expect(await followAnswer(s, tooMuch)).toContain("That is more than is owed");

    const paid = await send(money, payment, owner);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/owner/watch/${plan.planId}`);
    const page = await followAnswer(s, paid);
    expect(page).toContain("Payment of $85.00 recorded");
    expect(page).toContain("Receipt (PDF)");
    // The same press again records nothing more.
    await send(money, payment, owner);
    const rows = await s.db.selectFrom("payments").select("amount_cents").where("plan_id", "=", plan.planId).execute();
    expect(rows).toEqual([{ amount_cents: 8500 }]);
    const homeowner = await (await send(`/watch/${plan.token}`)).text();
    expect(homeowner).toContain("Paid, thank you");
  });
});
