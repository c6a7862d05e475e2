/**
 * Reviews on SQLite and PostgreSQL: the request goes once per lead (however many taps, instances
 * or automatic runs race for it), its link works once and for 60 days, every review is published
 * whatever its rating with the figures counted from the published ones, hiding takes one of the
 * public reasons and is counted and audited, and the one-click unsubscribe stops every request to
 * that address. What the built server and the browser make of it is tried in
 * tests/system/reviews.test.ts and tests/e2e/reviews.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { parseMailPayload } from "~/infra/outbox.server";
import { setLeadStatus } from "~/leads/record/changes.server";
import { setLeadService } from "~/leads/record/service.server";
import { loadSnapshot } from "~/live/snapshot.server";
import { readLiveVersion } from "~/live/version.server";
import {
  askForReview,
  automaticRequestsOn,
  reviewLink,
  sendDueReviewRequests,
  setAutomaticRequests,
  unsubscribeFromReviews,
} from "~/reviews/review-requests.server";
import { reviewSource } from "~/reviews/review-source.server";
import { reviewFigures, type PublicReviews } from "~/reviews/review-summary";
import { hideReview, replyToReview, showReview, submitReview } from "~/reviews/reviews.server";
import { action as reviewAction } from "~/routes/review";
import { backends, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { askedLead, publishedReview, REVIEW_SITE_URL, reviewTokenOf, sampleReview } from "../support/reviews";
import { ORIGIN, routeArgs } from "../support/requests";

const actor = { email: "pat@causeway.test", client: "203.0.113.9" };
const DAY = 86_400_000;

describe.each(backends)("reviews on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  async function published(): Promise<PublicReviews> {
    const db = await harness().db();
    const snapshot = await loadSnapshot(db, [reviewSource], new Date());
    return snapshot.values.get("reviews") as PublicReviews;
  }

  const requestMails = async () =>
    (await harness().db())
      .selectFrom("outbox")
      .select(["recipient", "payload", "lead_id"])
      .where("kind", "=", "review-request")
      .execute();

  it("publishes a 1-star review at once, with the count and the average counted from what is published", async () => {
    const db = await harness().db();
    await publishedReview(db, { rating: "5" });
    await publishedReview(db, { rating: "4" });
    expect(reviewFigures((await published()).reviews)).toMatchObject({ count: 2, average: "4.5" });
    const before = await readLiveVersion(db);
    const { token } = await askedLead(db, { email: "unhappy@example.com" });
    const outcome = await submitReview(
      db,
      token,
      sampleReview({ rating: "1", body: "Nobody came back to fix the leak." }),
    );
    expect(outcome.ok).toBe(true);
    // The publish moved the version every instance polls: no approval stands in between.
    expect(await readLiveVersion(db)).toBe(before + 1);
    const after = await published();
    expect(after.reviews[0]).toMatchObject({ rating: 1, body: "Nobody came back to fix the leak." });
    const figures = reviewFigures(after.reviews);
    expect(figures).toMatchObject({ count: 3, average: "3.3" });
    expect(figures.byStars.map((s) => s.count)).toEqual([1, 1, 0, 0, 1]);
  });

  it("refuses a used link, an expired link and an unknown one, storing nothing", async () => {
    const db = await harness().db();
    const { token } = await askedLead(db);
    expect(await submitReview(db, token, sampleReview())).toMatchObject({ ok: true });
    expect(await submitReview(db, token, sampleReview({ body: "A second review from the same link." }))).toEqual({
      ok: false,
      kind: "gone",
      status: 410,
    });
    expect(await reviewLink(db, token)).toEqual({ state: "gone", status: 410 });

    const old = await askedLead(db, { email: "old@example.com" });
    const past60Days = new Date(Date.now() + 60 * DAY + 1_000);
    expect(await reviewLink(db, old.token, past60Days)).toEqual({ state: "gone", status: 410 });
    expect(await submitReview(db, old.token, sampleReview(), past60Days)).toMatchObject({ ok: false, status: 410 });
    // The day before it runs out, it still works.
    expect((await reviewLink(db, old.token, new Date(Date.now() + 59 * DAY))).state).toBe("ready");

    expect(await submitReview(db, "x".repeat(43), sampleReview())).toMatchObject({ ok: false, status: 404 });
    expect(await submitReview(db, "../../etc", sampleReview())).toMatchObject({ ok: false, status: 404 });
    expect((await published()).reviews).toHaveLength(1);
  });

  it("keeps markup as the text it is, and refuses control and bidi characters without spending the link", async () => {
    const db = await harness().db();
    const { token } = await askedLead(db);
    const bidi = await submitReview(db, token, sampleReview({ name: "Dana \u202Eevil" }));
    expect(bidi).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { name: expect.stringMatching(/direction mark \(U\+202E\)/) },
    });
    const control = await submitReview(db, token, sampleReview({ body: "Great work on the deck\u0007 and stairs." }));
    expect(control).toMatchObject({ ok: false, kind: "invalid", errors: { body: expect.stringMatching(/control/) } });
    expect(await submitReview(db, token, sampleReview({ body: "Too short" }))).toMatchObject({ kind: "invalid" });
    expect(await submitReview(db, token, sampleReview({ body: "x".repeat(2_001) }))).toMatchObject({ kind: "invalid" });
    expect(await submitReview(db, token, sampleReview({ rating: "6" }))).toMatchObject({ kind: "invalid" });
    const body = 'Good job <img src=x onerror="alert(1)"> on the deck stairs.';
    expect(await submitReview(db, token, sampleReview({ body }))).toMatchObject({ ok: true });
    expect((await published()).reviews[0]?.body).toBe(body);
  });

  it("refuses a phone number between right-to-left marks, which would show reversed, at the review's field", async () => {
    const db = await harness().db();
    const { token } = await askedLead(db);
    const before = await readLiveVersion(db);
    const rlm = "\u200f";
    const body = `They fixed the stairs. Call them at ${rlm}609-555-0142${rlm}, they answer the same day.`;
    const form = new URLSearchParams({ ...sampleReview({ body }) });
    const answer = await reviewAction({
      ...routeArgs(new Request(`${ORIGIN}/review/${token}`, { method: "POST", body: form })),
      params: { token },
    } as unknown as Parameters<typeof reviewAction>[0]);
    expect(answer).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 400 },
      data: {
        state: "ready",
        errors: {
          body: "Your review holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
        },
      },
    });
    // Nothing published, nothing stored, and the link still works for the review typed again.
    expect((await published()).reviews).toEqual([]);
    expect(await db.selectFrom("reviews").select("id").execute()).toEqual([]);
    expect(await readLiveVersion(db)).toBe(before);
    expect((await reviewLink(db, token)).state).toBe("ready");
    expect(await submitReview(db, token, sampleReview({ body: body.replaceAll(rlm, "") }))).toMatchObject({
      ok: true,
    });
  });

  it("stores one review when the same link is sent many times at once", async () => {
    const db = await harness().db();
    const { token } = await askedLead(db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        submitReview(db, token, sampleReview({ body: `Parallel copy number ${n} of it.` })),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.kind === "gone")).toBe(true);
    expect(await db.selectFrom("reviews").select("id").execute()).toHaveLength(1);
  });

  it("hides a review only with one of the public reasons, counts it as hidden and audits it", async () => {
    const db = await harness().db();
    const { id } = await publishedReview(db, { rating: "2" });
    await publishedReview(db, { rating: "5" });
    for (const reason of [undefined, "", "dislike", "negative"]) {
      const refused = await hideReview(db, id, reason, actor);
      expect(refused).toMatchObject({ ok: false, status: 400 });
    }
    expect((await published()).hidden).toEqual([]);
    expect(await hideReview(db, id, "offensive", actor)).toMatchObject({ ok: true });
    expect(await hideReview(db, id, "duplicate", actor)).toMatchObject({ ok: false, status: 404 });
    const after = await published();
    expect(after.reviews.map((r) => r.rating)).toEqual([5]);
    expect(after.hidden).toEqual([{ reason: "offensive", count: 1 }]);
    expect(reviewFigures(after.reviews)).toMatchObject({ count: 1, average: "5.0" });
    const audit = await db.selectFrom("owner_audit").select(["action", "actor", "detail"]).execute();
    expect(audit).toContainEqual({ action: "review-hidden", actor: actor.email, detail: `${id} offensive` });

    expect(await showReview(db, id, actor)).toMatchObject({ ok: true });
    expect((await published()).hidden).toEqual([]);
    expect((await db.selectFrom("owner_audit").select("action").execute()).map((a) => a.action)).toContain(
      "review-shown",
    );
  });

  it("publishes one reply per review, the last written, and the service the owner set", async () => {
    const db = await harness().db();
    const { id, leadId } = await publishedReview(db);
    expect(await replyToReview(db, id, "   ", actor)).toMatchObject({ ok: false, status: 400 });
    expect(await replyToReview(db, id, "Thank you, Dana.", actor)).toMatchObject({ ok: true });
    expect(await replyToReview(db, id, "Thank you, Dana. We are sorry about the delay.", actor)).toMatchObject({
      ok: true,
    });
    expect(await setLeadService(db, leadId, "decks-and-stairs", actor)).toEqual({ ok: true });
    expect(await setLeadService(db, leadId, "roofing", actor)).toMatchObject({ ok: false, status: 400 });
    const [review] = (await published()).reviews;
    expect(review?.reply?.body).toBe("Thank you, Dana. We are sorry about the delay.");
    expect(review?.service).toBe("decks-and-stairs");
  });

  it("emails the request once per lead, however many times it is asked at once, with the unsubscribe header", async () => {
    const db = await harness().db();
    const leadId = await insertLead(db, { status: "won", name: "Dana Visitor", email: "Dana@Example.com" });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => askForReview(db, leadId, actor, REVIEW_SITE_URL)),
    );
    expect(outcomes.filter((o) => o.asked)).toHaveLength(1);
    expect(await askForReview(db, leadId, actor, REVIEW_SITE_URL)).toMatchObject({
      asked: false,
      reason: "already-asked",
    });
    const mails = await requestMails();
    expect(mails).toHaveLength(1);
    const payload = parseMailPayload(mails[0]?.payload ?? "{}");
    expect(mails[0]?.recipient).toContain("dana@example.com");
    expect(payload.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const token = await reviewTokenOf(db, leadId);
    expect(payload.headers?.["List-Unsubscribe"]).toBe(`<${REVIEW_SITE_URL}/review/${token}>`);
    expect(payload.text).toContain(`${REVIEW_SITE_URL}/review/${token}?unsubscribe`);
    // The same words for everyone, and nothing offered for the review.
    expect(payload.text).toMatch(/whatever the rating/);
    expect(payload.text).toMatch(/offer nothing in return/);
    expect(payload.text).not.toMatch(/discount|coupon|gift|\$\d/i);
    // Only the hash is stored.
    const stored = await db.selectFrom("review_requests").select("token_hash").executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const notWon = await insertLead(db, { status: "quoted", email: "q@example.com" });
    expect(await askForReview(db, notWon, actor, REVIEW_SITE_URL)).toMatchObject({ reason: "not-won" });
  });

  it("asks by itself 3 days after Won only when switched on, and never twice", async () => {
    const db = await harness().db();
    await setAutomaticRequests(db, false, actor);
    const now = new Date();
    const due = await insertLead(db, { email: "due@example.com" });
    const recent = await insertLead(db, { email: "recent@example.com" });
    const askedByHand = await insertLead(db, { email: "hand@example.com" });
    await setLeadStatus(db, due, "won", null, actor, new Date(now.getTime() - 3 * DAY - 60_000));
    await setLeadStatus(db, recent, "won", null, actor, new Date(now.getTime() - 2 * DAY));
    await setLeadStatus(db, askedByHand, "won", null, actor, new Date(now.getTime() - 4 * DAY));
    await askForReview(db, askedByHand, actor, REVIEW_SITE_URL);

    expect(await automaticRequestsOn(db)).toBe(false);
    expect(await sendDueReviewRequests(db, REVIEW_SITE_URL, now)).toBe(0);
    await setAutomaticRequests(db, true, actor);
    try {
      const runs = await Promise.all([1, 2, 3].map(() => sendDueReviewRequests(db, REVIEW_SITE_URL, now)));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sendDueReviewRequests(db, REVIEW_SITE_URL, now)).toBe(0);
      const mails = await requestMails();
      expect(mails.map((m) => m.lead_id).sort()).toEqual([askedByHand, due].sort());
      const row = await db
        .selectFrom("review_requests")
        .select("requested_by")
        .where("lead_id", "=", due)
        .executeTakeFirst();
      expect(row?.requested_by).toBe("automatic");
      // A day later the recent one is due as well.
      expect(await sendDueReviewRequests(db, REVIEW_SITE_URL, new Date(now.getTime() + DAY))).toBe(1);
    } finally {
      await setAutomaticRequests(db, false, actor);
    }
    const audit = await db.selectFrom("owner_audit").select("detail").where("action", "=", "review-auto-ask").execute();
    expect(audit.map((a) => a.detail)).toEqual(expect.arrayContaining(["on", "off"]));
  });

  it("stops the link and every later request to the address after the one-click unsubscribe", async () => {
    const db = await harness().db();
    const { token } = await askedLead(db, { email: "stop@example.com" });
    expect(await unsubscribeFromReviews(db, token)).toBe(true);
    expect(await reviewLink(db, token)).toEqual({ state: "gone", status: 410 });
    expect(await submitReview(db, token, sampleReview())).toMatchObject({ ok: false, status: 410 });
    const another = await insertLead(db, { status: "won", email: "STOP@example.com" });
    expect(await askForReview(db, another, actor, REVIEW_SITE_URL)).toMatchObject({ reason: "unsubscribed" });
    expect(await unsubscribeFromReviews(db, "not-a-token")).toBe(false);
  });
});
