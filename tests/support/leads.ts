/**
 * Leads written straight into the database, for tests of what the desk, the visits, the reminders
 * and the commands do with them: the one way a test makes a lead without posting the form. The
 * row is the lead record's own (`leadRow`), so a column the record adds reaches these leads too.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { mailFileDirectory, mailFileName } from "~/infra/mail-files.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { leadRow } from "~/leads/record/create.server";
import { confirmVisit, proposeVisit } from "~/visits/visit-changes.server";
import { mailText } from "./delivered-mail";

export interface LeadFixture {
  createdAt?: Date;
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  description?: string;
  status?: string;
  lostReason?: string | null;
  sourcePath?: string | null;
  firstReplyAt?: Date | null;
  quarantined?: boolean;
  /** Photos stored with it: each a small PNG named `photo-<n>.png`. */
  photos?: number;
}

/** A 1×1 PNG: a photo's bytes are not what these tests look at. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export async function insertLead(db: Kysely<Database>, fixture: LeadFixture = {}): Promise<string> {
  const [id] = await insertLeads(db, [fixture]);
  if (!id) throw new Error("no lead inserted");
  return id;
}

/** Many leads at once (200 rows a statement); their ids in the order given. */
export async function insertLeads(db: Kysely<Database>, fixtures: readonly LeadFixture[]): Promise<string[]> {
  const rows = fixtures.map((fixture) => {
    const createdAt = fixture.createdAt ?? new Date();
    const row = leadRow(
      randomUUID(),
      {
        values: {
          name: fixture.name ?? "Dana Visitor",
          email: fixture.email ?? "dana@example.com",
          phone: fixture.phone ?? "(609) 555-0117",
          address: fixture.address ?? "12 Dune Lane, Surf City, NJ",
          description: fixture.description ?? "Rebuild the back deck stairs.",
        },
        sourcePath: fixture.sourcePath === undefined ? "/estimate" : (fixture.sourcePath ?? undefined),
        spamReason: fixture.quarantined ? "honeypot" : undefined,
        ipHash: null,
        userAgent: null,
      },
      createdAt,
    );
    return {
      ...row,
      status: fixture.status ?? "new",
      lost_reason: fixture.lostReason ?? null,
      first_reply_at: fixture.firstReplyAt ? timestamp(fixture.firstReplyAt) : null,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("leads")
      .values(rows.slice(i, i + 200))
      .execute();
  const photos = fixtures.flatMap((fixture, n) =>
    Array.from({ length: fixture.photos ?? 0 }, (_, position) => ({
      id: randomUUID(),
      lead_id: rows[n]?.id ?? "",
      position,
      file_name: `photo-${position + 1}.png`,
      content_type: "image/png",
      bytes: PIXEL.length,
      data: PIXEL,
      width: 1,
      height: 1,
    })),
  );
  for (const photo of photos) await db.insertInto("lead_photos").values(photo).execute();
  return rows.map((row) => row.id);
}

/**
 * A lead with something in every place its details are kept: photos, a note, a line of history, a
 * message still queued about it, and that message written as a mail file under `dataDir`, as the
 * worker writes it without an SMTP server. For tests of deleting it.
 */
export async function insertLeadWithEverything(
  db: Kysely<Database>,
  dataDir: string,
  fixture: LeadFixture = {},
): Promise<{ id: string; mailFile: string }> {
  const id = await insertLead(db, { photos: 2, ...fixture });
  const now = new Date();
  await db
    .insertInto("lead_notes")
    .values({
      id: randomUUID(),
      lead_id: id,
      author: "pat@causeway.test",
      body: "Called back.",
      created_at: timestamp(now),
    })
    .execute();
  await db
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_id: id,
      actor: "pat@causeway.test",
      kind: "note",
      detail: "Added a note",
      created_at: timestamp(now),
    })
    .execute();
  const mailId = await enqueueMail(
    db,
    { kind: "lead-owner-notification", leadId: id, to: "owner@causeway.test", subject: "A lead", text: "x", html: "x" },
    // Due later, so a running worker leaves it queued.
    new Date(now.getTime() + 3_600_000),
  );
  const mailFile = path.join(
    mailFileDirectory(dataDir),
    mailFileName({ id: mailId, kind: "lead-owner-notification", lead_id: id, created_at: now }),
  );
  fs.mkdirSync(path.dirname(mailFile), { recursive: true });
  fs.writeFileSync(mailFile, "Subject: A lead\r\n\r\nx\r\n");
  return { id, mailFile };
}

/**
 * Books a visit for the lead as it happens for real: the owner proposes a two-hour window `daysAhead`
 * days from now, and the homeowner confirms it from the link in their email.
 */
export async function bookVisit(
  db: Kysely<Database>,
  leadId: string,
  options: { ownerEmail: string; siteUrl: string; leadsTo: string; daysAhead?: number },
): Promise<{ startsAt: Date; endsAt: Date }> {
  const context = { siteUrl: options.siteUrl, leadsTo: options.leadsTo };
  const startsAt = new Date(Date.now() + (options.daysAhead ?? 3) * 86_400_000);
  const window = { startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) };
  const proposed = await proposeVisit(db, leadId, [window], { email: options.ownerEmail, client: null }, context);
  if (!proposed.ok) throw new Error(`visit not proposed: ${proposed.error}`);
  const proposal = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("kind", "=", "visit-proposal")
    .where("lead_id", "=", leadId)
    .executeTakeFirstOrThrow();
  const token = /\/visit\/([\w-]{43})/.exec(await mailText(proposal))?.[1];
  const confirmed = await confirmVisit(db, token, context);
  if (confirmed.state !== "confirmed") throw new Error("visit not confirmed");
  return window;
}
