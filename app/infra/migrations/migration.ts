/**
 * What every migration file is: a name stored in `schema_migrations` (never changed once released)
 * and the step that brings the schema to it, written once for both dialects.
 */
import { sql, type QueryExecutorProvider, type SchemaModule } from "kysely";
import type { Dialect } from "../db.server";

/** What a migration may use: schema builders and raw SQL, never the typed tables it is creating. */
export type MigrationDb = { schema: SchemaModule } & QueryExecutorProvider;

export interface Migration {
  name: string;
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
}

export function blobType(dialect: Dialect) {
  return dialect === "postgres" ? sql`bytea` : sql`blob`;
}

export function timestampType(dialect: Dialect) {
  return dialect === "postgres" ? sql`timestamptz` : sql`text`;
}
