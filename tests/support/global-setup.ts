/** One PostgreSQL cluster for the whole integration run; each suite creates its own database in it. */
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  project.provide("postgresUrl", cluster.url);
  return async () => {
    await cluster.stop();
  };
}
