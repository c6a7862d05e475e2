/**
 * The database going away under a connection that is in use, between two of its queries (a
 * transaction waiting on other work), must cost that work an error, not the whole process.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/infra/db.server";
import { createTestDatabase, startPostgres, type PostgresCluster } from "../support/postgres";

let cluster: PostgresCluster | undefined;
afterEach(async () => {
  await cluster?.stop();
  cluster = undefined;
});

describe("a PostgreSQL connection lost while checked out", () => {
  it("is reported to the query that needs it, and the process keeps running", async () => {
    cluster = await startPostgres();
    const databaseUrl = await createTestDatabase(cluster.url);
    const handle = openDatabase({ databaseUrl, dataDir: "" });
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const outcome = await handle.db
        .connection()
        .execute(async (connection) => {
          await sql`select 1`.execute(connection);
          // The connection stays checked out, with no query running, while the server stops.
          await cluster?.stop();
          cluster = undefined;
          await new Promise((resolve) => setTimeout(resolve, 500));
          await sql`select 1`.execute(connection);
          return "answered";
        })
        .catch(() => "refused");
      expect(outcome).toBe("refused");
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
      await handle.close().catch(() => undefined);
    }
  }, 60_000);
});
