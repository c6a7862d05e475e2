/**
 * The tables deleted with a lead, against the real migrated schema on SQLite and PostgreSQL: every
 * table with a `lead_id` column is either in the lead record's list or named as kept on purpose,
 * and deleting a lead by that list leaves no row about it, even where the foreign keys would not
 * have deleted the rest.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { storeDocument } from "~/infra/stored-documents.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { deleteLeadRows } from "~/leads/record/delete.server";
import { LEAD_CHILD_TABLES, NOT_DELETED_WITH_THE_LEAD } from "~/leads/record/lead-tables.server";
import { backends, useHarness, type Backend } from "../support/harness";
import { insertJobRows } from "../support/jobs";
import { insertLeadWithEverything } from "../support/leads";

const KEPT_TABLES = Object.keys(NOT_DELETED_WITH_THE_LEAD) as (keyof typeof NOT_DELETED_WITH_THE_LEAD)[];

/** The tables of the database itself that have a `lead_id` column, read from its catalog. */
async function tablesWithLeadId(db: Kysely<Database>, backend: Backend): Promise<string[]> {
  const result =
    backend === "postgres"
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.columns
          where table_schema = current_schema() and column_name = 'lead_id'`.execute(db)
      : await sql<{ name: string }>`
          select m.name as name from sqlite_master m join pragma_table_info(m.name) c
          where m.type = 'table' and c.name = 'lead_id'`.execute(db);
  return result.rows.map((row) => row.name).sort();
}

/**
 * A lead with a row in every table that names it: photos, a note, history and queued mail, a
 * visit and its window, its idempotency key, a review request and a review, a quote version and
 * its PDF, a project made from it, and a home watch plan for its house.
 */
async function leadWithRowsEverywhere(db: Kysely<Database>, dataDir: string): Promise<string> {
  const { id } = await insertLeadWithEverything(db, dataDir, { photos: 1 });
  await insertJobRows(db, id);
  const now = timestamp();
  const later = timestamp(new Date(Date.now() + 86_400_000));
  const visitId = randomUUID();
  await db
    .insertInto("site_visits")
    .values({
      id: visitId,
      lead_id: id,
      status: "proposed",
      proposed_by: "pat@causeway.test",
      proposed_at: now,
      confirmed_window_id: null,
      confirmed_at: null,
      starts_at: null,
      ends_at: null,
      ended_at: null,
    })
    .execute();
  await db
    .insertInto("visit_windows")
    .values({
      id: randomUUID(),
      visit_id: visitId,
      lead_id: id,
      position: 0,
      starts_at: later,
      ends_at: later,
      token_hash: randomUUID(),
      expires_at: later,
      used_at: null,
    })
    .execute();
  await db
    .insertInto("idempotency_keys")
    .values({ key: randomUUID(), lead_id: id, fingerprint: "f", created_at: now })
    .execute();
  await db
    .insertInto("review_requests")
    .values({
      lead_id: id,
      email: "dana@example.com",
      token_hash: randomUUID(),
      requested_by: "automatic",
      requested_at: now,
      expires_at: later,
      used_at: null,
      declined_at: null,
    })
    .execute();
  const document = await storeDocument(db, {
    fileName: "quote.pdf",
    contentType: "application/pdf",
    data: new TextEncoder().encode("%PDF-1.7 a quote"),
    leadId: id,
  });
  await db
    .insertInto("quote_versions")
    .values({
      id: randomUUID(),
      lead_id: id,
      version: 1,
      status: "sent",
      content: "{}",
      created_by: "pat@causeway.test",
      created_at: now,
      updated_at: now,
      sent_at: now,
      document_id: document.id,
    })
    .execute();
  await db
    .insertInto("reviews")
    .values({
      id: randomUUID(),
      lead_id: id,
      rating: 5,
      body: "The stairs are solid.",
      display_name: "Dana V.",
      town: "Surf City",
      created_at: now,
      hidden_reason: null,
      hidden_by: null,
      hidden_at: null,
      reply_body: null,
      reply_by: null,
      reply_at: null,
    })
    .execute();
  await db
    .insertInto("projects")
    .values({
      id: randomUUID(),
      slug: `deck-stairs-${id}`,
      title: "Deck stairs",
      service: "decks",
      town: "Surf City",
      finished: "2025-06",
      story: "New stairs.",
      status: "draft",
      lead_id: id,
      created_at: now,
      updated_at: now,
      published_at: null,
    })
    .execute();
  // A home watch plan for its house, with a visit: the plan's access notes go with the lead.
  const planId = randomUUID();
  await db
    .insertInto("watch_plans")
    .values({
      id: planId,
      lead_id: id,
      status: "draft",
      homeowner_name: "Dana Visitor",
      email: "dana@example.com",
      phone: "(609) 555-0117",
      address: "12 Dune Lane, Surf City, NJ",
      town: "Surf City",
      season_start: "2027-10-01",
      season_end: "2028-05-31",
      frequency: "weekly",
      weekday: 4,
      price_cents: 8_500,
      storm_price_cents: 12_000,
      access_sealed: "sealed",
      checklist: "[]",
      created_by: "pat@causeway.test",
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("watch_visits")
    .values({
      id: randomUUID(),
      plan_id: planId,
      day: "2027-10-07",
      kind: "regular",
      status: "scheduled",
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * How many rows of each table name this lead; `orNoLead` counts too those that name no lead, as
 * an invoice kept from a deleted lead does once its foreign key has let go.
 */
async function rowsAbout(db: Kysely<Database>, tables: readonly string[], leadId: string, orNoLead = false) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)}
      where lead_id = ${leadId}${orNoLead ? sql` or lead_id is null` : sql``}`.execute(db);
    counts[table] = Number(row.rows[0]?.n);
  }
  return counts;
}

