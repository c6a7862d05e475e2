/**
 * The overdue invoices the desk counts on every page, in one query, against what each job's page
 * says of its own invoices (`jobMoney`): the same invoices and the same amounts still owed, on
 * 200 jobs made at random (change orders up and down, voided invoices and payments, payments
 * beyond an invoice, cancelled contracts), on SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { jobMoney } from "~/invoices/job-money.server";
import { countOverdueInvoices, overdueInvoices } from "~/invoices/overdue.server";
import { jobById } from "~/jobs/jobs.server";
import { jobPath } from "~/owner/paths";
import { backends, useHarness } from "../support/harness";
import { insertMoneyJobs } from "../support/money-jobs";

const TODAY = "2026-12-01";

describe.each(backends)("the overdue count on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("finds, in one query, exactly the invoices each job's page calls overdue, with what they still ask", async () => {
    const db = await harness().db();
    const jobIds = await insertMoneyJobs(db, { count: 200, lateShare: 0.3, seed: 43, today: TODAY });
    const expected: { page: string; number: string; unpaidCents: number }[] = [];
    const states = new Set<string>();
    for (const id of jobIds) {
      const job = await jobById(db, id);
      if (!job) throw new Error(`job ${id} not found`);
      for (const invoice of (await jobMoney(db, job, TODAY)).invoices) {
        states.add(
          invoice.paidCents > 0 && invoice.paidCents < invoice.amountCents ? `part-${invoice.state}` : invoice.state,
        );
        if (invoice.state === "overdue")
          expected.push({ page: jobPath(id), number: invoice.number, unpaidCents: invoice.owedCents });
      }
    }
    // Every way an invoice can stand is among them, so the query is tried on each.
    for (const state of ["paid", "settled", "due", "overdue", "void", "part-overdue", "part-settled"])
      expect(states, state).toContain(state);
    const byNumber = (a: { number: string }, b: { number: string }) => a.number.localeCompare(b.number);
    const found = (await overdueInvoices(db, TODAY)).map(({ page, number, unpaidCents }) => ({
      page,
      number,
      unpaidCents,
    }));
    // The random jobs hold every case: at least the 60 made late, and invoices settled or paid beside them.
    expect(expected.length).toBeGreaterThanOrEqual(60);
    expect(found.sort(byNumber)).toEqual(expected.sort(byNumber));
    expect(await countOverdueInvoices(db, TODAY)).toBe(expected.length);
  });

  it("leaves out a held lead's jobs, and counts nothing on a day before any invoice is due", async () => {
    const db = await harness().db();
    const [jobId] = await insertMoneyJobs(db, { count: 3, lateShare: 1, seed: 7, today: TODAY });
    expect(await countOverdueInvoices(db, TODAY)).toBeGreaterThanOrEqual(3);
    const job = await jobById(db, jobId ?? "");
    await db
      .updateTable("leads")
      .set({ quarantined_at: new Date().toISOString() })
      .where("id", "=", job?.lead_id ?? "")
      .execute();
    expect((await overdueInvoices(db, TODAY)).map((invoice) => invoice.page)).not.toContain(jobPath(jobId ?? ""));
    expect(await countOverdueInvoices(db, "2025-01-01")).toBe(0);
  });
});
