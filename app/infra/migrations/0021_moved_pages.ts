import type { Migration } from "./migration";

export const movedPages: Migration = {
  name: "0021_moved_pages",
  async up(db) {
    // A version with no Markdown takes its page off the site; one that also names another page moved
    // it there (an article's new address), so its old address answers with a permanent redirect.
    await db.schema.alterTable("site_page_versions").addColumn("moved_to", "text").execute();
  },
};
