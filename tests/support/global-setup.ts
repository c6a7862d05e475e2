/** One PostgreSQL cluster for a project's run; each suite or test creates its own database in it. */
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
