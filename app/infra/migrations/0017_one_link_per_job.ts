import { timestampType, type Migration } from "./migration";

export const oneLinkPerJob: Migration = {
  name: "0017_one_link_per_job",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // A job has one link in force, which every email about it carries: the server keeps it sealed
    // with a key the database never holds (infra/seal.server.ts), beside the hash that finds it.
    // Links made before this have no sealed copy; they keep working until the job's next email
    // ends them with the one sealed link.
    await db.schema.alterTable("job_links").addColumn("sealed", "text").execute();
    // A link ended by 'Send the homeowner a new link' (or replaced by the one sealed link) shows
    // the dead-link page from then on; its row stays, so the hash is never reused.
    await db.schema.alterTable("job_links").addColumn("ended_at", ts).execute();
  },
};
