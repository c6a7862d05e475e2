/**
 * Written quotes on SQLite and PostgreSQL with the real mail worker and SMTP server: sending is
 * refused while the law's items are missing; the total follows the optional items; opening the
 * link accepts nothing; acceptance records the SHA-256 of the exact document and mails the signed
 * copy; the right to cancel ends at midnight of the third business day, across a weekend and a
 * closed day; an expired or replaced version cannot be accepted; one reminder, once.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { parseMailPayload } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { closedDaysAround } from "~/closed-days/closed-days.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { acceptQuote } from "~/quotes/accept-quote.server";
import { cleanCertificate, saveContractFacts } from "~/quotes/contract-facts.server";
import { cancelQuoteContract } from "~/quotes/cancel-quote.server";
import { sendQuoteReminders } from "~/quotes/quote-reminders.server";
import { quoteLink } from "~/quotes/quote-link.server";
import { leadContractDocument, setReminder, versionsOfLead } from "~/quotes/quote-versions.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { instantOf } from "~/time/business-time";
import { loader as quotePageLoader } from "~/routes/quote";
import { insertLead } from "../support/leads";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { pdfPages, pdfText } from "../support/pdf-text";
import {
  activeCertificatePdf,
  activeContentOf,
  deckQuote,
  enterContractFacts,
  FACTS,
  remadeAcceptedPdf,
  renewedCertificatePdf,
  sha256,
  storedBytes,
} from "../support/quotes";
import { mailText } from "../support/delivered-mail";

const OWNER = { email: "pat@causeway.test", client: null };
const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };
const homeowner = (name = "Dana Visitor") => ({
  name,
  consent: true,
  chosen: [] as number[],
  ip: "203.0.113.9",
  userAgent: "Mozilla/5.0 (test)",
});

async function leadStatus(db: Kysely<Database>, id: string) {
  return db.selectFrom("leads").select(["status", "lost_reason"]).where("id", "=", id).executeTakeFirstOrThrow();
}

/** The link of the latest quote email, read as the homeowner would. */
async function latestToken(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("kind", "=", "quote-sent")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const match = /\/quote\/([\w-]{43})\b/.exec(await mailText(row));
  if (!match?.[1]) throw new Error("no quote link in the email");
  return match[1];
}

