/** Leads written straight into the database, for tests of what the desk does with them. */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { leadSearchText, timestamp, type Database } from "~/infra/schema.server";

export interface LeadFixture {
  createdAt?: Date;
  name?: string;
  email?: string;
  address?: string;
  description?: string;
  status?: string;
  lostReason?: string | null;
  sourcePath?: string | null;
  firstReplyAt?: Date | null;
  quarantined?: boolean;
}

export async function insertLead(db: Kysely<Database>, fixture: LeadFixture = {}): Promise<string> {
  const id = randomUUID();
  const contact = {
    name: fixture.name ?? "Dana Visitor",
    email: fixture.email ?? "dana@example.com",
    phone: "(609) 555-0117",
    address: fixture.address ?? "12 Dune Lane, Surf City, NJ",
  };
  const createdAt = fixture.createdAt ?? new Date();
  await db
    .insertInto("leads")
    .values({
      id,
      created_at: timestamp(createdAt),
      ...contact,
      description: fixture.description ?? "Rebuild the back deck stairs.",
      ip_hash: null,
      user_agent: null,
      quarantined_at: fixture.quarantined ? timestamp(createdAt) : null,
      spam_reason: fixture.quarantined ? "honeypot" : null,
      status: fixture.status ?? "new",
      lost_reason: fixture.lostReason ?? null,
      source_path: fixture.sourcePath === undefined ? "/estimate" : fixture.sourcePath,
      first_reply_at: fixture.firstReplyAt ? timestamp(fixture.firstReplyAt) : null,
      search_text: leadSearchText(contact),
    })
    .execute();
  return id;
}
