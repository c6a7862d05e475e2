/**
 * What the server entry starts and stops besides HTTP: the database (migrated at start), the
 * outbox's mail and push workers, the minutely look for leads due a reminder, the owners' morning
 * digest, and the hourly clean-up of expired records, mail files, and uploads a killed process left
 * on disk.
 */
import { closeDatabase, getDatabase } from "./db.server";
import { getEnv } from "./env.server";
import { describeError, log } from "./log.server";
import { mailFileDirectory } from "./mail-files.server";
import { createMailWorker, type MailWorker } from "./mail-worker.server";
import { pruneExpiredBudgets } from "./rate-limit.server";
import { pruneExpiredMailFiles, pruneExpiredRecords } from "./retention.server";
import { removeStaleUploads } from "./uploads.server";
import { createPushWorker, type PushWorker } from "~/alerts/push-worker.server";
import { sendDueReminders } from "~/alerts/reminders.server";
// Quarantined leads are the leads domain's, but their clean-up runs with everything else's.
import { purgeQuarantine } from "~/leads/quarantine.server";
import { pruneIdempotencyKeys } from "~/leads/estimate-idempotency.server";
import { pruneDeskRecords } from "~/owner/retention.server";
import { startDigestSchedule, type DigestSchedule } from "~/visits/digest.server";

interface Background {
  ready: Promise<{
    worker: MailWorker;
    pushWorker: PushWorker;
    retentionTimer: NodeJS.Timeout;
    reminderTimer: NodeJS.Timeout;
    digest: DigestSchedule;
  }>;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** A reminder goes out within this of falling due. */
const REMINDERS_EVERY_MS = 60 * 1000;

const GLOBAL_KEY = "__causewayHomeRepairBackground";
const shared = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Background };

/**
 * Migrates the database if needed and starts the mail worker. Returns at once; a configuration error
 * throws here, and a database that cannot be opened or migrated ends the process (exit code 1) after
 * logging why, since a site that cannot store leads must not look healthy. `now` is the clock the
 * scheduled work reads (the digest's 7:00), so a test can set the time.
 */
export function startBackgroundWork(now: () => Date = () => new Date()): void {
  if (shared[GLOBAL_KEY]) return;
  const env = getEnv();
  if (env.nodeEnv === "production" && !env.smtpUrl)
    log("warn", "SMTP_URL is not set: mail is only written to files and nobody receives it; set SMTP_URL to send it", {
      directory: mailFileDirectory(env.dataDir),
    });
  const ready = getDatabase().then((handle) => {
    const worker = createMailWorker({ db: handle.db, dialect: handle.dialect, config: env });
    worker.start();
    const pushWorker = createPushWorker({ db: handle.db, dialect: handle.dialect, config: env });
    pushWorker.start();
    const remind = () =>
      sendDueReminders(handle.db, {
        afterHours: env.reminderAfterHours,
        leadsTo: env.leadsTo,
        siteUrl: env.siteUrl,
      }).then(
        (leads) => {
          if (leads.length > 0) log("info", "reminders queued for leads still new", { leads: leads.length });
        },
        (error: unknown) => log("error", "could not look for leads due a reminder", { error: describeError(error) }),
      );
    void remind();
    const reminderTimer = setInterval(() => void remind(), REMINDERS_EVERY_MS);
    reminderTimer.unref();
    const prune = async () => {
      const counts = { mail: 0, subscribers: 0, mailFiles: 0, quarantined: 0, limits: 0, requestKeys: 0 };
      try {
        Object.assign(counts, await pruneExpiredRecords(handle.db));
        counts.quarantined = await purgeQuarantine(handle.db);
        counts.limits = await pruneExpiredBudgets(handle.db);
        counts.requestKeys = await pruneIdempotencyKeys(handle.db);
        await pruneDeskRecords(handle.db);
      } catch (error) {
        log("error", "could not delete expired records", { error: describeError(error) });
      }
      // Apart from the database: files on disk are due for deletion even while it is unreachable.
      try {
        counts.mailFiles = await pruneExpiredMailFiles(env.dataDir);
      } catch (error) {
        log("error", "could not delete expired mail files", { error: describeError(error) });
      }
      if (counts.mail + counts.subscribers + counts.mailFiles + counts.quarantined > 0)
        log("info", "expired records deleted", counts);
    };
    const sweepUploads = () =>
      removeStaleUploads().then(
        (folders) => {
          if (folders > 0) log("info", "stale upload folders deleted", { folders });
        },
        (error: unknown) => log("error", "could not delete stale upload folders", { error: describeError(error) }),
      );
    void prune();
    void sweepUploads();
    const retentionTimer = setInterval(() => {
      void prune();
      void sweepUploads();
    }, RETENTION_EVERY_MS);
    retentionTimer.unref();
    const digest = startDigestSchedule({ db: handle.db, siteUrl: env.siteUrl, now });
    void digest.tick();
    log("info", "background work started", {
      database: handle.dialect,
      mail: env.smtpUrl ? "smtp" : "files in DATA_DIR/outbox",
    });
    return { worker, pushWorker, retentionTimer, reminderTimer, digest };
  });
  shared[GLOBAL_KEY] = { ready };
  ready.catch((error: unknown) => {
    log("error", "database could not be opened or migrated; stopping", { error: describeError(error) });
    process.exit(1);
  });
}

/** Resolves once the database is migrated and the worker runs; rejects if that failed. */
export async function backgroundWorkReady(): Promise<void> {
  await shared[GLOBAL_KEY]?.ready;
}

/** Stops the workers (letting a message or push in flight finish), then closes the database. */
export async function stopBackgroundWork(): Promise<void> {
  const background = shared[GLOBAL_KEY];
  shared[GLOBAL_KEY] = undefined;
  const started = await background?.ready.catch(() => undefined);
  if (started) {
    clearInterval(started.retentionTimer);
    clearInterval(started.reminderTimer);
    started.digest.stop();
  }
  await Promise.all([started?.worker.stop(), started?.pushWorker.stop()]);
  await closeDatabase();
}
