import { timestampType, type Migration } from "./migration";

export const sitePages: Migration = {
  name: "0020_site_pages",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // Every publish of one of the site's written pages (a service page, a FAQ category, an article)
    // is a row, never changed, holding the page's whole Markdown file as the build reads it: the
    // newest row of a page is what the public sees, the older ones are its history. The version is
    // part of the key, so two owners publishing the same page on the same version cannot both land.
    await db.schema
      .createTable("site_page_versions")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("markdown", "text", (c) => c.notNull())
      .addColumn("published_by", "text", (c) => c.notNull())
      .addColumn("published_at", ts, (c) => c.notNull())
      .addColumn("restored_from", "integer")
      .addPrimaryKeyConstraint("site_page_versions_pkey", ["kind", "name", "version"])
      .execute();
  },
};
