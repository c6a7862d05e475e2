/**
 * The one way the server runs periodic work. Each job says how often it runs and whether every
 * instance runs it (clean-up of the instance's own files, a poll of something the instance keeps)
 * or one instance at a time (work on the shared database that must not be done twice at once).
 *
 * Whatever the job, the scheduler:
 *   - never starts a run while the job's previous run on this instance is still going: the tick is
 *     skipped, so a slow database cannot stack up runs;
 *   - waits the period plus a random part of `jitterMs` between runs, so instances started together
 *     do not all hit the database in the same second;
 *   - for a job of `one-instance` scope, first claims the run in `scheduled_runs` with a conditional
 *     update: the instance that moves `due_at` on runs the job, the others skip that period. The
 *     claim holds `running_until` while the run lasts, so a run longer than the period is not
 *     started again elsewhere; a crashed run's claim expires after `leaseMs`;
 *   - logs a run that throws, and runs the job again at its next time.
 *
 * Jobs are registered by the composition root (`server/background.server.ts`).
 */
import type { Kysely } from "kysely";
import { describeError, log } from "./log.server";
import { timestamp, type Database } from "./schema.server";

export type JobScope = "every-instance" | "one-instance";

export interface Job {
  /** Unique; names the job in the log and its claim in `scheduled_runs`. */
  name: string;
  scope: JobScope;
  everyMs: number;
  /** Up to this much is added at random to each wait (default: a tenth of the period). */
  jitterMs?: number;
  /** Run soon after start (within the jitter) instead of a whole period later. */
  runAtStart?: boolean;
  /** How long a one-instance claim holds without being released (default: the period, at least 5 minutes). */
  leaseMs?: number;
  run(now: Date): Promise<void>;
}

/** What one tick did: ran the job, ran it and it threw, or left it to a run still going or another instance. */
export type RunOutcome = "ran" | "failed" | "still-running" | "claimed-elsewhere";

export interface Scheduler {
  add(job: Job): void;
  /** Starts every job's timer. */
  start(): void;
  /** One tick of the job now, as its timer would run it; resolves with what happened. */
  tick(name: string): Promise<RunOutcome>;
  /** Stops the timers and waits for runs in flight to finish. */
  stop(): Promise<void>;
  /** The names of the jobs, in the order they were added. */
  jobs(): string[];
}

export interface SchedulerOptions {
  /** Needed for one-instance jobs: where the claims are kept. */
  db?: Kysely<Database>;
  /** The clock the jobs read; a test sets the time. */
  now?: () => Date;
  /** In [0, 1); the jitter's source. */
  random?: () => number;
}

const MIN_LEASE_MS = 5 * 60 * 1000;

/**
 * Claims the job's run due at `now` for this instance: the claim's lease when this instance should
 * run it, else undefined. The job's row is created on first use; of instances racing for one
 * period, one update matches.
 */
export async function claimRun(
  db: Kysely<Database>,
  job: Pick<Job, "name" | "everyMs" | "leaseMs">,
  now: Date,
): Promise<string | undefined> {
  const at = timestamp(now);
  await db
    .insertInto("scheduled_runs")
    .values({ name: job.name, due_at: at, running_until: null, last_run_at: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const leaseMs = job.leaseMs ?? Math.max(job.everyMs, MIN_LEASE_MS);
  const lease = timestamp(new Date(now.getTime() + leaseMs));
  const claimed = await db
    .updateTable("scheduled_runs")
    .set({ due_at: timestamp(new Date(now.getTime() + job.everyMs)), running_until: lease, last_run_at: at })
    .where("name", "=", job.name)
    .where("due_at", "<=", at)
    .where((eb) => eb.or([eb("running_until", "is", null), eb("running_until", "<=", at)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0 ? lease : undefined;
}

/** Releases this instance's claim once its run has ended, unless it expired and another took it. */
async function releaseRun(db: Kysely<Database>, name: string, lease: string): Promise<void> {
  await db
    .updateTable("scheduled_runs")
    .set({ running_until: null })
    .where("name", "=", name)
    .where("running_until", "=", lease)
    .execute();
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const jobs = new Map<string, { job: Job; running?: Promise<RunOutcome>; timer?: NodeJS.Timeout }>();
  let started = false;
  let stopped = false;

  async function runOnce(job: Job): Promise<RunOutcome> {
    const at = now();
    const { db } = options;
    let lease: string | undefined;
    if (job.scope === "one-instance" && db) {
      lease = await claimRun(db, job, at);
      if (lease === undefined) return "claimed-elsewhere";
    }
    try {
      await job.run(at);
      return "ran";
    } catch (error) {
      log("error", `the job ${job.name} failed`, { error: describeError(error) });
      return "failed";
    } finally {
      if (db && lease !== undefined)
        await releaseRun(db, job.name, lease).catch((error: unknown) =>
          log("error", `the job ${job.name} could not release its claim`, { error: describeError(error) }),
        );
    }
  }

  function tick(name: string): Promise<RunOutcome> {
    const entry = jobs.get(name);
    if (!entry) return Promise.reject(new Error(`no job named ${name}`));
    if (entry.running) {
      log("debug", "job still running; tick skipped", { job: name });
      return Promise.resolve("still-running");
    }
    const running = runOnce(entry.job)
      .catch((error: unknown) => {
        // The claim itself failed (the database is unreachable): try again next time.
        log("error", `the job ${name} could not be claimed`, { error: describeError(error) });
        return "failed" as const;
      })
      .finally(() => {
        entry.running = undefined;
      });
    entry.running = running;
    return running;
  }

  function schedule(name: string, first: boolean): void {
    const entry = jobs.get(name);
    if (!entry || stopped) return;
    const { job } = entry;
    const jitter = (job.jitterMs ?? job.everyMs / 10) * random();
    const wait = (first && job.runAtStart ? 0 : job.everyMs) + jitter;
    entry.timer = setTimeout(() => {
      void tick(name);
      schedule(name, false);
    }, wait);
    // Periodic work never keeps a process alive that is otherwise done.
    entry.timer.unref();
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`a job named ${job.name} is already scheduled`);
      if (!(job.everyMs > 0)) throw new Error(`the job ${job.name} needs a period`);
      if (job.scope === "one-instance" && !options.db)
        throw new Error(`the job ${job.name} runs on one instance and needs the database`);
      jobs.set(job.name, { job });
      if (started) schedule(job.name, true);
    },
    start() {
      if (started) return;
      started = true;
      for (const name of jobs.keys()) schedule(name, true);
    },
    tick,
    async stop() {
      stopped = true;
      for (const entry of jobs.values()) clearTimeout(entry.timer);
      await Promise.all([...jobs.values()].map((entry) => entry.running));
    },
    jobs: () => [...jobs.keys()],
  };
}
