import type { Migration } from "./migration";

export const watchRepairLeads: Migration = {
  name: "0026_watch_repair_leads",
  async up(db) {
    // The lead 'Quote this repair' opened for an Issue, so a second tap opens the same one.
    await db.schema.alterTable("watch_results").addColumn("repair_lead_id", "text").execute();
  },
};
