/**
 * Migration 0014 on a database whose quotes were sent before versions kept their terms, on SQLite
 * and PostgreSQL: each sent version takes the contract facts and certificate as they stand at the
 * upgrade (what its page showed until then), a draft takes none, and from then on a change on the
 * Site page no longer reaches it.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/infra/db.server";
import { migrateToLatest, migrations } from "~/infra/migrations.server";
import { hashToken, randomToken } from "~/infra/link-token.server";
import { parseTerms } from "~/paperwork/contract-terms";
import { quoteLink } from "~/quotes/quote-link.server";
import { createTestDatabase } from "../support/postgres";
import { deckQuote } from "../support/quotes";

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

const LEAD = "11111111-1111-4111-8111-111111111111";

describe.each(["sqlite", "postgres"] as const)("the contract terms backfill on %s", (backend) => {
  it("gives each version already sent the facts and certificate of the upgrade, and a draft none", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-"));
    const databaseUrl = backend === "postgres" ? await createTestDatabase(inject("postgresUrl")) : undefined;
    const handle = openDatabase({ dataDir, databaseUrl });
    handles.push(handle);
    const db = handle.db;
    await migrateToLatest(
      db,
      handle.dialect,
      migrations.filter((m) => m.name < "0014"),
    );

    const at = new Date().toISOString();
    await sql`insert into leads (id, created_at, name, email, phone, address, description, status)
        values (${LEAD}, ${at}, 'Dana Visitor', 'dana@example.com', '609', '12 Dune Lane, Surf City, NJ', 'y', 'quoted')`.execute(
      db,
    );
    await sql`insert into stored_documents (id, lead_id, file_name, content_type, sha256, bytes, data, created_at)
        values ('cert-1', null, 'certificate.pdf', 'application/pdf', 'x', 3, ${Buffer.from("pdf")}, ${at})`.execute(
      db,
    );
    const payment = JSON.stringify({ depositPercent: 30, milestones: [] });
    await sql`insert into contract_facts (id, insurer_name, insurer_phone, consumer_affairs_phone, warranty,
        payment_terms, certificate_document_id, updated_by, updated_at)
        values (1, 'Barnegat Mutual', '(609) 555-0190', '(973) 504-6200', 'Two years on workmanship.',
        ${payment}, 'cert-1', 'pat', ${at})`.execute(db);
    const token = randomToken();
    const content = JSON.stringify(deckQuote());
    await sql`insert into quote_versions (id, lead_id, version, status, content, created_by, created_at, updated_at,
        sent_at, valid_until, token_hash)
        values ('v1', ${LEAD}, 1, 'sent', ${content}, 'pat@causeway.test', ${at}, ${at}, ${at}, ${deckQuote().validUntil},
        ${hashToken(token)})`.execute(db);
    await sql`insert into quote_versions (id, lead_id, version, status, content, created_by, created_at, updated_at)
        values ('v2', ${LEAD}, 2, 'draft', ${content}, 'pat@causeway.test', ${at}, ${at})`.execute(db);

    expect(await migrateToLatest(db, handle.dialect)).toContain("0014_contract_terms");

    const rows = await db.selectFrom("quote_versions").select(["id", "terms"]).orderBy("id").execute();
    expect(rows.find((r) => r.id === "v2")?.terms).toBeNull();
    const terms = parseTerms(rows.find((r) => r.id === "v1")?.terms ?? "{}");
    expect(terms.facts.warranty).toBe("Two years on workmanship.");
    expect(terms.facts.payment.depositPercent).toBe(30);
    expect(terms.certificateDocumentId).toBe("cert-1");
    // The words of a version sent before they were recorded are today's, which name the business,
    // never the owner who sent it.
    expect(terms.wording.signing).toContain("signs this contract by sending it.");
    expect(terms.wording.signing).not.toContain("pat@causeway.test");

    // The Site page changes after the upgrade: the version sent before keeps what it showed.
    await db.updateTable("contract_facts").set({ warranty: "No warranty of any kind." }).execute();
    const link = await quoteLink(db, token);
    if (link.state !== "open") throw new Error(`the link is ${link.state}`);
    const warranty = link.view.document.sections.find((s) => s.heading === "Warranty");
    expect(warranty?.paragraphs).toEqual(["Two years on workmanship."]);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
