/**
 * The job's link as the server keeps it, on SQLite and PostgreSQL: a link made before links were
 * sealed keeps working until the job's next email, which ends it and carries the one sealed link
 * from then on; a sealed copy moved onto another job's row is never mailed for that job; the
 * database records which key sealed its links, and refuses another; when the key is lost or
 * leaked, `npm run owner -- forget-sealed-links` takes the new one and ends every link at once, and
 * each job's next email carries a new link.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, randomToken } from "~/infra/link-token.server";
import { checkSealKey, sealKeyOf } from "~/infra/seal.server";
import { ConfigError } from "~/settings/env.server";
import { jobLinkFor, openJobLink } from "~/jobs/job-link.server";
import { runOwnerCommand } from "../../scripts/owner";
import { backends, useHarness } from "../support/harness";
import { insertJobRows } from "../support/jobs";
import { insertLead } from "../support/leads";

describe.each(backends)("a job's link kept on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("ends a link made before sealing at the job's next email, and mails the sealed one ever after", async () => {
    const db = await harness().db();
    const leadId = await insertLead(db);
    const jobId = await insertJobRows(db, leadId);
    const legacy = randomToken();
    await db
      .insertInto("job_links")
      .values({ token_hash: hashToken(legacy), job_id: jobId, lead_id: leadId, created_at: new Date().toISOString() })
      .execute();
    expect(await openJobLink(db, legacy)).toMatchObject({ state: "open", jobId });
    const job = { id: jobId, lead_id: leadId };
    const mailed = await db.transaction().execute((trx) => jobLinkFor(trx, job, new Date()));
    expect(mailed).not.toBe(legacy);
    expect(await openJobLink(db, legacy)).toEqual({ state: "gone", status: 410 });
    expect(await openJobLink(db, mailed)).toMatchObject({ state: "open", jobId });
    for (let n = 0; n < 3; n++)
      expect(await db.transaction().execute((trx) => jobLinkFor(trx, job, new Date()))).toBe(mailed);
    const stored = await db
      .selectFrom("job_links")
      .select("sealed")
      .where("token_hash", "=", hashToken(mailed))
      .executeTakeFirstOrThrow();
    // Sealed, not the token itself.
    expect(stored.sealed).not.toContain(mailed);
  });

  it("mails no job the link of another whose sealed copy was put on its row, and gives it a new one", async () => {
    const db = await harness().db();
    const jobOf = async (email: string) => {
      const leadId = await insertLead(db, { email });
      return { id: await insertJobRows(db, leadId), lead_id: leadId };
    };
    const first = await jobOf(`first-${randomUUID()}@example.com`);
    const second = await jobOf(`second-${randomUUID()}@example.com`);
    const mail = (job: typeof first) => db.transaction().execute((trx) => jobLinkFor(trx, job, new Date()));
    const firstLink = await mail(first);
    const secondLink = await mail(second);
    const sealedOf = async (token: string) =>
      (
        await db
          .selectFrom("job_links")
          .select("sealed")
          .where("token_hash", "=", hashToken(token))
          .executeTakeFirstOrThrow()
      ).sealed;
    // The first job's sealed copy, copied onto the second job's row: it opens with the server's key.
    await db
      .updateTable("job_links")
      .set({ sealed: await sealedOf(firstLink) })
      .where("token_hash", "=", hashToken(secondLink))
      .execute();

    const mailed = await mail(second);
    expect(mailed).not.toBe(firstLink);
    expect(mailed).not.toBe(secondLink);
    expect(await openJobLink(db, mailed)).toMatchObject({ state: "open", jobId: second.id });
    // The row that held another's copy is ended with the rest of the job's links; the first job keeps its own.
    expect(await openJobLink(db, secondLink)).toEqual({ state: "gone", status: 410 });
    expect(await mail(first)).toBe(firstLink);
    expect(await mail(second)).toBe(mailed);
  });

  it("refuses another key at start, and once the lost one is forgotten takes a new one and ends every link", async () => {
    const db = await harness().db();
    const key = sealKeyOf(harness().env);
    await checkSealKey(db, key);
    const other = Buffer.alloc(32, 5);
    await expect(checkSealKey(db, other)).rejects.toThrow(ConfigError);
    await expect(checkSealKey(db, other)).rejects.toThrow(/npm run owner -- forget-sealed-links/);

    const leadId = await insertLead(db, { email: `seal-${randomUUID()}@example.com` });
    const jobId = await insertJobRows(db, leadId);
    const job = { id: jobId, lead_id: leadId };
    const before = await db.transaction().execute((trx) => jobLinkFor(trx, job, new Date()));
    // A link made before links were sealed, still in force beside it.
    const legacy = randomToken();
    await db
      .insertInto("job_links")
      .values({ token_hash: hashToken(legacy), job_id: jobId, lead_id: leadId, created_at: new Date().toISOString() })
      .execute();
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    const env = { ...harness().env, sealKey: other };
    expect(await runOwnerCommand(["forget-sealed-links"], env, io)).toBe(0);
    expect(out.join("\n")).toMatch(/^Ended \d+ job links? and forgot their sealed copies;/);
    await checkSealKey(db, other);
    await expect(checkSealKey(db, key)).rejects.toThrow(ConfigError);
    // A key that may have leaked opens every sealed copy in any copy of the database: every link
    // ends at once, not at the job's next email, and no sealed copy is left.
    expect(await openJobLink(db, before)).toEqual({ state: "gone", status: 410 });
    expect(await openJobLink(db, legacy)).toEqual({ state: "gone", status: 410 });
    expect(await db.selectFrom("job_links").select("token_hash").where("ended_at", "is", null).execute()).toEqual([]);
    expect(await db.selectFrom("job_links").select("token_hash").where("sealed", "is not", null).execute()).toEqual([]);
    // Put the harness's own key back for the tests after this one.
    expect(await runOwnerCommand(["forget-sealed-links"], harness().env, io)).toBe(0);
    // The job's next email carries a new link, which opens it.
    const after = await db.transaction().execute((trx) => jobLinkFor(trx, job, new Date()));
    expect([before, legacy]).not.toContain(after);
    expect(await openJobLink(db, after)).toMatchObject({ state: "open", jobId });
    expect(await openJobLink(db, before)).toEqual({ state: "gone", status: 410 });
  });
});
