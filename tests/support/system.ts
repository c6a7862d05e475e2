/**
 * The set-up the system tests share: a PostgreSQL cluster for the file, and the servers a test
 * starts, stopped after it in the reverse order (a restarted server shares its predecessor's data).
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { startPostgres, type PostgresCluster } from "./postgres";

export interface Stoppable {
  stop(): Promise<void>;
}

/** Call in the file's body; the returned function gives the cluster inside a test. */
export function postgresForThisFile(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 120_000);
  afterAll(async () => cluster?.stop());
  return () => {
    if (!cluster) throw new Error("the PostgreSQL cluster has not started");
    return cluster;
  };
}

/** Call in the file's body; what is handed to the returned function is stopped after each test. */
export function stopAfterEachTest(): <T extends Stoppable>(item: T) => T {
  const running: Stoppable[] = [];
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.stop();
  });
  return (item) => {
    running.push(item);
    return item;
  };
}
