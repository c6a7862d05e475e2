import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const sitePhotos: Migration = {
  name: "0023_site_photos",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    const blob = blobType(dialect);
    // The photos the owner puts on the written pages (service pages, articles). As a project's: the
    // photo as sent waits in `original` (metadata and all) until the background job has made its
    // files, then is dropped. The upload key is unique across the site: a retried upload stores one
    // photo. `published` turns 1 once a published page shows the photo: from then its files are
    // public and cached for a year, so it never turns back.
    await db.schema
      .createTable("site_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("upload_key", "text", (c) => c.notNull().unique())
      .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('waiting', 'ready', 'refused')`))
      .addColumn("original", blob)
      .addColumn("original_format", "text")
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("hash", "text")
      // The copy a phone draws from inside the page's HTML: a data address (decision 0034).
      .addColumn("phone_copy", "text")
      .addColumn("problem", "text")
      // Set by the instance processing it; a crashed instance's claim runs out.
      .addColumn("claimed_until", ts)
      .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("uploaded_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("site_photos_state").on("site_photos").columns(["state", "created_at"]).execute();

    // Each photo's encoded files, named by content hash so they can be cached for a year.
    await db.schema
      .createTable("site_photo_files")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("photo_id", "text", (c) => c.notNull().references("site_photos.id").onDelete("cascade"))
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("data", blob, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("site_photo_files_photo").on("site_photo_files").column("photo_id").execute();
  },
};
