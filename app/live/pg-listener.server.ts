/**
 * A PostgreSQL connection of its own that LISTENs on one channel and calls back on each
 * notification. A pooled connection would be handed to other queries between notifications, so
 * this one is held apart; when it drops (the database restarts) it connects again, with a growing
 * pause, and calls back once reconnected, since a notification sent meanwhile was lost.
 */
import pg from "pg";
import { describeError, log } from "~/infra/log.server";

export interface Listener {
  stop(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export function listenForNotifications(connectionString: string, channel: string, onNotify: () => void): Listener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", (error) => {
      log("warn", "live-site listener lost its connection", { error: describeError(error) });
      scheduleReconnect();
    });
    next.on("end", scheduleReconnect);
    try {
      await next.connect();
      // The channel is a constant of ours, never input: an identifier cannot be a bound parameter.
      await next.query(`LISTEN ${channel}`);
      if (stopped) return void (await next.end().catch(() => undefined));
      retryMs = RETRY_FIRST_MS;
      onNotify();
    } catch (error) {
      log("warn", "live-site listener could not connect", { error: describeError(error) });
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
