/**
 * The desk frame's loader (new leads, late jobs, overdue invoices: the counts on every desk page)
 * with 1,000 jobs, 300 of them holding an overdue invoice, on SQLite and on PostgreSQL, through the
 * built server as a desk page asks for it (`/owner.data?_routes=routes/owner`). Beside it, the same
 * count made the way it was before one query did it: every job with an open invoice past due read
 * in full by the job page's own arithmetic, which grew with the number of late jobs.
 */
import { openMigratedDatabase } from "../app/infra/db.server";
import { jobMoney } from "../app/invoices/job-money.server";
import { countOverdueInvoices } from "../app/invoices/overdue.server";
import { jobById } from "../app/jobs/jobs.server";
import { dayOf } from "../app/time/business-time";
import { startBuiltServer } from "../tests/support/built-server";
import { insertMoneyJobs } from "../tests/support/money-jobs";
import { signedInOwner } from "../tests/support/owner";
import { createTestDatabase, startPostgres } from "../tests/support/postgres";

const JOBS = 1_000;
const LATE = 300;
const REQUESTS = 200;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function deskCountsBenchmark(say: (line?: string) => void): Promise<void> {
  say(`## The desk's counts (${JOBS.toLocaleString("en-US")} jobs, ${LATE} with an overdue invoice)`);
  say("");
  say(
    `The frame's loader, ${REQUESTS} requests one after another through the built server, and the overdue count alone in the bench's process: one query, against the per-job reads it replaced.`,
  );
  say("");
  say("| database | loader p50 ms | loader p99 ms | overdue found | one query ms | per-job reads ms (before) |");
  say("|---|---|---|---|---|---|");
  const cluster = await startPostgres();
  try {
    for (const kind of ["sqlite", "postgres"] as const) {
      const databaseUrl = kind === "postgres" ? await createTestDatabase(cluster.url) : undefined;
      const server = await startBuiltServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
      const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl });
      try {
        const today = dayOf(new Date());
        await insertMoneyJobs(handle.db, { count: JOBS, lateShare: LATE / JOBS, seed: 2026, today });
        const origin = server.origin.replace("127.0.0.1", "localhost");
        const { cookie } = await signedInOwner(handle.db, origin, { email: "bench@causeway.test" });
        const url = `${origin}/owner.data?_routes=routes/owner`;
        const times: number[] = [];
        for (let n = 0; n < REQUESTS + 10; n++) {
          const started = performance.now();
          const answer = await fetch(url, { headers: { cookie } });
          await answer.arrayBuffer();
          if (!answer.ok) throw new Error(`bench: ${url} answered ${answer.status}`);
          // The first ten warm the server's caches and the database's.
          if (n >= 10) times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const queryStarted = performance.now();
        const overdue = await countOverdueInvoices(handle.db, today);
        const queryMs = performance.now() - queryStarted;
        const readsStarted = performance.now();
        const late = await handle.db
          .selectFrom("invoices")
          .select("job_id")
          .distinct()
          .where("status", "=", "open")
          .where("due_day", "<", today)
          .execute();
        let counted = 0;
        for (const { job_id } of late) {
          const job = job_id ? await jobById(handle.db, job_id) : undefined;
          if (job)
            counted += (await jobMoney(handle.db, job, today)).invoices.filter((i) => i.state === "overdue").length;
        }
        const readsMs = performance.now() - readsStarted;
        if (counted !== overdue) throw new Error(`bench: the query counts ${overdue}, the job pages ${counted}`);
        say(
          `| ${kind === "sqlite" ? "SQLite" : "PostgreSQL"} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${overdue} | ${queryMs.toFixed(1)} | ${readsMs.toFixed(0)} |`,
        );
      } finally {
        await handle.close();
        await server.stop();
      }
    }
  } finally {
    await cluster.stop();
  }
  say("");
}
