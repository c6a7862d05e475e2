import type { Migration } from "./migration";

export const ownerNames: Migration = {
  name: "0030_owner_names",
  async up(db) {
    // The name an owner gives on the account page, for the homeowner's reports: empty until given.
    await db.schema
      .alterTable("owners")
      .addColumn("display_name", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    // Who made the visit, as named when it started: the report keeps it if the owner later renames
    // or leaves.
    await db.schema.alterTable("watch_visits").addColumn("checked_by_name", "text").execute();
  },
};
