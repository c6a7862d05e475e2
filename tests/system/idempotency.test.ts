/**
 * Estimate requests sent more than once with one idempotency key, against the built server: copies
 * racing on one server and on two servers sharing the database, and a copy sent seconds later (a
 * visitor whose answer was lost). One lead, two emails, and every copy answered as the first was.
 */
import { describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { smallJpeg } from "../support/images";
import { storedLeads, storedMail } from "../support/lead-store";
import { createTestDatabase } from "../support/postgres";
import { estimateForm, validFields } from "../support/requests";
import { firstMailTo, mailsSince, startSmtpServer } from "../support/smtp";
import { postgresForThisFile, stopAfterEachTest } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const backends = ["sqlite", "postgres"] as const;
const OWNER = "owner@causeway.test";

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

describe.each(backends)("one estimate request sent several times on %s", (backend) => {
  async function site(env: Record<string, string> = {}) {
    const databaseUrl = backend === "postgres" ? await createTestDatabase(postgres().url) : undefined;
    const server = stopAfterTest(await startBuiltServer(databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env));
    return { server, databaseUrl, target: { dataDir: server.dataDir, databaseUrl } };
  }

  const send = (server: BuiltServer, form: FormData, key?: string) =>
    fetch(`${server.origin}/api/estimate`, {
      method: "POST",
      body: form,
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    }).then(answer);

  it("in parallel on two servers and again 5 s later: one lead, two emails, every answer success", async () => {
    const smtp = stopAfterTest(await startSmtpServer());
    const env = { SMTP_URL: smtp.url, LEADS_TO: OWNER, MAIL_RETRY_BASE_MS: "300" };
    const first = await site(env);
    // A second instance on the same database: only the database can tell the copies apart.
    const second = stopAfterTest(
      await startBuiltServer({
        ...env,
        ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : { DATA_DIR: first.server.dataDir }),
      }),
    );
    const key = `"${crypto.randomUUID()}"`;
    const photo = await smallJpeg();
    const form = () => estimateForm(validFields, [{ name: "deck.jpg", data: photo }]);

    const parallel = await Promise.all([
      send(first.server, form(), key),
      send(first.server, form(), key),
      send(second, form(), key),
    ]);
    await new Promise((r) => setTimeout(r, 5_000));
    const later = await send(second, form(), key);

    for (const reply of [...parallel, later]) expect(reply).toEqual({ status: 200, body: { success: true } });
    const leads = await storedLeads(first.target);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email: validFields.email, photos: 1 });
    const mail = await storedMail(first.target);
    expect(mail.map((m) => m.recipient).sort()).toEqual([validFields.email, OWNER].sort());
    expect(mail.every((m) => m.leadId === leads[0]?.id)).toBe(true);
    await firstMailTo(smtp, validFields.email, /^We received your estimate request/, 30_000);
    await firstMailTo(smtp, OWNER, /^Estimate request from /, 30_000);
    // Time for a wrongly queued second copy of either to be delivered too.
    expect(await mailsSince(smtp, 0, /estimate request/i, 1_500)).toHaveLength(2);
  }, 90_000);

  it("refuses a malformed key with 400 and stores nothing; without a key, each post is a new lead", async () => {
    const { server, target } = await site();
    for (const bad of ['""', "short", '"has spaces in it ok?"', `"${"x".repeat(129)}"`, '"a", "b"']) {
      const reply = await send(server, estimateForm(validFields), bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: expect.stringContaining("idempotency key") });
    }
    expect(await storedLeads(target)).toHaveLength(0);

    expect(await send(server, estimateForm(validFields))).toEqual({ status: 200, body: { success: true } });
    expect(await send(server, estimateForm(validFields))).toEqual({ status: 200, body: { success: true } });
    expect(await storedLeads(target)).toHaveLength(2);
    // The owner hears of each; the visitor's confirmation goes once a day per address, as always.
    expect((await storedMail(target)).filter((m) => m.recipient !== validFields.email)).toHaveLength(2);
  }, 60_000);

  it("accepts the key unquoted, and answers 422 to the same key with other text", async () => {
    const { server, target } = await site();
    const key = crypto.randomUUID();
    expect(await send(server, estimateForm(validFields), key)).toEqual({ status: 200, body: { success: true } });
    expect(await send(server, estimateForm(validFields), `"${key}"`)).toEqual({ status: 200, body: { success: true } });
    const other = await send(server, estimateForm({ ...validFields, description: "Something else entirely." }), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false });
    expect(await storedLeads(target)).toHaveLength(1);
  }, 60_000);

  it("a form without JavaScript sends the key as a field: posted twice to /estimate, stored once", async () => {
    const { server, target } = await site();
    const form = () => estimateForm({ ...validFields, idempotency_key: crypto.randomUUID().replace(/-/g, "") });
    const body = form();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.origin}/estimate`, { method: "POST", body });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Estimate Request Submitted Successfully!");
    }
    expect(await storedLeads(target)).toHaveLength(1);
    const malformed = await fetch(`${server.origin}/estimate`, {
      method: "POST",
      body: estimateForm({ ...validFields, idempotency_key: "not a key" }),
    });
    expect(malformed.status).toBe(400);
    // The page shown again carries a fresh, valid key for the next try, and keeps the text.
    const page = await malformed.text();
    expect(page).toMatch(/name="idempotency_key" value="[A-Za-z0-9_-]{16,128}"/);
    expect(page).toContain(validFields.name);
    expect(await storedLeads(target)).toHaveLength(1);
  }, 60_000);
});
