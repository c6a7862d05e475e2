import { sql } from "kysely";
import { withoutLinkTokens } from "../outbox.server";
import type { Migration } from "./migration";

export const sentMailWithoutLinks: Migration = {
  name: "0019_sent_mail_without_links",
  async up(db) {
    // Mail sent before the worker removed each link's token on sending (record 0040) still holds
    // live links, kept 30 days and in every backup: the same removal, once, for those. Mail not yet
    // sent and failed mail keep theirs, as the worker leaves them.
    const sent = await sql<{ id: string; payload: string }>`
      select id, payload from outbox where status = 'sent'`.execute(db);
    for (const row of sent.rows) {
      const kept = withoutLinkTokens(row.payload);
      if (kept !== row.payload) await sql`update outbox set payload = ${kept} where id = ${row.id}`.execute(db);
    }
  },
};
