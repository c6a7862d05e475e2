/**
 * Jobs on SQLite and PostgreSQL with the real mail worker and SMTP server: an accepted quote
 * schedules its job and its link becomes the job's page; moving the dates emails the homeowner the
 * reason and a link that opens the same page; 'Mark started' is refused without a permit; 'Mark
 * completed' mails the written warranty as the contract stated it; cancelling in time cancels the
 * job; small work starts without a quote only up to $500, and only once however many presses.
 */
import { sql, type Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { acceptChangeOrder, declineChangeOrder, sendChangeOrder } from "~/jobs/change-orders.server";
import {
  markJobCompleted,
  markJobStarted,
  renewJobLink,
  saveJobDates,
  startJobWithoutQuote,
} from "~/jobs/job-changes.server";
import { newJobLink, openJobLink } from "~/jobs/job-link.server";
import { holdJob, jobsForCalendar } from "~/jobs/jobs.server";
import { leadsDueForAutomaticRequest, setAutomaticRequests } from "~/reviews/review-requests.server";
import { action as quoteAction } from "~/routes/owner.quote";
import { loader as quotePageLoader } from "~/routes/quote";
import { sendQuote } from "~/quotes/send-quote.server";
import { acceptContract, cancelContract } from "~/server/contract.server";
import { addDays, dayOf } from "~/time/business-time";
import { mailText } from "../support/delivered-mail";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { pdfText } from "../support/pdf-text";
import { deckQuote, enterContractFacts, FACTS, quoteForm } from "../support/quotes";
import { argsFor, ORIGIN, runRoute } from "../support/requests";
import { homeownerJob, linkIn, twelveHundredQuote } from "../support/jobs";

const OWNER = { email: "pat@causeway.test", client: null };
const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };
const homeowner = {
  name: "Dana Visitor",
  consent: true,
  chosen: [],
  ip: "203.0.113.9",
  userAgent: "Mozilla/5.0 (test)",
};
const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";

async function jobRow(db: Kysely<Database>) {
  return db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
}

