import { timestampType, type Migration } from "./migration";

export const quarantineAndRateLimits: Migration = {
  name: "0002_quarantine_and_rate_limits",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // A post that trips the spam trap is kept, flagged, instead of dropped: a person whose browser
    // filled the hidden field must not lose their request without anyone knowing.
    await db.schema.alterTable("leads").addColumn("quarantined_at", ts).execute();
    await db.schema.alterTable("leads").addColumn("spam_reason", "text").execute();
    await db.schema.createIndex("leads_quarantined_at").on("leads").column("quarantined_at").execute();

    // The store of rate-limiter-flexible, in the shape it expects: one row per budget and client,
    // so every server instance on this database draws on the same budget.
    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("expire", "bigint")
      .execute();
  },
};
