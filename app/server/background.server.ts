/**
 * The composition root of the server's background work: the database (migrated at start), the
 * outbox's mail and push workers, and the scheduler with every periodic job (`jobs.server.ts`).
 * The Express entry starts it once the port is its own and stops it on shutdown; the integration
 * tests start it the same way.
 */
import { createPushWorker, type PushWorker } from "~/alerts/push-worker.server";
import { closeDatabase, getDatabase } from "~/infra/db.server";
import { getEnv } from "~/settings/env.server";
import { describeError, log } from "~/infra/log.server";
import { mailFileDirectory } from "~/infra/mail-files.server";
import { createMailWorker, type MailWorker } from "~/infra/mail-worker.server";
import { createScheduler, type Scheduler } from "~/infra/scheduler.server";
import { checkSealKey, sealKeyOf } from "~/infra/seal.server";
import { ConfigError } from "~/settings/config-error";
import { backgroundJobs } from "./jobs.server";

interface Background {
  ready: Promise<{ worker: MailWorker; pushWorker: PushWorker; scheduler: Scheduler }>;
}

// On globalThis: in development the server's modules may be loaded again, and the work must not
// start twice.
const GLOBAL_KEY = "__causewayHomeRepairBackground";
const shared = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Background };

/**
 * Migrates the database if needed and starts the workers and the scheduled jobs. Returns at once;
 * a configuration error throws here, and a database that cannot be opened or migrated ends the
 * process (exit code 1) after logging why, since a site that cannot store leads must not look
 * healthy. `now` is the clock the scheduled jobs read (the digest's 7:00), so a test can set the time.
 */
export function startBackgroundWork(now: () => Date = () => new Date()): void {
  if (shared[GLOBAL_KEY]) return;
  const env = getEnv();
  if (env.nodeEnv === "production" && !env.smtpUrl)
    log("warn", "SMTP_URL is not set: mail is only written to files and nobody receives it; set SMTP_URL to send it", {
      directory: mailFileDirectory(env.dataDir),
    });
  const ready = getDatabase().then(async (handle) => {
    // Before anything is mailed: a link sealed with another instance's key would open for nobody.
    await checkSealKey(handle.db, sealKeyOf(env));
    const worker = createMailWorker({ db: handle.db, dialect: handle.dialect, config: env });
    worker.start();
    const pushWorker = createPushWorker({ db: handle.db, dialect: handle.dialect, config: env });
    pushWorker.start();
    const scheduler = createScheduler({ db: handle.db, now });
    for (const job of backgroundJobs(handle.db, env)) scheduler.add(job);
    scheduler.start();
    log("info", "background work started", {
      database: handle.dialect,
      mail: env.smtpUrl ? "smtp" : "files in DATA_DIR/outbox",
      jobs: scheduler.jobs(),
    });
    return { worker, pushWorker, scheduler };
  });
  shared[GLOBAL_KEY] = { ready };
  ready.catch((error: unknown) => {
    if (error instanceof ConfigError) log("error", "invalid configuration; stopping", { error: describeError(error) });
    else log("error", "database could not be opened or migrated; stopping", { error: describeError(error) });
    process.exit(1);
  });
}

/** Resolves once the database is migrated and the workers run; rejects if that failed. */
export async function backgroundWorkReady(): Promise<void> {
  await shared[GLOBAL_KEY]?.ready;
}

/** The running scheduler, for a test that runs a job's tick by hand. */
export async function backgroundScheduler(): Promise<Scheduler | undefined> {
  return (await shared[GLOBAL_KEY]?.ready)?.scheduler;
}

/** Stops the jobs and the workers (letting a run, a message or a push in flight finish), then closes the database. */
export async function stopBackgroundWork(): Promise<void> {
  const background = shared[GLOBAL_KEY];
  shared[GLOBAL_KEY] = undefined;
  const started = await background?.ready.catch(() => undefined);
  await started?.scheduler.stop();
  await Promise.all([started?.worker.stop(), started?.pushWorker.stop()]);
  await closeDatabase();
}
