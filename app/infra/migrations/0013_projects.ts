import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const projects: Migration = {
  name: "0013_projects",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    const blob = blobType(dialect);
    // Finished jobs the owner shows on the public site. `ever_published` marks a project whose
    // address search engines may know: unpublished, it answers 410 rather than 404.
    await db.schema
      .createTable("projects")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("service", "text", (c) => c.notNull())
      .addColumn("town", "text", (c) => c.notNull())
      .addColumn("finished", "text", (c) => c.notNull())
      .addColumn("story", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'published')`))
      .addColumn("ever_published", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("lead_id", "text")
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .addColumn("published_at", ts)
      .execute();
    await db.schema.createIndex("projects_status_finished").on("projects").columns(["status", "finished"]).execute();

    // A photo as sent waits in `original` (metadata and all) until the background job has made
    // its AVIF and WebP files; the original is then dropped.
    await db.schema
      .createTable("project_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
      .addColumn("upload_key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.check(sql`label in ('before', 'after')`))
      .addColumn("is_cover", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('waiting', 'ready', 'refused')`))
      .addColumn("original", blob)
      .addColumn("original_format", "text")
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("hash", "text")
      .addColumn("problem", "text")
      // Set by the instance processing it; a crashed instance's claim runs out.
      .addColumn("claimed_until", ts)
      .addColumn("created_at", ts, (c) => c.notNull())
      .addUniqueConstraint("project_photos_upload_key", ["project_id", "upload_key"])
      .execute();
    await db.schema.createIndex("project_photos_state").on("project_photos").columns(["state", "created_at"]).execute();

    // Each photo's encoded files, named by content hash so they can be cached for a year.
    await db.schema
      .createTable("project_photo_files")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("photo_id", "text", (c) => c.notNull().references("project_photos.id").onDelete("cascade"))
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("data", blob, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("project_photo_files_photo").on("project_photo_files").column("photo_id").execute();

    // The addresses of deleted projects that were public, so they answer 410 and are never reused.
    await db.schema
      .createTable("gone_projects")
      .addColumn("slug", "text", (c) => c.primaryKey())
      .addColumn("gone_at", ts, (c) => c.notNull())
      .execute();
  },
};
