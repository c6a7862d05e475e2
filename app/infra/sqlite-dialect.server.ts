/**
 * Kysely's SQLite dialect, with transactions that take the write lock when they begin.
 *
 * A plain `BEGIN` reads from a snapshot and asks for the write lock only at its first write. If
 * another process (the server beside `npm run leads -- --delete`, a backup, a second handle) has
 * committed in between, SQLite cannot move the snapshot forward and fails the write at once with
 * "database is locked", without waiting for the busy timeout. `BEGIN IMMEDIATE` waits for the lock
 * up front, so every transaction that reads before it writes either runs or waits its turn.
 * Within one process nothing changes: Kysely already runs one statement at a time on SQLite.
 */
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from "kysely";

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
