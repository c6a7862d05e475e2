/**
 * The owner's name on home watch reports, on SQLite and PostgreSQL: a report says who checked as
 * the owner named themselves when the visit started (with the business's name), keeps it when the
 * owner later renames, and names the business alone for an owner who gave no name.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { addOwner, findOwnerByEmail, setOwnerName } from "~/owner/owners.server";
import { parseChecklist } from "~/watch/checklist";
import { watchReport } from "~/watch/visit-report.server";
import { recordEntry } from "~/watch/watch-visits.server";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { acceptedPlan, WATCH_OWNER } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

describe.each(backends)("owners' names on reports on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  async function doVisit(planId: string, visitId: string, actor: { email: string; client: null }) {
    const { checklist } = await db
      .selectFrom("watch_plans")
      .select("checklist")
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    const now = new Date();
    const at = now.toISOString();
    await recordEntry(db, visitId, { kind: "start", at }, actor, context, now);
    for (const item of parseChecklist(checklist))
      await recordEntry(
        db,
        visitId,
        { kind: "result", at, itemId: item.id, result: "ok", note: "", nextStep: "" },
        actor,
        context,
        now,
      );
    expect(await recordEntry(db, visitId, { kind: "finish", at }, actor, context, now)).toMatchObject({ ok: true });
  }

  it("say who checked as named when the visit started, or the business alone", async () => {
    await addOwner(db, WATCH_OWNER.email);
    const owner = await findOwnerByEmail(db, WATCH_OWNER.email);
    if (!owner) throw new Error("no owner");
    await setOwnerName(db, owner.id, "Pat Rivera");
    const plan = await acceptedPlan(db, context);
    const [first, second] = await db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", plan.planId)
      .orderBy("day")
      .execute();
    if (!first || !second) throw new Error("two visits expected");
    await doVisit(plan.planId, first.id, WATCH_OWNER);
    // Renamed afterwards: the report already made keeps the name it was made with.
    await setOwnerName(db, owner.id, "Patricia Rivera");
    const report = await watchReport(db, plan.token, first.id);
    expect(report.state === "report" && report.checkedBy).toBe("Pat Rivera, Causeway Home Repair & Renovation");

    // An owner who gave no name: the business alone, never their address.
    await addOwner(db, "sam@causeway.test");
    await doVisit(plan.planId, second.id, { email: "sam@causeway.test", client: null });
    const unnamed = await watchReport(db, plan.token, second.id);
    expect(unnamed.state === "report" && unnamed.checkedBy).toBe("Causeway Home Repair & Renovation");
  });
});
