/**
 * The estimate handler with idempotency keys, on SQLite and PostgreSQL: a stored key is answered
 * before any photo is looked at, copies racing in one process store one lead, and keys are
 * forgotten after a day.
 */
import { describe, expect, it } from "vitest";
import { pruneIdempotencyKeys } from "~/leads/estimate-idempotency.server";
import { action as estimateApi } from "~/routes/api.estimate";
import { backends, eventually, LEADS_TO, tableCounts, useHarness } from "../support/harness";
import { pdfBytes, smallJpeg } from "../support/images";
import { estimateForm, post, routeArgs, validFields } from "../support/requests";

async function callApi(form: FormData, key?: string) {
  const request = post("/api/estimate", form, key === undefined ? {} : { "Idempotency-Key": `"${key}"` });
  const response = await estimateApi(routeArgs(request));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(backends)("idempotency keys on %s", (backend) => {
  const harness = useHarness(backend);

  it("answers a stored key before touching the photos: a copy with a broken photo still gets success", async () => {
    const key = crypto.randomUUID();
    const photo = await smallJpeg();
    expect(await callApi(estimateForm(validFields, [{ name: "deck.jpg", data: photo }]), key)).toEqual({
      status: 200,
      body: { success: true },
    });
    // Checked first, this PDF would be refused with 415; the key's answer comes before any photo work.
    const copy = await callApi(estimateForm(validFields, [{ name: "deck.jpg", data: pdfBytes }]), key);
    expect(copy).toEqual({ status: 200, body: { success: true } });
    // Without the key the same post is refused for its photo, as always.
    expect((await callApi(estimateForm(validFields, [{ name: "deck.jpg", data: pdfBytes }]))).status).toBe(415);

    const db = await harness().db();
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("lead_photos").select("id").execute()).toHaveLength(1);
    await eventually(async () => harness().smtp.received.length >= 2);
    expect(
      harness()
        .smtp.received.map((m) => m.rcptTo[0])
        .sort(),
    ).toEqual([validFields.email, LEADS_TO].sort());
  });

  it("five copies at once in one process: one lead, the others wait for it and answer success", async () => {
    const key = crypto.randomUUID();
    const photo = await smallJpeg();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => callApi(estimateForm(validFields, [{ name: "deck.jpg", data: photo }]), key)),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { success: true } });
    const counts = await tableCounts(await harness().db());
    expect(counts).toMatchObject({ leads: 1, photos: 1, outbox: 2 });
  });

  it("a refused copy stores no key: corrected and sent again with it, the request is stored", async () => {
    const key = crypto.randomUUID();
    const refused = await callApi(estimateForm({ ...validFields, email: "not-an-email" }), key);
    expect(refused.status).toBe(400);
    expect(await callApi(estimateForm(validFields), key)).toEqual({ status: 200, body: { success: true } });
    expect((await tableCounts(await harness().db())).leads).toBe(1);
  });

  it("forgets keys after a day: pruned by the hourly clean-up, or taken again before it runs", async () => {
    const key = crypto.randomUUID();
    expect((await callApi(estimateForm(validFields), key)).status).toBe(200);
    const db = await harness().db();
    const stored = await db.selectFrom("idempotency_keys").selectAll().execute();
    expect(stored.map((row) => row.key)).toEqual([key]);

    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await pruneIdempotencyKeys(db, new Date(Date.now() + 23 * 60 * 60 * 1000))).toBe(0);
    // An old key the clean-up has not reached yet is free: its row is replaced in the new lead's transaction.
    await db
      .updateTable("idempotency_keys")
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .execute();
    expect(await callApi(estimateForm(validFields), key)).toEqual({ status: 200, body: { success: true } });
    expect((await tableCounts(await harness().db())).leads).toBe(2);
    expect(await pruneIdempotencyKeys(db, dayLater)).toBe(1);
    expect(await db.selectFrom("idempotency_keys").selectAll().execute()).toHaveLength(0);
  });
});
