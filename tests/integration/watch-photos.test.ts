/**
 * Home watch photos on SQLite and PostgreSQL: a camera's photo of an Issue is stored without its
 * EXIF and GPS position and dated by the camera's clock, a clock that cannot be right falls back to
 * the photo's arrival, a retried upload stores one photo, and only a signed-in owner adds one, to a
 * started visit's item, up to the limit. The homeowner's report shows the Issue's photo beside the
 * item's baseline, behind the plan's link alone.
 */
import type { Kysely } from "kysely";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { toDate } from "~/infra/schema.server";
import { action as baselineAction } from "~/routes/owner.watch-baseline";
import { action as visitAction } from "~/routes/owner.watch-visit";
import { loader as ownerPhotoLoader } from "~/routes/owner.watch-photo";
import { loader as homeownerPhotoLoader } from "~/routes/watch-photo";
import { wallClock } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { quoteRepair } from "~/watch/repair-leads.server";
import { watchReport } from "~/watch/visit-report.server";
import { takeWatchPhoto } from "~/watch/watch-photos.server";
import { MAX_ITEM_PHOTOS } from "~/watch/watch-rules";
import { recordEntry } from "~/watch/watch-visits.server";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { cameraJpeg, smallJpeg } from "../support/images";
import { signedInOwner } from "../support/owner";
import { argsFor, ORIGIN, photoForm, runRoute } from "../support/requests";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { acceptedPlan, WATCH_OWNER } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

