/**
 * What the server entry starts and stops besides HTTP: the database (migrated at start), the
 * outbox mail worker and the hourly clean-up of expired records and of uploads a killed process
 * left on disk.
 */
import { closeDatabase, getDatabase } from "./db.server";
import { getEnv } from "./env.server";
import { describeError, log } from "./log.server";
import { createMailWorker, type MailWorker } from "./mail-worker.server";
import { pruneExpiredRecords } from "./retention.server";
import { removeStaleUploads } from "./uploads.server";

interface Background {
  ready: Promise<{ worker: MailWorker; retentionTimer: NodeJS.Timeout }>;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

const GLOBAL_KEY = "__causewayHomeRepairBackground";
const shared = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Background };

/**
 * Migrates the database if needed and starts the mail worker. Returns at once; a configuration error
 * throws here, and a database that cannot be opened or migrated ends the process (exit code 1) after
 * logging why, since a site that cannot store leads must not look healthy.
 */
export function startBackgroundWork(): void {
  if (shared[GLOBAL_KEY]) return;
  const env = getEnv();
  const ready = getDatabase().then((handle) => {
    const worker = createMailWorker({ db: handle.db, dialect: handle.dialect, config: env });
    worker.start();
    const prune = () =>
      pruneExpiredRecords(handle.db).then(
        (counts) => {
          if (counts.mail + counts.subscribers > 0) log("info", "expired records deleted", { ...counts });
        },
        (error: unknown) => log("error", "could not delete expired records", { error: describeError(error) }),
      );
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
    log("info", "background work started", {
      database: handle.dialect,
      mail: env.smtpUrl ? "smtp" : "files in DATA_DIR/outbox",
    });
    return { worker, retentionTimer };
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

/** Stops the mail worker (letting a message in flight finish), then closes the database. */
export async function stopBackgroundWork(): Promise<void> {
  const background = shared[GLOBAL_KEY];
  shared[GLOBAL_KEY] = undefined;
  const started = await background?.ready.catch(() => undefined);
  if (started) clearInterval(started.retentionTimer);
  await started?.worker.stop();
  await closeDatabase();
}
