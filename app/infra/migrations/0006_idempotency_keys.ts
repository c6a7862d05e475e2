import { timestampType, type Migration } from "./migration";

export const idempotencyKeys: Migration = {
  name: "0006_idempotency_keys",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // One row per estimate request sent with a key, written in the lead's own transaction: the
    // primary key is what makes two copies of one request, racing on two connections or two
    // server instances, store one lead. Deleting the lead deletes its key with it.
    await db.schema
      .createTable("idempotency_keys")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();
  },
};
