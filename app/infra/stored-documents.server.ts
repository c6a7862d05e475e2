/**
 * Files the site makes or receives at run time and mails by reference (a quote's PDF, the
 * insurance certificate): stored in the database like lead photos, so every instance can attach
 * them and a backup holds them. The outbox names a document by id; the mail worker reads the bytes
 * when it sends.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, type Database } from "./schema.server";

export interface NewDocument {
  fileName: string;
  contentType: string;
  data: Uint8Array;
  /** The lead it is about: deleting the lead deletes it. */
  leadId?: string | null;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Stores the file; returns its id and SHA-256. Pass the transaction that writes what it belongs to. */
export async function storeDocument(
  db: Kysely<Database>,
  document: NewDocument,
  now: Date = new Date(),
): Promise<{ id: string; sha256: string }> {
  const id = randomUUID();
  const sha256 = sha256Hex(document.data);
  await db
    .insertInto("stored_documents")
    .values({
      id,
      lead_id: document.leadId ?? null,
      file_name: document.fileName,
      content_type: document.contentType,
      sha256,
      bytes: document.data.byteLength,
      data: Buffer.from(document.data),
      created_at: timestamp(now),
    })
    .execute();
  return { id, sha256 };
}

export async function readDocument(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("stored_documents").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, data: Buffer.from(row.data) } : undefined;
}