/** The camera's clock as a phone without an offset writes it: New Jersey's wall clock. */
function cameraClock(at: Date): string {
  const c = wallClock(at);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(c.year, 4)}:${p(c.month)}:${p(c.day)} ${p(c.hour)}:${p(c.minute)}:${p(c.second)}`;
}

describe.each(backends)("home watch photos on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  let db: Kysely<Database>;
  let cookie: string;
  beforeEach(async () => {
    db = await harness().db();
    ({ cookie } = await signedInOwner(db, ORIGIN, { email: WATCH_OWNER.email }));
  });

  /** The plan's first visit, started 40 minutes ago, with its water heater marked an Issue. */
  async function visitWithIssue() {
    const { planId, token } = await acceptedPlan(db, context);
    const visit = await db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", planId)
      .orderBy("day")
      .executeTakeFirstOrThrow();
    const plan = await db.selectFrom("watch_plans").select("checklist").executeTakeFirstOrThrow();
    const [heater, thermostat] = parseChecklist(plan.checklist);
    if (!heater || !thermostat) throw new Error("two items expected");
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    await recordEntry(db, visit.id, { kind: "start", at: ago(40) }, WATCH_OWNER, context);
    await recordEntry(
      db,
      visit.id,
      { kind: "result", at: ago(30), itemId: heater.id, result: "issue", note: "Drip at the valve", nextStep: "" },
      WATCH_OWNER,
      context,
    );
    return { planId, token, visitId: visit.id, heater, thermostat };
  }

  /** The photo as the visit screen's script posts it, and the JSON it is answered with. */
  async function postPhoto(visitId: string, data: Buffer, fields: Record<string, string>, withCookie = true) {
    const request = new Request(`${ORIGIN}/owner/watch/visits/${visitId}/photos`, {
      method: "POST",
      body: photoForm({ upload_key: crypto.randomUUID(), ...fields }, { name: "photo.jpg", data }),
      headers: { ...(withCookie ? { cookie } : {}), Origin: ORIGIN, Accept: "application/json" },
    });
    const answer = await runRoute(() => visitAction(argsFor<typeof visitAction>(request, { id: visitId })));
    return answer;
  }

  const photoRows = (visitId: string) =>
    db.selectFrom("watch_photos").selectAll().where("visit_id", "=", visitId).orderBy("created_at").execute();

  it("stores a camera's photo of an Issue without EXIF or GPS, dated by the camera's clock, once per upload key", async () => {
    const { visitId, heater } = await visitWithIssue();
    const taken = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
    const original = await cameraJpeg(cameraClock(taken));
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const fields = { item: heater.id, upload_key: crypto.randomUUID() };
    expect((await postPhoto(visitId, original, fields)).status).toBe(200);
    // The phone never heard the answer and sends the same photo again: one is kept.
    expect((await postPhoto(visitId, original, fields)).status).toBe(200);

    const rows = await photoRows(visitId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (!row) throw new Error("no photo");
    expect(row.taken_from).toBe("camera");
    expect(toDate(row.taken_at).getTime()).toBe(taken.getTime());
    for (const stored of [row.large, row.small]) {
      const meta = await sharp(Buffer.from(stored)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Buffer.from(stored).includes("TestPhone")).toBe(false);
    }

    const ownerFile = (withCookie: boolean) =>
      runRoute(() =>
        ownerPhotoLoader(
          argsFor<typeof ownerPhotoLoader>(
            new Request(`${ORIGIN}/owner/watch/photos/${row.id}-large`, { headers: withCookie ? { cookie } : {} }),
            { file: `${row.id}-large` },
          ),
        ),
      );
    expect((await ownerFile(true)).headers?.get("content-type")).toBe("image/jpeg");
    expect((await ownerFile(false)).status).toBe(401);
  });

  it("dates a photo by its arrival when the camera's clock is later than that or long before the visit", async () => {
    const { visitId, heater } = await visitWithIssue();
    const before = Date.now();
    for (const wrong of [new Date(before - 365 * 86_400_000), new Date(before + 2 * 3_600_000)])
      expect((await postPhoto(visitId, await cameraJpeg(cameraClock(wrong)), { item: heater.id })).status).toBe(200);
    const rows = await photoRows(visitId);
    expect(rows.map((r) => r.taken_from)).toEqual(["arrival", "arrival"]);
    for (const r of rows) expect(Math.abs(toDate(r.taken_at).getTime() - before)).toBeLessThan(60_000);
  });

  it("takes photos only from a signed-in owner, for a started visit's item, up to the item's limit", async () => {
    const { planId, visitId, heater, thermostat } = await visitWithIssue();
    const jpeg = await smallJpeg();
    expect((await postPhoto(visitId, jpeg, { item: heater.id }, false)).status).toBe(401);
    expect((await postPhoto(visitId, jpeg, { item: "not-an-item" })).status).toBe(400);
    const later = await db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", planId)
      .where("status", "=", "scheduled")
      .executeTakeFirstOrThrow();
    expect((await postPhoto(later.id, jpeg, { item: heater.id })).status).toBe(409);
    for (let n = 0; n < MAX_ITEM_PHOTOS; n++)
      expect((await postPhoto(visitId, jpeg, { item: heater.id })).status).toBe(200);
    const refused = await postPhoto(visitId, jpeg, { item: heater.id });
    expect(refused.status).toBe(409);
    // Another item still takes its own.
    expect((await postPhoto(visitId, jpeg, { item: thermostat.id })).status).toBe(200);
    expect(await photoRows(visitId)).toHaveLength(MAX_ITEM_PHOTOS + 1);
  });

  it("shows a finished visit's photo behind the plan's link, and nothing to any other link", async () => {
    const { token, visitId, heater } = await visitWithIssue();
    expect((await postPhoto(visitId, await smallJpeg(), { item: heater.id })).status).toBe(200);
    const [row] = await photoRows(visitId);
    if (!row) throw new Error("no photo");
    const file = (t: string, name: string) =>
      runRoute(() =>
        homeownerPhotoLoader(
          argsFor<typeof homeownerPhotoLoader>(new Request(`${ORIGIN}/watch/${t}/photos/${name}`), {
            token: t,
            file: name,
          }),
        ),
      );
    // Not before the report is sent.
    expect((await file(token, `${row.id}-small.webp`)).status).toBe(404);
    await db.updateTable("watch_visits").set({ status: "finished" }).where("id", "=", visitId).execute();
    const shown = await file(token, `${row.id}-small.webp`);
    expect([shown.status, shown.headers?.get("content-type")]).toEqual([200, "image/webp"]);
    expect((await file("A".repeat(43), `${row.id}-small.webp`)).status).toBe(404);
    expect((await file(token, `${row.id}-small.png`)).status).toBe(404);
    expect((await file(token, `../${row.id}-large`)).status).toBe(404);
  });

  it("shows an Issue's photo beside the item's baseline on the report, each with its time and the item's name", async () => {
    const { planId, token, visitId, heater, thermostat } = await visitWithIssue();
    // The baseline, taken when the plan began: the camera's clock of last summer is kept.
    const file = path.join(os.tmpdir(), `baseline-${crypto.randomUUID()}.jpg`);
    await fs.writeFile(file, await cameraJpeg("2026:07:04 09:00:00", "-04:00"));
    const baseline = await takeWatchPhoto(
      db,
      WATCH_OWNER,
      { planId },
      {
        file: { field: "photo", fileName: "heater.jpg", declaredType: "image/jpeg", path: file, size: 1 },
        itemId: heater.id,
        uploadKey: crypto.randomUUID(),
      },
    );
    await fs.rm(file, { force: true });
    expect(baseline.ok).toBe(true);
    const taken = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000);
    expect((await postPhoto(visitId, await cameraJpeg(cameraClock(taken)), { item: heater.id })).status).toBe(200);
    const plan = await db.selectFrom("watch_plans").select("checklist").executeTakeFirstOrThrow();
    for (const item of parseChecklist(plan.checklist).filter((i) => i.id !== heater.id))
      await recordEntry(
        db,
        visitId,
        { kind: "result", at: new Date().toISOString(), itemId: item.id, result: "ok", note: "", nextStep: "" },
        WATCH_OWNER,
        context,
      );
    await recordEntry(
      db,
      visitId,
      {
        kind: "result",
        at: new Date().toISOString(),
        itemId: heater.id,
        result: "issue",
        note: "Drip at the valve",
        nextStep: "quote-repair",
      },
      WATCH_OWNER,
      context,
    );
    expect(
      await recordEntry(db, visitId, { kind: "finish", at: new Date().toISOString() }, WATCH_OWNER, context),
    ).toEqual({ ok: true });

    const report = await watchReport(db, token, visitId);
    if (report.state !== "report") throw new Error("no report");
    const issue = report.lines.find((l) => l.issue);
    expect(issue?.baseline.map((p) => [p.alt, p.caption])).toEqual([
      ["Water heater, baseline", expect.stringMatching(/^Taken .*9:00/)],
    ]);
    expect(issue?.photos.map((p) => [p.alt, p.caption])).toEqual([
      ["Water heater, this visit", expect.stringMatching(/^Taken \d{1,2}:\d{2} [AP]M$/)],
    ]);
    expect(issue?.photos[0]?.src).toMatch(new RegExp(`^/watch/${token}/photos/`));
    // An item without an Issue shows no baseline.
    expect(report.lines.find((l) => l.label === thermostat.label)?.baseline).toEqual([]);

    // 'Quote this repair' gives the new lead the Issue's photo (not the baseline) as its own.
    const repair = await quoteRepair(db, visitId, heater.id, WATCH_OWNER);
    if (!repair.ok) throw new Error("no lead opened");
    const leadPhotos = await db
      .selectFrom("lead_photos")
      .select(["file_name", "content_type", "data"])
      .where("lead_id", "=", repair.leadId)
      .execute();
    expect(leadPhotos.map((p) => [p.file_name, p.content_type])).toEqual([["water-heater-1.jpg", "image/jpeg"]]);
    expect((await sharp(Buffer.from(leadPhotos[0]?.data ?? Buffer.alloc(0))).metadata()).exif).toBeUndefined();
  });

  it("takes a baseline from the plan's plain form without JavaScript, and goes back to the page", async () => {
    const { planId, heater } = await visitWithIssue();
    const request = new Request(`${ORIGIN}/owner/watch/${planId}/baseline`, {
      method: "POST",
      body: photoForm(
        { item: heater.id, upload_key: "plain-form-key" },
        { name: "heater.jpg", data: await smallJpeg() },
      ),
      headers: { cookie, Origin: ORIGIN },
    });
    const answer = await runRoute(() => baselineAction(argsFor<typeof baselineAction>(request, { id: planId })));
    expect([answer.status, answer.headers?.get("location")]).toEqual([303, `/owner/watch/${planId}/baseline`]);
    const rows = await db.selectFrom("watch_photos").select(["visit_id", "item_id"]).execute();
    expect(rows).toEqual([{ visit_id: null, item_id: heater.id }]);
  });
});
