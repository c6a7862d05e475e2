/**
 * 'End my plan' on the homeowner's page, on SQLite and PostgreSQL: refused without the tick, then
 * ended once however many presses arrive together: the access notes deleted, the visits ahead
 * cancelled, the homeowner and the owners each mailed once, the page still showing the plan.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { CONFIRM_END, endPlanByHomeowner } from "~/watch/end-watch-plan.server";
import { watchLink } from "~/watch/watch-link.server";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { mailText } from "../support/delivered-mail";
import { acceptedPlan } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

describe.each(backends)("a homeowner ending their plan on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("needs the tick, ends it once, deletes the codes and cancels the visits ahead", async () => {
    const { planId, leadId, token } = await acceptedPlan(db, context);
    const unticked = await endPlanByHomeowner(db, token, false, context);
    expect(unticked).toMatchObject({ ended: false, error: CONFIRM_END, state: { state: "accepted" } });

    const presses = await Promise.all(Array.from({ length: 8 }, () => endPlanByHomeowner(db, token, true, context)));
    expect(presses.filter((p) => p.ended)).toHaveLength(1);
    expect(presses.every((p) => p.state.state === "ended")).toBe(true);

    const plan = await db
      .selectFrom("watch_plans")
      .select(["status", "access_sealed", "ended_reason"])
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    expect(plan).toEqual({
      status: "ended",
      access_sealed: null,
      ended_reason: "Ended by the homeowner on the plan's page.",
    });
    const visits = await db.selectFrom("watch_visits").select("status").where("plan_id", "=", planId).execute();
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.every((v) => v.status === "cancelled")).toBe(true);

    const mails = await db
      .selectFrom("outbox")
      .select(["id", "payload", "recipient", "subject"])
      .where("kind", "=", "watch-plan-ended")
      .where("lead_id", "=", leadId)
      .execute();
    expect(mails.map((m) => m.subject).sort()).toEqual(
      ["Home watch plan ended by Robin Shore", "Your home watch plan has ended"].sort(),
    );
    const toHomeowner = mails.find((m) => m.recipient === "robin@example.com");
    expect(await mailText(toHomeowner ?? { id: "", payload: "{}" })).toMatch(/\/watch\/[\w-]{43}/);
    expect(mails.some((m) => m.recipient === LEADS_TO || m.recipient.endsWith("@causeway.test"))).toBe(true);

    // The link keeps showing the plan, ended, and ending it again changes nothing.
    const page = await watchLink(db, token);
    expect(page.state).toBe("ended");
    expect(await endPlanByHomeowner(db, token, true, context)).toMatchObject({ ended: false });
    expect(await endPlanByHomeowner(db, "not-a-token", true, context)).toMatchObject({
      ended: false,
      state: { state: "gone", status: 404 },
    });
  });
});
