import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const watchPhotos: Migration = {
  name: "0028_watch_photos",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    const blob = blobType(dialect);
    // Photos of a checklist item: taken on a visit, or (with no visit) the item's baseline on the
    // plan, shown beside a later Issue. Stored as progress photos are: upright, without metadata,
    // with a small copy. They go with their visit or plan, and so with the plan's lead.
    await db.schema
      .createTable("watch_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("plan_id", "text", (c) => c.notNull().references("watch_plans.id").onDelete("cascade"))
      .addColumn("visit_id", "text", (c) => c.references("watch_visits.id").onDelete("cascade"))
      .addColumn("item_id", "text", (c) => c.notNull())
      .addColumn("upload_key", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("large", blob, (c) => c.notNull())
      .addColumn("small", blob, (c) => c.notNull())
      // The time shown: the camera's own when plausible, else when the photo reached the office.
      .addColumn("taken_at", ts, (c) => c.notNull())
      .addColumn("taken_from", "text", (c) => c.notNull().check(sql`taken_from in ('camera', 'arrival')`))
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      // Upload keys are the sender's random ones: unique across the plan covers its visits too.
      .addUniqueConstraint("watch_photos_upload_key", ["plan_id", "upload_key"])
      .execute();
    await db.schema.createIndex("watch_photos_visit").on("watch_photos").columns(["visit_id", "item_id"]).execute();
  },
};
