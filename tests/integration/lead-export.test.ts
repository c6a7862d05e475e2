/**
 * The desk's lead export on SQLite and PostgreSQL, byte for byte: the columns in their order,
 * labels rather than stored codes, an unknown page and a stale lost reason spelled out, held spam
 * left out, and cells a spreadsheet would misread defused.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { leadsCsv } from "~/owner/leads.server";
import { insertLead } from "../support/leads";
import { backends, useHarness } from "../support/harness";

async function addPhotos(db: Kysely<Database>, leadId: string, count: number) {
  for (let position = 0; position < count; position++)
    await db
      .insertInto("lead_photos")
      .values({
        id: randomUUID(),
        lead_id: leadId,
        position,
        file_name: `deck-${position}.jpg`,
        content_type: "image/jpeg",
        bytes: 1,
        data: Buffer.from([position]),
        width: 1,
        height: 1,
      })
      .execute();
}

describe.each(backends)("the lead export on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("writes every lead not held as spam, newest first, one column per field", async () => {
    const db = await harness().db();
    const lost = await insertLead(db, {
      createdAt: new Date("2026-11-02T14:00:00.000Z"),
      name: "=Dana, Visitor",
      email: "dana@example.com",
      address: "12 Dune Lane, Surf City, NJ",
      description: 'The "back" stairs\nare loose.',
      status: "lost",
      lostReason: "price",
      sourcePath: null,
    });
    await addPhotos(db, lost, 2);
    const scheduled = await insertLead(db, {
      createdAt: new Date("2026-11-03T15:30:00.000Z"),
      name: "Sam Shore",
      email: "sam@example.com",
      address: "",
      description: "Replace two deck boards.",
      status: "visit-scheduled",
      lostReason: "no-longer-a-reason",
      sourcePath: "/services/decks-and-stairs",
    });
    await insertLead(db, { createdAt: new Date("2026-11-04T09:00:00.000Z"), name: "Held Spam", quarantined: true });

    const { csv, count } = await leadsCsv(db);
    expect(count).toBe(2);
    expect(csv).toBe(
      "\uFEFF" +
        "id,received,name,email,phone,address,description,status,lost_reason,source_page,photo_count\r\n" +
        `${scheduled},2026-11-03T15:30:00.000Z,Sam Shore,sam@example.com,(609) 555-0117,,Replace two deck boards.,Visit scheduled,,/services/decks-and-stairs,0\r\n` +
        `${lost},2026-11-02T14:00:00.000Z,"'=Dana, Visitor",dana@example.com,(609) 555-0117,"12 Dune Lane, Surf City, NJ","The ""back"" stairs\nare loose.",Lost,Price,unknown,2\r\n`,
    );
  });
});