describe.each(backends)("jobs on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  /** A lead whose deck quote (or `content`) was accepted: its id, the homeowner's quote link and the time. */
  async function acceptedDeckQuote(now = new Date(), content = deckQuote(now)) {
    await enterContractFacts(db, now);
    const leadId = await insertLead(db, { name: "Dana Visitor", email: "dana@example.com" });
    expect(await sendQuote(db, leadId, content, OWNER, context, now)).toEqual({ ok: true, version: 1 });
    const token = await linkIn(db, "quote-sent", "quote");
    expect(await acceptContract(db, token, homeowner, new Set(), context, now)).toMatchObject({ accepted: true });
    return { leadId, token, now };
  }

  it("schedules the job of an accepted quote, with its dates and total, and the quote's link opens its page", async () => {
    const { token, now } = await acceptedDeckQuote();
    const job = await jobRow(db);
    const quote = deckQuote(now);
    expect(job).toMatchObject({
      state: "scheduled",
      title: "Remove the storm-damaged stairs and build new ones to code.",
      base_cents: 149_275,
      tax_rate_milli_percent: 6_625,
      start_day: quote.startDay,
      completion_day: quote.completionDay,
      warranty: FACTS.warranty,
    });
    const listed = await jobsForCalendar(db, dayOf(now));
    expect(listed.map((j) => [j.title, j.state, j.start_day])).toEqual([[job.title, "scheduled", quote.startDay]]);

    const page = await homeownerJob(db, token);
    expect(page).toMatchObject({ jobState: "scheduled", contractTotalCents: 149_275, homeownerName: "Dana Visitor" });
    expect(page.documents.map((d) => d.fileName)).toEqual(["quote-v1-accepted.pdf", "quote-v1-signed.pdf"]);
    // The quote's own address now leads there; the contract stays readable with ?view=contract.
    const redirect = await quotePageLoader({
      params: { token },
      request: new Request(`${SITE_URL}/quote/${token}`),
    } as never).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(303);
    expect((redirect as Response).headers.get("Location")).toBe(`/job/${token}`);
  });

  it("moves the dates only with a reason, and emails it with the job's one link", async () => {
    const { token, now } = await acceptedDeckQuote();
    const job = await jobRow(db);
    const later = { startDay: addDays(job.start_day ?? "", 7), completionDay: addDays(job.completion_day ?? "", 7) };
    expect(await saveJobDates(db, OWNER, job.id, form(later), context, now)).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: "Say why the dates changed: the homeowner is emailed this." },
    });
    const reason = "The lumber yard delayed the pressure-treated stringers by a week.";
    expect(await saveJobDates(db, OWNER, job.id, form({ ...later, reason }), context, now)).toEqual({
      ok: true,
      jobId: job.id,
    });
    const mails = await harness().smtp.waitFor(4);
    const moved = mails.find((m) => m.mail.subject?.startsWith("New dates for your job"));
    expect(moved?.rcptTo).toEqual(["dana@example.com"]);
    expect(moved?.mail.text?.split("\n\n")[1]).toMatch(/^Your job's dates have changed: we now start on /);
    expect(moved?.mail.text).toContain(`Why: ${reason}`);
    // The quote's link became the job's: the email carries it again, and it still opens the contract.
    expect(await linkIn(db, "job-dates", "job")).toBe(token);
    expect(await homeownerJob(db, token)).toMatchObject({
      jobId: job.id,
      datesReason: reason,
      startDay: later.startDay,
      contract: { href: `/quote/${token}?view=contract` },
    });
  });

  it("refuses 'Mark started' without a permit or a reason, then starts with one and completes with the warranty", async () => {
    const { token, now } = await acceptedDeckQuote();
    const job = await jobRow(db);
    expect(await markJobStarted(db, OWNER, job.id, form({}), now)).toMatchObject({ ok: false, status: 400 });
    expect(await markJobCompleted(db, OWNER, job.id, context, now)).toMatchObject({ ok: false, status: 409 });
    expect((await jobRow(db)).state).toBe("scheduled");

    const permit = { permitNumber: "BP-2027-0412", issuedBy: "Long Beach Township" };
    expect(await markJobStarted(db, OWNER, job.id, form(permit), now)).toEqual({ ok: true, jobId: job.id });
    expect(await jobRow(db)).toMatchObject({ state: "started", permit_number: "BP-2027-0412" });
    expect(await markJobStarted(db, OWNER, job.id, form(permit), now)).toMatchObject({ ok: false, status: 409 });

    await setAutomaticRequests(db, true, OWNER, now);
    const done = new Date();
    expect(await markJobCompleted(db, OWNER, job.id, context, done)).toEqual({ ok: true, jobId: job.id });
    // The quote, the accepted contract to both sides, the completion, and the review request.
    const mails = await harness().smtp.waitFor(5);
    const completed = mails.find((m) => m.mail.subject?.startsWith("Your job is complete"));
    expect(completed?.mail.text?.split("\n\n")[1]).toMatch(/^Your job is complete: we finished the work on /);
    const warranty = completed?.mail.attachments.find((a) => a.filename === "warranty.pdf");
    expect(warranty).toBeDefined();
    const text = await pdfText(new Uint8Array(warranty?.content ?? []));
    expect(text).toContain("Written warranty");
    expect(text.replace(/\s+/g, " ")).toContain(FACTS.warranty);
    // Completion, not three days after Won, is when the review request goes.
    const asked = await db.selectFrom("review_requests").select(["lead_id", "requested_by"]).execute();
    expect(asked).toEqual([{ lead_id: job.lead_id, requested_by: "automatic" }]);

    const page = await homeownerJob(db, token);
    const completedDay = dayOf(done);
    expect(page).toMatchObject({ jobState: "completed", completedDay, warranty: FACTS.warranty });
    expect(page.warrantyRunsTo).toBe(`${Number(completedDay.slice(0, 4)) + 2}${completedDay.slice(4)}`);
    expect(page.documents.map((d) => d.fileName)).toContain("warranty.pdf");
  });

  it("asks for a review when the job is completed, not three days after Won while the work goes on", async () => {
    const { leadId, now } = await acceptedDeckQuote();
    // The switch lives in app_meta, which outlives the harness's reset: an earlier test turned it on.
    await setAutomaticRequests(db, false, OWNER, now);
    const job = await jobRow(db);
    const weekLater = new Date(now.getTime() + 7 * 24 * 3_600_000);
    expect(await leadsDueForAutomaticRequest(db, weekLater)).toEqual([]);
    await markJobStarted(db, OWNER, job.id, form({ noPermit: "yes", noPermitReason: "Repairs in kind" }), now);
    // Completed while the automatic ask was off: the scheduler's run asks once the job is done.
    expect(await markJobCompleted(db, OWNER, job.id, context, now)).toMatchObject({ ok: true });
    expect(await leadsDueForAutomaticRequest(db, weekLater)).toEqual([leadId]);
    // A lead won without a job is still asked three days after Won.
    const other = await insertLead(db, { status: "won", email: "other@example.com" });
    await db.updateTable("leads").set({ won_at: now.toISOString() }).where("id", "=", other).execute();
    expect((await leadsDueForAutomaticRequest(db, weekLater)).sort()).toEqual([leadId, other].sort());
  });

  it("cancels the job with the contract when the homeowner cancels in time", async () => {
    const { token, now } = await acceptedDeckQuote();
    expect(await cancelContract(db, token, context, new Date())).toMatchObject({
      cancelled: true,
    });
    expect(await jobRow(db)).toMatchObject({ state: "cancelled" });
    expect(await jobsForCalendar(db, addDays(dayOf(now), 60))).toEqual([]);

    // A new link ends the old one on the contract's page too: the cancelled contract opens at the
    // new link only, and the old one shows the dead-link notice there as on the job's page.
    const job = await jobRow(db);
    expect(await renewJobLink(db, OWNER, job.id, context)).toEqual({ ok: true, jobId: job.id });
    const renewed = await linkIn(db, "job-new-link", "job");
    const contractAt = (link: string) =>
      runRoute(() =>
        quotePageLoader(argsFor<typeof quotePageLoader>(new Request(`${SITE_URL}/quote/${link}`), { token: link })),
      );
    expect(await contractAt(token)).toMatchObject({ status: 410, body: { state: "gone" } });
    expect(await contractAt(renewed)).toMatchObject({ status: 410, body: { state: "cancelled" } });
    expect((await openJobLink(db, token)).state).toBe("gone");
  });

  it("starts small work without a quote only on a Won lead, up to $500, and once however many presses", async () => {
    await enterContractFacts(db);
    const open = await insertLead(db, { status: "contacted" });
    const small = { title: "Replace the storm door closer", price: "185", startDay: "", completionDay: "" };
    expect(await startJobWithoutQuote(db, OWNER, open, form(small), context)).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: "Start a job once the lead is Won." },
    });
    const won = await insertLead(db, { status: "won", email: "sam@example.com" });
    expect(await startJobWithoutQuote(db, OWNER, won, form({ ...small, price: "500.01" }), context)).toMatchObject({
      ok: false,
      status: 400,
      errors: { price: "Work over $500.00 needs a written contract: send a quote." },
    });
    const presses = await Promise.all(
      Array.from({ length: 12 }, () => startJobWithoutQuote(db, OWNER, won, form(small), context)),
    );
    expect(presses.filter((p) => p.ok)).toHaveLength(1);
    expect(presses.filter((p) => !p.ok).every((p) => !p.ok && p.status === 409)).toBe(true);
    expect(await db.selectFrom("jobs").select(["title", "base_cents", "state"]).execute()).toEqual([
      { title: "Replace the storm door closer", base_cents: 18_500, state: "scheduled" },
    ]);
    const link = await linkIn(db, "job-scheduled", "job");
    expect(await homeownerJob(db, link)).toMatchObject({ title: small.title, contractTotalCents: 18_500 });
  });

  describe("change orders", () => {
    /** A $1,200 quote at 6.625% tax, accepted. */
    async function acceptedTwelveHundred() {
      const now = new Date();
      const content = twelveHundredQuote(now);
      return acceptedDeckQuote(now, content);
    }
    const change = {
      "item-0-description": "Add a handrail on the left side",
      "item-0-quantity": "1",
      "item-0-unit": "job",
      "item-0-price": "250",
      reason: "You asked for a second handrail at the walk-through.",
    };

    it("adds $250 at the contract's tax once signed: $1,546.06, and both sides get the signed PDF", async () => {
      const { token } = await acceptedTwelveHundred();
      const job = await jobRow(db);
      expect(job.base_cents).toBe(127_950);
      expect(await sendChangeOrder(db, OWNER, job.id, form({ reason: "" }), context)).toMatchObject({
        ok: false,
        status: 400,
        errors: {
          items: "Add at least one item the change adds or removes.",
          reason: "Say why the work changes: the homeowner reads this before signing.",
        },
      });
      expect(await sendChangeOrder(db, OWNER, job.id, form(change), context)).toEqual({ ok: true, number: 1 });
      // A proposal changes nothing yet, and the job cannot be completed past it.
      expect((await homeownerJob(db, token)).contractTotalCents).toBe(127_950);
      await markJobStarted(db, OWNER, job.id, form({ noPermit: "yes", noPermitReason: "Handrails need no permit" }));
      expect(await markJobCompleted(db, OWNER, job.id, context)).toMatchObject({ ok: false, status: 409 });

      const link = await linkIn(db, "change-order-sent", "job");
      const page = await homeownerJob(db, link);
      const order = page.changeOrders[0];
      expect(order).toMatchObject({ number: 1, status: "sent", amountCents: 26_656 });
      const signature = { name: "Dana Visitor", consent: true, ip: "203.0.113.9", userAgent: "Mozilla/5.0 (test)" };
      expect(
        await acceptChangeOrder(db, link, order?.id ?? "", { ...signature, consent: false }, context),
      ).toMatchObject({ ok: false, status: 400 });
      // Many presses at once: exactly one signs.
      const presses = await Promise.all(
        Array.from({ length: 10 }, () => acceptChangeOrder(db, link, order?.id ?? "", signature, context)),
      );
      expect(presses.filter((p) => p.ok)).toHaveLength(1);
      expect(
        await db
          .selectFrom("stored_documents")
          .select("file_name")
          .where("file_name", "like", "change-order-1%")
          .execute(),
      ).toHaveLength(2);

      const signed = await db.selectFrom("change_orders").selectAll().executeTakeFirstOrThrow();
      expect(signed).toMatchObject({ status: "accepted", accepted_name: "Dana Visitor", accepted_ip: "203.0.113.9" });
      const sentPdf = await db
        .selectFrom("stored_documents")
        .select(["sha256", "data"])
        .where("id", "=", signed.document_id ?? "")
        .executeTakeFirstOrThrow();
      expect(signed.accepted_sha256).toBe(sentPdf.sha256);
      const sentText = (await pdfText(new Uint8Array(sentPdf.data))).replace(/\s+/g, " ");
      expect(sentText).toContain("Contract total with this change $1,546.06");

      expect((await homeownerJob(db, token)).contractTotalCents).toBe(154_606);
      expect((await homeownerJob(db, link)).contractTotalCents).toBe(154_606);
      // The quote, the accepted contract to both, the change order, and its signed copy to both.
      const mails = await harness().smtp.waitFor(6);
      const signedMails = mails.filter(
        (m) => m.mail.subject?.includes("change order 1") || m.mail.subject?.includes("Change order 1 signed"),
      );
      expect(signedMails.map((m) => m.rcptTo[0]).sort()).toEqual(["dana@example.com", LEADS_TO]);
      for (const mail of signedMails) {
        const copy = mail.mail.attachments.find((a) => a.filename === "change-order-1-signed.pdf");
        const text = (await pdfText(new Uint8Array(copy?.content ?? []))).replace(/\s+/g, " ");
        expect(text).toContain(`SHA-256 of change-order-1.pdf`);
        expect(text).toContain(sentPdf.sha256);
      }
      expect(await markJobCompleted(db, OWNER, job.id, context)).toEqual({ ok: true, jobId: job.id });
    });

    it("declined, the contract stays as it was and the change cannot then be signed", async () => {
      await acceptedTwelveHundred();
      const job = await jobRow(db);
      expect(await sendChangeOrder(db, OWNER, job.id, form(change), context)).toEqual({ ok: true, number: 1 });
      const link = await linkIn(db, "change-order-sent", "job");
      const id = (await homeownerJob(db, link)).changeOrders[0]?.id ?? "";
      expect(await declineChangeOrder(db, link, id, context)).toMatchObject({ ok: true });
      const signature = { name: "Dana Visitor", consent: true, ip: null, userAgent: null };
      expect(await acceptChangeOrder(db, link, id, signature, context)).toMatchObject({ ok: false, status: 409 });
      expect((await homeownerJob(db, link)).contractTotalCents).toBe(127_950);
      // A link that is not the job's opens nothing.
      expect(await acceptChangeOrder(db, "x".repeat(43), id, signature, context)).toMatchObject({ status: 404 });
    });

    it("cannot be signed once the homeowner has cancelled the contract", async () => {
      const { token } = await acceptedTwelveHundred();
      const job = await jobRow(db);
      expect(await sendChangeOrder(db, OWNER, job.id, form(change), context)).toEqual({ ok: true, number: 1 });
      const link = await linkIn(db, "change-order-sent", "job");
      const id = (await homeownerJob(db, link)).changeOrders[0]?.id ?? "";
      expect(await cancelContract(db, token, context)).toMatchObject({ cancelled: true });
      const signature = { name: "Dana Visitor", consent: true, ip: null, userAgent: null };
      expect(await acceptChangeOrder(db, link, id, signature, context)).toEqual({
        ok: false,
        status: 409,
        error: "This job is cancelled: its contract no longer changes.",
      });
      expect(await db.selectFrom("change_orders").select("status").executeTakeFirstOrThrow()).toEqual({
        status: "sent",
      });
    });

    // SQLite has one writer, so only PostgreSQL can interleave a signature with a new link.
    it.runIf(backend === "postgres")(
      "is not signed on a link that a new link ended while the signature waited for the job",
      async () => {
        await acceptedTwelveHundred();
        const job = await jobRow(db);
        expect(await sendChangeOrder(db, OWNER, job.id, form(change), context)).toEqual({ ok: true, number: 1 });
        const link = await linkIn(db, "change-order-sent", "job");
        const id = (await homeownerJob(db, link)).changeOrders[0]?.id ?? "";
        // The owner's 'new link' holds the job and has ended the old link, not yet committed.
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        let renewed = () => {};
        const holding = new Promise<void>((resolve) => (renewed = resolve));
        const renewal = db.transaction().execute(async (trx) => {
          await holdJob(trx, job.id);
          await newJobLink(trx, job, new Date());
          renewed();
          await released;
        });
        await holding;
        const signature = { name: "Dana Visitor", consent: true, ip: null, userAgent: null };
        const signing = acceptChangeOrder(db, link, id, signature, context);
        // The signature waits on the job's row; then the renewal commits.
        await expect
          .poll(async () => {
            const { rows } = await sql<{ waiting: number }>`
              select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'`.execute(db);
            return rows[0]?.waiting;
          })
          .toBe(1);
        release();
        await renewal;
        expect(await signing).toMatchObject({ ok: false, status: 404 });
        expect(await db.selectFrom("change_orders").select("status").executeTakeFirstOrThrow()).toEqual({
          status: "sent",
        });
      },
    );

    it("mails the signed copy with the job's link in force", async () => {
      await acceptedTwelveHundred();
      const job = await jobRow(db);
      expect(await sendChangeOrder(db, OWNER, job.id, form(change), context)).toEqual({ ok: true, number: 1 });
      const link = await linkIn(db, "change-order-sent", "job");
      const id = (await homeownerJob(db, link)).changeOrders[0]?.id ?? "";
      // The sealed copy is unreadable (a key lost and forgotten): the job gets a link it can mail again.
      await db.updateTable("job_links").set({ sealed: null }).where("job_id", "=", job.id).execute();
      const signature = { name: "Dana Visitor", consent: true, ip: null, userAgent: null };
      expect(await acceptChangeOrder(db, link, id, signature, context)).toMatchObject({ ok: true });
      const rows = await db
        .selectFrom("outbox")
        .select(["id", "payload"])
        .where("kind", "=", "change-order-accepted")
        .execute();
      const texts = await Promise.all(rows.map(mailText));
      const links = texts.flatMap((text) => /\/job\/([\w-]{43})\b/.exec(text)?.[1] ?? []);
      expect(links).toHaveLength(1);
      const current = links[0] ?? "";
      expect(current).not.toBe(link);
      expect((await openJobLink(db, current)).state).toBe("open");
    });

    it("never takes out more than the contract is worth, counting the changes signed since", async () => {
      await acceptedTwelveHundred();
      const job = await jobRow(db);
      const takeOut = (dollars: string) =>
        form({
          "item-0-removes": "yes",
          "item-0-description": "Leave out the lower landing",
          "item-0-quantity": "1",
          "item-0-unit": "job",
          "item-0-price": dollars,
          reason: "Agreed at the walk-through.",
        });
      const signature = { name: "Dana Visitor", consent: true, ip: null, userAgent: null };
      const sign = async () => {
        const link = await linkIn(db, "change-order-sent", "job");
        const page = await homeownerJob(db, link);
        return { link, orders: page.changeOrders ?? [] };
      };
      // $1,000 out at 6.625%: $1,279.50 - $1,066.25 = $213.25 left.
      expect(await sendChangeOrder(db, OWNER, job.id, takeOut("1000"), context)).toEqual({ ok: true, number: 1 });
      const first = await sign();
      expect(await acceptChangeOrder(db, first.link, first.orders[0]?.id ?? "", signature, context)).toMatchObject({
        ok: true,
      });
      expect(await sendChangeOrder(db, OWNER, job.id, takeOut("300"), context)).toMatchObject({
        ok: false,
        status: 400,
        errors: { items: "A change cannot take out more than the contract is worth ($213.25)." },
      });
      // Two changes of $150 out ($159.94 each) fit one at a time, not both.
      expect(await sendChangeOrder(db, OWNER, job.id, takeOut("150"), context)).toEqual({ ok: true, number: 2 });
      expect(await sendChangeOrder(db, OWNER, job.id, takeOut("150"), context)).toEqual({ ok: true, number: 3 });
      const { link, orders } = await sign();
      const [second, third] = orders.filter((order) => order.status === "sent");
      expect(await acceptChangeOrder(db, link, second?.id ?? "", signature, context)).toMatchObject({ ok: true });
      expect(await acceptChangeOrder(db, link, third?.id ?? "", signature, context)).toMatchObject({
        ok: false,
        status: 409,
      });
      expect((await homeownerJob(db, link)).contractTotalCents).toBe(21_325 - 15_994);
    });
  });

  it("starts small work only when no job is open and no quote waits, and sends no quote beside an open job", async () => {
    await enterContractFacts(db);
    const small = { title: "Replace the storm door closer", price: "185" };
    const won = await insertLead(db, { status: "won", email: "sam@example.com" });
    const first = await startJobWithoutQuote(db, OWNER, won, form(small), context);
    if (!first.ok) throw new Error("the job did not start");
    const { cookie } = await signedInOwner(db, ORIGIN);
    const send = await runRoute(() =>
      quoteAction(
        argsFor<typeof quoteAction>(
          new Request(`${ORIGIN}/owner/leads/${won}/quote`, {
            method: "POST",
            headers: { cookie, Origin: ORIGIN },
            body: quoteForm(deckQuote(), "send"),
          }),
          { id: won },
        ),
      ),
    );
    expect(send.status).toBe(409);
    expect(send.body).toMatchObject({
      errors: { form: expect.stringContaining("This lead has a job under way.") as unknown },
    });
    expect(await db.selectFrom("quote_versions").select("id").execute()).toEqual([]);

    // Once the job is done, the next small job may start; not while a quote waits for an answer.
    await markJobStarted(db, OWNER, first.jobId, form({ noPermit: "yes", noPermitReason: "A closer needs none" }));
    expect(await markJobCompleted(db, OWNER, first.jobId, context)).toMatchObject({ ok: true });
    expect(await startJobWithoutQuote(db, OWNER, won, form(small), context)).toMatchObject({ ok: true });

    const quoted = await insertLead(db, { email: "quoted@example.com" });
    expect(await sendQuote(db, quoted, deckQuote(), OWNER, context)).toMatchObject({ ok: true });
    await db.updateTable("leads").set({ status: "won" }).where("id", "=", quoted).execute();
    expect(await startJobWithoutQuote(db, OWNER, quoted, form(small), context)).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: "A quote waits for this homeowner's answer: once accepted, its contract starts the job." },
    });
  });

  it("keeps a quarantined lead's jobs off the desk's calendar, and its accepted quote's link on the contract", async () => {
    const { leadId, token, now } = await acceptedDeckQuote();
    await db.updateTable("leads").set({ quarantined_at: now.toISOString() }).where("id", "=", leadId).execute();
    expect(await jobsForCalendar(db, dayOf(now))).toEqual([]);
    expect(await openJobLink(db, token)).toEqual({ state: "gone", status: 404 });
  });
});
