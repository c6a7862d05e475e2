/** Reads what the server stored, straight from its database (SQLite file or PostgreSQL). */
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

export interface StoredLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  photos: number;
}

export async function storedLeads(target: { dataDir: string; databaseUrl?: string }): Promise<StoredLead[]> {
  const query = `select l.id, l.name, l.email, l.phone, (select count(*) from lead_photos p where p.lead_id = l.id) as photos
    from leads l order by l.created_at`;
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<StoredLead & { photos: string }>(query);
      return rows.map((r) => ({ ...r, photos: Number(r.photos) }));
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(target.dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all() as StoredLead[];
  } finally {
    db.close();
  }
}

export interface StoredMail {
  recipient: string;
  kind: string;
  leadId: string | null;
}

/** Every email the server queued (sent or not), oldest first, straight from its outbox table. */
export async function storedMail(target: { dataDir: string; databaseUrl?: string }): Promise<StoredMail[]> {
  const query = `select recipient, kind, lead_id as "leadId" from outbox order by created_at, recipient`;
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return (await client.query<StoredMail>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(target.dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all() as StoredMail[];
  } finally {
    db.close();
  }
}
