import { timestampType, type Migration } from "./migration";

export const pageDrafts: Migration = {
  name: "0022_page_drafts",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // One draft per written page, shared by the owners: the editor's fields as they were saved (what
    // was typed, kept even where it would not publish), the version it was begun on, and a revision
    // that each save moves, so a save made on an older revision is told rather than overwriting.
    await db.schema
      .createTable("site_page_drafts")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("fields", "text", (c) => c.notNull())
      .addColumn("based_on", "integer", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("saved_by", "text", (c) => c.notNull())
      .addColumn("saved_at", ts, (c) => c.notNull())
      .addPrimaryKeyConstraint("site_page_drafts_pkey", ["kind", "name"])
      .execute();
  },
};
