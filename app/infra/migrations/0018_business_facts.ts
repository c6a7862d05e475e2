import { timestampType, type Migration } from "./migration";

export const businessFacts: Migration = {
  name: "0018_business_facts",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // Every publish of the business facts is a row, never changed: the newest is what every page,
    // email and document made from then on says, and the earlier ones are the history 'Restore'
    // publishes again. The version is the row's key, so two owners publishing on the same version
    // cannot both land: the second insert fails, and the second owner is told to look again.
    await db.schema
      .createTable("business_facts")
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("facts", "text", (c) => c.notNull())
      .addColumn("published_by", "text", (c) => c.notNull())
      .addColumn("published_at", ts, (c) => c.notNull())
      .addColumn("restored_from", "integer")
      .execute();
  },
};