/** Runs `work` with the foreign keys not enforced, as on a database that lacks them. */
async function withoutForeignKeys(
  db: Kysely<Database>,
  backend: Backend,
  work: (db: Kysely<Database>) => Promise<void>,
) {
  if (backend === "postgres") {
    // Foreign keys are triggers in PostgreSQL; in the replica role they do not fire.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await work(trx);
    });
    return;
  }
  // The pragma has no effect inside a transaction, and the handle is one connection.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await work(db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

describe.each(backends)("the tables deleted with a lead on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("are every table with a lead_id column, but for those kept on purpose", async () => {
    const db = await harness().db();
    expect(await tablesWithLeadId(db, backend)).toEqual([...LEAD_CHILD_TABLES, ...KEPT_TABLES].sort());
  });

  it.each(["enforced", "not enforced"] as const)(
    "leave no row about a deleted lead, with foreign keys %s, and keep another lead's",
    async (foreignKeys) => {
      const db = await harness().db();
      const deleted = await leadWithRowsEverywhere(db, harness().dataDir);
      const other = await leadWithRowsEverywhere(db, harness().dataDir);
      // Read from the database, not the list, so a table the list misses is checked all the same.
      const named = await tablesWithLeadId(db, backend);
      const goWithTheLead = named.filter((table) => !(KEPT_TABLES as readonly string[]).includes(table));
      const counts = (tables: readonly string[], n: number) => Object.fromEntries(tables.map((table) => [table, n]));
      // Each holds a row about the lead first: an empty table would pass without being tested.
      expect(await rowsAbout(db, named, deleted)).toEqual(counts(named, 1));

      const remove = (handle: Kysely<Database>) => deleteLeadRows(handle, [deleted]).then(() => undefined);
      if (foreignKeys === "enforced") await db.transaction().execute(remove);
      else await withoutForeignKeys(db, backend, remove);

      expect(await db.selectFrom("leads").select("id").where("id", "=", deleted).execute()).toEqual([]);
      expect(await rowsAbout(db, goWithTheLead, deleted)).toEqual(counts(goWithTheLead, 0));
      expect(await rowsAbout(db, KEPT_TABLES, deleted, true)).toEqual(counts(KEPT_TABLES, 1));
      expect(await rowsAbout(db, named, other)).toEqual(counts(named, 1));
    },
  );
});