describe.each(backends)("written quotes on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("refuses to send while the law's items are missing, naming each, and sends nothing", async () => {
    const leadId = await insertLead(db);
    const now = new Date();
    const refused = await sendQuote(db, leadId, { ...deckQuote(now), materials: "" }, OWNER, context, now);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(!refused.ok && refused.missing).toEqual([
      "Principal products and materials",
      "Insurer's name (Site page)",
      "Insurer's telephone number (Site page)",
      "Certificate of liability insurance (Site page)",
      "Division of Consumer Affairs' telephone number (Site page)",
      "Warranty (Site page)",
      "Payment terms (Site page)",
    ]);
    expect((await leadStatus(db, leadId)).status).toBe("new");
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", "quote-sent").execute()).toEqual([]);
    // What was typed is kept as the draft.
    const draft = await db.selectFrom("quote_versions").select(["status", "token_hash"]).execute();
    expect(draft).toEqual([{ status: "draft", token_hash: null }]);

    await enterContractFacts(db);
    const stillMissing = await sendQuote(db, leadId, { ...deckQuote(now), materials: "" }, OWNER, context, now);
    expect(!stillMissing.ok && stillMissing.missing).toEqual(["Principal products and materials"]);
    expect(await sendQuote(db, leadId, deckQuote(now), OWNER, context, now)).toEqual({ ok: true, version: 1 });
    expect((await leadStatus(db, leadId)).status).toBe("quoted");
  });

  it("emails the PDF and the link; opening the link accepts nothing; accepting records the hash of the exact document", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db, { name: "Dana Visitor", email: "dana@example.com" });
    const now = new Date();
    expect(await sendQuote(db, leadId, deckQuote(now), OWNER, context, now)).toEqual({ ok: true, version: 1 });
    const [sent] = await harness().smtp.waitFor(1);
    expect(sent?.rcptTo).toEqual(["dana@example.com"]);
    expect(sent?.mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["quote-v1.pdf", "application/pdf"],
    ]);
    const token = await latestToken(db);
    // Only the hash is stored.
    const stored = await db.selectFrom("quote_versions").select("token_hash").executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash("sha256").update(token).digest("hex"));

    // A GET (a mail scanner, the homeowner reading) changes nothing, however often.
    for (let i = 0; i < 3; i++) {
      const answer = await quotePageLoader({
        params: { token },
        request: new Request(`${SITE_URL}/quote/${token}`),
      } as never);
      expect((answer as { init: ResponseInit | null }).init?.status ?? 200).toBe(200);
    }
    expect(await db.selectFrom("quote_versions").select(["status", "accepted_at"]).executeTakeFirstOrThrow()).toEqual({
      status: "sent",
      accepted_at: null,
    });
    expect((await leadStatus(db, leadId)).status).toBe("quoted");

    // A position that is not an optional item is refused, as is a missing consent.
    expect(await acceptQuote(db, token, { ...homeowner(), chosen: [0] }, new Set(), context, now)).toMatchObject({
      accepted: false,
      error: "Choose only from the optional items listed.",
    });
    expect(await acceptQuote(db, token, { ...homeowner(), consent: false }, new Set(), context, now)).toMatchObject({
      accepted: false,
    });

    const accepted = await acceptQuote(
      db,
      token,
      { ...homeowner("Dana Q. Visitor"), chosen: [2] },
      new Set(),
      context,
      now,
    );
    expect(accepted.accepted).toBe(true);
    const row = await db.selectFrom("quote_versions").selectAll().executeTakeFirstOrThrow();
    // $1,200 + 2.5 × $80 + $350.55 optional = $1,750.55; 6.625% tax = $115.97.
    expect(row.accepted_total_cents).toBe(186_652);
    expect(JSON.parse(row.accepted_items ?? "")).toEqual([2]);
    expect([row.accepted_name, row.accepted_ip, row.accepted_user_agent]).toEqual([
      "Dana Q. Visitor",
      "203.0.113.9",
      "Mozilla/5.0 (test)",
    ]);
    const document = await db
      .selectFrom("stored_documents")
      .selectAll()
      .where("id", "=", row.accepted_document_id ?? "")
      .executeTakeFirstOrThrow();
    const hash = createHash("sha256").update(Buffer.from(document.data)).digest("hex");
    expect(row.accepted_sha256).toBe(hash);
    // Made again from what the version holds, the document has the same hash.
    expect(sha256(await remadeAcceptedPdf(db, leadId))).toBe(hash);

    expect((await leadStatus(db, leadId)).status).toBe("won");
    const mails = await harness().smtp.waitFor(3);
    const signed = mails.filter(
      (m) => m.mail.subject?.includes("signed contract") || m.mail.subject?.startsWith("Quote accepted"),
    );
    expect(signed.map((m) => m.rcptTo[0]).sort()).toEqual(["dana@example.com", LEADS_TO].sort());
    for (const mail of signed)
      expect(mail.mail.attachments.map((a) => a.filename)).toEqual(["quote-v1-accepted.pdf", "quote-v1-signed.pdf"]);
    // A second press is not a second acceptance.
    const twice = await acceptQuote(db, token, homeowner(), new Set(), context, now);
    expect(twice).toMatchObject({ accepted: false, state: { state: "accepted" } });
  });

  it("of many presses at once, exactly one accepts", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db);
    const now = new Date();
    await sendQuote(db, leadId, deckQuote(now), OWNER, context, now);
    const token = await latestToken(db);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        acceptQuote(db, token, homeowner(), new Set(), context, now).catch(() => "error"),
      ),
    );
    expect(outcomes.filter((o) => typeof o === "object" && o.accepted)).toHaveLength(1);
    expect(await db.selectFrom("quote_versions").select("status").execute()).toEqual([{ status: "accepted" }]);
    const events = await db.selectFrom("lead_events").select("detail").where("kind", "=", "quote").execute();
    expect(events.filter((e) => e.detail.startsWith("Quote accepted"))).toHaveLength(1);
  });

  it("lets the homeowner cancel until midnight of the third business day, across a weekend and a closed day", async () => {
    await enterContractFacts(db);
    // Closed on Monday 8 March 2027.
    await db
      .insertInto("closed_days")
      .values({
        id: "c1",
        first_day: "2027-03-08",
        last_day: "2027-03-08",
        label: "Closed",
        added_by: "pat",
        added_at: new Date().toISOString(),
      })
      .execute();
    const accept = async (name: string, minute: number) => {
      const leadId = await insertLead(db, { email: `${name}@example.com` });
      // A minute apart, so the latest quote email is this one's.
      const sentAt = instantOf(2027, 3, 1, 10, minute);
      expect(await sendQuote(db, leadId, deckQuote(sentAt), OWNER, context, sentAt)).toMatchObject({ ok: true });
      const token = await latestToken(db);
      // Thursday 4 March at 8 PM: Friday 5, (weekend), (closed Monday 8), Tuesday 9, Wednesday 10.
      const acceptedAt = instantOf(2027, 3, 4, 20);
      const accepted = await acceptQuote(
        db,
        token,
        homeowner(),
        await closedDaysAround(db, acceptedAt),
        context,
        acceptedAt,
      );
      expect(accepted.accepted).toBe(true);
      return { leadId, token };
    };
    const inTime = await accept("first", 0);
    const late = await accept("second", 1);
    const lastMinute = instantOf(2027, 3, 10, 23, 59);
    const link = await quoteLink(db, inTime.token, lastMinute);
    expect(link).toMatchObject({ state: "accepted", canCancel: true, cancelUntil: instantOf(2027, 3, 11) });
    expect(await cancelQuoteContract(db, inTime.token, context, lastMinute)).toMatchObject({ cancelled: true });
    expect(await leadStatus(db, inTime.leadId)).toEqual({ status: "lost", lost_reason: "cancelled" });
    const cancelMails = await db
      .selectFrom("outbox")
      .select("recipient")
      .where("kind", "=", "quote-cancelled")
      .execute();
    expect(cancelMails.map((m) => m.recipient).sort()).toEqual(["first@example.com", LEADS_TO].sort());

    const midnight = instantOf(2027, 3, 11);
    expect(await quoteLink(db, late.token, midnight)).toMatchObject({ state: "accepted", canCancel: false });
    expect(await cancelQuoteContract(db, late.token, context, midnight)).toMatchObject({ cancelled: false });
    expect((await leadStatus(db, late.leadId)).status).toBe("won");
  });

  it("refuses an expired quote and a replaced version; the old link leads to the new one", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db);
    const sentAt = instantOf(2027, 3, 1, 10);
    await sendQuote(db, leadId, deckQuote(sentAt, 5), OWNER, context, sentAt);
    const first = await latestToken(db);
    // Valid until 6 March: on the 7th it is expired.
    const expired = await acceptQuote(db, first, homeowner(), new Set(), context, instantOf(2027, 3, 7, 9));
    expect(expired).toMatchObject({ accepted: false, state: { state: "expired" } });
    expect(await quoteLink(db, first, instantOf(2027, 3, 6, 23))).toMatchObject({ state: "open" });

    const changedAt = instantOf(2027, 3, 2, 10);
    const changed = { ...deckQuote(sentAt, 5), work: "Rebuild the stairs and add a landing." };
    expect(await sendQuote(db, leadId, changed, OWNER, context, changedAt)).toEqual({ ok: true, version: 2 });
    const second = await latestToken(db);
    expect(second).not.toBe(first);
    expect(await quoteLink(db, first, changedAt)).toEqual({ state: "replaced", version: 1, next: second });
    expect(await acceptQuote(db, first, homeowner(), new Set(), context, changedAt)).toMatchObject({
      accepted: false,
      state: { state: "replaced" },
    });
    expect(await acceptQuote(db, second, homeowner(), new Set(), context, changedAt)).toMatchObject({ accepted: true });
    expect(
      (await db.selectFrom("quote_versions").select(["version", "status"]).orderBy("version").execute()).map(
        (r) => r.status,
      ),
    ).toEqual(["replaced", "accepted"]);
    // Made-up and malformed links show nothing.
    expect(await quoteLink(db, "x".repeat(43))).toEqual({ state: "gone", status: 404 });
    expect(await quoteLink(db, "../../etc")).toEqual({ state: "gone", status: 404 });
  });

  it("reminds once after three business days unless switched off", async () => {
    await enterContractFacts(db);
    const remindedLead = await insertLead(db, { email: "one@example.com" });
    const quietLead = await insertLead(db, { email: "two@example.com" });
    // Sent Friday 5 March 2027: Monday 8, Tuesday 9, Wednesday 10; due from Thursday 11.
    const sentAt = instantOf(2027, 3, 5, 10);
    await sendQuote(db, remindedLead, deckQuote(sentAt), OWNER, context, sentAt);
    await sendQuote(db, quietLead, deckQuote(sentAt), OWNER, context, sentAt);
    expect(await setReminder(db, quietLead, false, sentAt)).toBe(true);
    expect(await sendQuoteReminders(db, context, new Set(), instantOf(2027, 3, 10, 23))).toBe(0);
    const due = instantOf(2027, 3, 11, 9);
    const [first, second] = await Promise.all([
      sendQuoteReminders(db, context, new Set(), due),
      sendQuoteReminders(db, context, new Set(), due),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await sendQuoteReminders(db, context, new Set(), instantOf(2027, 3, 12, 9))).toBe(0);
    const reminders = await db
      .selectFrom("outbox")
      .select(["recipient", "payload"])
      .where("kind", "=", "quote-reminder")
      .execute();
    expect(reminders.map((r) => r.recipient)).toEqual(["one@example.com"]);
    expect(parseMailPayload(reminders[0]?.payload ?? "{}").documents?.map((d) => d.fileName)).toEqual(["quote-v1.pdf"]);
  });

  it("a sent quote keeps the terms it was sent with: a new warranty, deposit and certificate change neither its page nor its PDFs", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db, { name: "Dana Visitor", email: "dana@example.com" });
    // A minute ago, so the quote sent at the end is the latest (mail queued in the future would wait).
    const sentAt = new Date(Date.now() - 60_000);
    expect(await sendQuote(db, leadId, deckQuote(sentAt), OWNER, context, sentAt)).toEqual({ ok: true, version: 1 });
    const token = await latestToken(db);
    const before = await quoteLink(db, token);
    if (before.state !== "open") throw new Error(`the link is ${before.state}`);

    // Everything on the Site page changes, the certificate with it.
    const changed = {
      insurerName: "Other Mutual",
      insurerPhone: "(609) 555-0111",
      consumerAffairsPhone: "(973) 555-0112",
      warranty: "No warranty of any kind.",
      payment: { depositPercent: 90, milestones: [] },
    };
    await saveContractFacts(db, changed, await cleanCertificate("renewed.pdf", await renewedCertificatePdf()), {
      email: OWNER.email,
      client: null,
    });

    const after = await quoteLink(db, token);
    if (after.state !== "open") throw new Error(`the link is ${after.state}`);
    expect(after.view.document).toEqual(before.view.document);
    const page = JSON.stringify(after.view.document);
    expect(page).toContain(FACTS.warranty);
    expect(page).toContain("30% of the total as a deposit");
    expect(page).not.toContain("No warranty of any kind");
    expect(page).not.toContain("Other Mutual");

    expect(await acceptQuote(db, token, homeowner(), new Set(), context, sentAt)).toMatchObject({ accepted: true });
    const row = await db.selectFrom("quote_versions").selectAll().executeTakeFirstOrThrow();
    for (const id of [row.document_id, row.accepted_document_id, row.signed_document_id]) {
      const text = await pdfText(await storedBytes(db, id));
      expect(text).toContain("We guarantee our workmanship for two years");
      expect(text).toContain("30% of the total as a deposit");
      expect(text).toContain("CERTIFICATE OF LIABILITY INSURANCE (test)");
      expect(text).not.toContain("No warranty");
      expect(text).not.toContain("RENEWED");
    }
    // Made again from the version alone, after every fact and the certificate changed: the same bytes.
    expect(sha256(await remadeAcceptedPdf(db, leadId))).toBe(row.accepted_sha256);
    // A quote sent now carries the new terms.
    const next = await insertLead(db, { email: "next@example.com" });
    const later = new Date();
    await sendQuote(db, next, deckQuote(later), OWNER, context, later);
    const nextLink = await quoteLink(db, await latestToken(db));
    expect(nextLink.state === "open" && JSON.stringify(nextLink.view.document)).toContain("No warranty of any kind");
  });

  it("the acceptance record names the SHA-256 of the accepted PDF attached to the homeowner's email, and says what it covers", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db, { name: "Dana Visitor", email: "dana@example.com" });
    const now = new Date();
    await sendQuote(db, leadId, deckQuote(now), OWNER, context, now);
    const token = await latestToken(db);
    expect(await acceptQuote(db, token, { ...homeowner(), chosen: [2] }, new Set(), context, now)).toMatchObject({
      accepted: true,
    });
    const mails = await harness().smtp.waitFor(3);
    const toHomeowner = mails.find(
      (m) => m.rcptTo.includes("dana@example.com") && /signed contract/.test(m.mail.subject ?? ""),
    );
    const attachment = (name: string) => {
      const found = toHomeowner?.mail.attachments.find((a) => a.filename === name);
      if (!found) throw new Error(`no ${name} attached`);
      return new Uint8Array(found.content);
    };
    const accepted = attachment("quote-v1-accepted.pdf");
    const signed = attachment("quote-v1-signed.pdf");
    const pages = await pdfPages(signed);
    const record = pages.at(-1) ?? "";
    expect(record).toContain("Acceptance record");
    expect(record).toContain(
      `SHA-256 of quote-v1-accepted.pdf, the accepted contract attached to the email confirming this acceptance (every byte of that file, the certificate's pages included): ${sha256(accepted)}`,
    );
    // The accepted file holds the quote and the certificate, and no acceptance record.
    const acceptedPages = await pdfPages(accepted);
    expect(acceptedPages.at(-1)).toBe("CERTIFICATE OF LIABILITY INSURANCE (test)");
    expect(acceptedPages.length).toBe(pages.length - 1);
    const row = await db.selectFrom("quote_versions").select("accepted_sha256").executeTakeFirstOrThrow();
    expect(row.accepted_sha256).toBe(sha256(accepted));
  });

  it("a certificate's scripts, actions and attachments reach no contract, whether stored before cleaning or uploaded", async () => {
    // Stored as an older release stored it: the file as uploaded.
    const raw = await storeDocument(db, {
      fileName: "active.pdf",
      contentType: "application/pdf",
      data: await activeCertificatePdf(),
    });
    await saveContractFacts(db, FACTS, undefined, { email: OWNER.email, client: null });
    await db.updateTable("contract_facts").set({ certificate_document_id: raw.id }).execute();
    const first = await insertLead(db, { email: "first@example.com" });
    // A minute ago, so the second quote's email is the latest.
    const now = new Date(Date.now() - 60_000);
    await sendQuote(db, first, deckQuote(now), OWNER, context, now);
    expect(await acceptQuote(db, await latestToken(db), homeowner(), new Set(), context, now)).toMatchObject({
      accepted: true,
    });

    // Uploaded now: cleaned before it is stored.
    const uploaded = await cleanCertificate("active.pdf", await activeCertificatePdf());
    if (!uploaded) throw new Error("the certificate was refused");
    expect(await activeContentOf(uploaded.data)).toEqual([]);
    await saveContractFacts(db, FACTS, uploaded, { email: OWNER.email, client: null });
    const second = await insertLead(db, { email: "second@example.com" });
    const later = new Date();
    await sendQuote(db, second, deckQuote(later), OWNER, context, later);
    expect(await acceptQuote(db, await latestToken(db), homeowner(), new Set(), context, later)).toMatchObject({
      accepted: true,
    });

    const rows = await db.selectFrom("quote_versions").selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows)
      for (const id of [row.document_id, row.accepted_document_id, row.signed_document_id]) {
        const pdf = await storedBytes(db, id);
        expect(await activeContentOf(pdf)).toEqual([]);
        expect(await pdfText(pdf)).toContain("CERTIFICATE OF LIABILITY INSURANCE (with actions)");
      }
  });

  it("a newer version sent while the homeowner accepts the older one: exactly one of them stands, and the lead agrees", async () => {
    await enterContractFacts(db);
    for (let round = 0; round < 4; round++) {
      const leadId = await insertLead(db, { email: `race${round}@example.com` });
      const sentAt = new Date();
      await sendQuote(db, leadId, deckQuote(sentAt), OWNER, context, sentAt);
      const first = await latestToken(db);
      const changed = { ...deckQuote(sentAt), work: `Round ${round}: rebuild the stairs and add a landing.` };
      const [sent, accepted] = await Promise.all([
        sendQuote(db, leadId, changed, OWNER, context, new Date()),
        acceptQuote(db, first, homeowner(), new Set(), context, new Date()),
      ]);
      const versions = await db
        .selectFrom("quote_versions")
        .select(["version", "status"])
        .where("lead_id", "=", leadId)
        .orderBy("version")
        .execute();
      const status = (await leadStatus(db, leadId)).status;
      if (accepted.accepted) {
        // The acceptance came first: the new version was refused, the contract stands.
        expect(sent).toMatchObject({ ok: false, status: 409 });
        expect(versions.map((v) => v.status)).toEqual(["accepted"]);
        expect(status).toBe("won");
      } else {
        expect(sent).toEqual({ ok: true, version: 2 });
        expect(accepted.state.state).toBe("replaced");
        expect(versions.map((v) => v.status)).toEqual(["replaced", "sent"]);
        expect(status).toBe("quoted");
      }
    }
  });

  it("refuses a typed signature holding a hidden character, naming it, and stores nothing", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db);
    const now = new Date();
    await sendQuote(db, leadId, deckQuote(now), OWNER, context, now);
    const token = await latestToken(db);
    for (const name of ["Dana \u202eVisitor", "Dana\u200fVisitor", "Dana \u200bVisitor", "Dana \u{E0041}Visitor"]) {
      const outcome = await acceptQuote(db, token, homeowner(name), new Set(), context, now);
      expect(outcome).toMatchObject({ accepted: false, state: { state: "open" } });
      expect(!outcome.accepted && outcome.error).toMatch(/^The name you typed holds .* \(U\+[0-9A-F]{4,5}\)/);
    }
    expect(await db.selectFrom("quote_versions").select(["status", "accepted_name"]).executeTakeFirstOrThrow()).toEqual(
      {
        status: "sent",
        accepted_name: null,
      },
    );
    expect(await db.selectFrom("stored_documents").select("file_name").where("lead_id", "=", leadId).execute()).toEqual(
      [{ file_name: "quote-v1.pdf" }],
    );
  });

  it("lists each version's documents for the desk, and hands over only the lead's own", async () => {
    await enterContractFacts(db);
    const leadId = await insertLead(db, { email: "first@example.com" });
    const other = await insertLead(db, { email: "other@example.com" });
    const sentAt = instantOf(2027, 3, 1, 10);
    await sendQuote(db, leadId, deckQuote(sentAt), OWNER, context, sentAt);
    const token = await latestToken(db);
    await acceptQuote(db, token, homeowner(), new Set(), context, instantOf(2027, 3, 2, 10));
    expect(await cancelQuoteContract(db, token, context, instantOf(2027, 3, 3, 10))).toMatchObject({ cancelled: true });
    await sendQuote(db, other, deckQuote(sentAt), OWNER, context, sentAt);

    const [version] = await versionsOfLead(db, leadId);
    expect(version?.documents.map((d) => [d.kind, d.fileName])).toEqual([
      ["sent", "quote-v1.pdf"],
      ["accepted", "quote-v1-accepted.pdf"],
      ["signed", "quote-v1-signed.pdf"],
      ["cancellation", "quote-v1-cancellation.pdf"],
    ]);
    const cancellation = version?.documents.find((d) => d.kind === "cancellation");
    const file = await leadContractDocument(db, leadId, cancellation?.id ?? "");
    const text = await pdfText(new Uint8Array(file?.data ?? []));
    expect(text).toContain("Contract cancelled by the homeowner");
    expect(text).toContain("The contract is void.");
    // Each side's cancellation email carries it.
    const cancelMails = await db.selectFrom("outbox").select("payload").where("kind", "=", "quote-cancelled").execute();
    expect(cancelMails).toHaveLength(2);
    for (const mail of cancelMails)
      expect(parseMailPayload(mail.payload).documents?.map((d) => d.fileName)).toEqual(["quote-v1-cancellation.pdf"]);
    // Another lead's document is not this lead's to hand over.
    const [otherVersion] = await versionsOfLead(db, other);
    expect(await leadContractDocument(db, leadId, otherVersion?.documents[0]?.id ?? "")).toBeUndefined();
    expect(await leadContractDocument(db, other, cancellation?.id ?? "")).toBeUndefined();
  });
});
