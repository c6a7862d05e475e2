/**
 * The desk's reads and changes of leads. Quarantined leads stay out of the list (they have a page
 * of their own); every change is written to the lead's history with who made it, in the same
 * transaction as the change.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { csvDocument } from "~/leads/csv.server";
import {
  isLeadStatus,
  isLostReason,
  LOST_REASON_LABELS,
  NOTE_MAX_LENGTH,
  STATUS_LABELS,
  statusLabel,
  type LeadStatus,
  type LostReason,
} from "./lead-status";

export const PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 100;

export interface DeskListQuery {
  status?: LeadStatus;
  search?: string;
  page: number;
}

export interface DeskListRow {
  id: string;
  createdAt: Date;
  name: string;
  address: string;
  excerpt: string;
  photoCount: number;
  status: string;
}

export interface DeskList {
  rows: DeskListRow[];
  total: number;
  page: number;
  pages: number;
}

/** The list's query from the address bar; anything odd falls back to the plain list. */
export function parseListQuery(params: URLSearchParams): DeskListQuery {
  const status = params.get("status");
  const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const page = Number(params.get("page") ?? "1");
  return {
    status: isLeadStatus(status) ? status : undefined,
    search: search || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** LIKE's wildcards typed in a search are meant literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function excerpt(text: string, words = 12): string {
  const all = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  return all.length <= words ? all.join(" ") : `${all.slice(0, words).join(" ")}…`;
}

export async function listDeskLeads(db: Kysely<Database>, query: DeskListQuery): Promise<DeskList> {
  let base = db.selectFrom("leads").where("quarantined_at", "is", null);
  if (query.status) base = base.where("status", "=", query.status);
  if (query.search) {
    // Search the stored lower-case text; a query of digits also matches the phone's digits.
    const digits = query.search.replace(/\D/g, "");
    const needle = /^[\d\s()+.-]+$/.test(query.search) && digits.length >= 3 ? digits : query.search;
    base = base.where(sql<boolean>`search_text like ${likePattern(needle)} escape '\\'`);
  }
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await base
    .select(["id", "created_at", "name", "address", "status"])
    // The first words are all the list shows: do not read 5,000 characters per row for them.
    .select(sql<string>`substr(description, 1, 200)`.as("description_start"))
    .select(
      sql<number | string>`(select count(*) from lead_photos where lead_photos.lead_id = leads.id)`.as("photo_count"),
    )
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: toDate(row.created_at),
      name: row.name,
      address: row.address,
      excerpt: excerpt(row.description_start),
      photoCount: Number(row.photo_count),
      status: row.status,
    })),
    total,
    page,
    pages,
  };
}

export async function countNewLeads(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("quarantined_at", "is", null)
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DeskLead {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  status: string;
  lostReason: string | null;
  sourcePath: string | null;
  quarantined: boolean;
  spamReason: string | null;
  photos: { id: string; fileName: string; width: number; height: number; bytes: number }[];
  notes: { id: string; author: string; body: string; createdAt: Date }[];
  history: { id: string; actor: string; kind: string; detail: string; createdAt: Date }[];
}

/** Lead ids are UUIDs; anything else is not looked up at all. */
export function isLeadId(value: string | undefined): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

export async function getDeskLead(db: Kysely<Database>, id: string): Promise<DeskLead | undefined> {
  if (!isLeadId(id)) return undefined;
  const lead = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const [photos, notes, history] = await Promise.all([
    db
      .selectFrom("lead_photos")
      .select(["id", "file_name", "width", "height", "bytes"])
      .where("lead_id", "=", id)
      .orderBy("position")
      .execute(),
    db.selectFrom("lead_notes").selectAll().where("lead_id", "=", id).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("lead_events").selectAll().where("lead_id", "=", id).orderBy("created_at").orderBy("id").execute(),
  ]);
  return {
    id: lead.id,
    createdAt: toDate(lead.created_at),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    description: lead.description,
    status: lead.status,
    lostReason: lead.lost_reason,
    sourcePath: lead.source_path,
    quarantined: lead.quarantined_at !== null,
    spamReason: lead.spam_reason,
    photos: photos.map((p) => ({ id: p.id, fileName: p.file_name, width: p.width, height: p.height, bytes: p.bytes })),
    notes: notes.map((n) => ({ id: n.id, author: n.author, body: n.body, createdAt: toDate(n.created_at) })),
    history: history.map((h) => ({
      id: h.id,
      actor: h.actor,
      kind: h.kind,
      detail: h.detail,
      createdAt: toDate(h.created_at),
    })),
  };
}

export async function addEvent(
  trx: Kysely<Database>,
  leadId: string,
  actor: string,
  kind: string,
  detail: string,
  now: Date,
) {
  await trx
    .insertInto("lead_events")
    .values({ id: randomUUID(), lead_id: leadId, actor, kind, detail, created_at: timestamp(now) })
    .execute();
}

/**
 * The columns to set when a lead changes status: the first change away from New is when the
 * business first answered, which the numbers page measures.
 */
export function firstReply(
  lead: { status: string; first_reply_at: Date | string | null },
  next: string,
  now: Date,
): { first_reply_at?: string } {
  return lead.first_reply_at === null && lead.status === "new" && next !== "new"
    ? { first_reply_at: timestamp(now) }
    : {};
}

export type ChangeResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

export async function setLeadStatus(
  db: Kysely<Database>,
  id: string,
  rawStatus: unknown,
  rawReason: unknown,
  actor: string,
  now: Date = new Date(),
): Promise<ChangeResult> {
  if (!isLeadStatus(rawStatus)) return { ok: false, status: 400, error: "Choose a status from the list." };
  let reason: LostReason | null = null;
  if (rawStatus === "lost") {
    if (!isLostReason(rawReason))
      return {
        ok: false,
        status: 400,
        error: "Say why the lead was lost: price, timing, no answer, not our work or other.",
      };
    reason = rawReason;
  }
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const lead = await trx
      .selectFrom("leads")
      .select(["status", "lost_reason", "first_reply_at"])
      .where("id", "=", id)
      .where("quarantined_at", "is", null)
      .executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    if (lead.status === rawStatus && lead.lost_reason === reason) return { ok: true };
    await trx
      .updateTable("leads")
      .set({ status: rawStatus, lost_reason: reason, ...firstReply(lead, rawStatus, now) })
      .where("id", "=", id)
      .execute();
    const to = STATUS_LABELS[rawStatus] + (reason ? ` (${LOST_REASON_LABELS[reason]})` : "");
    await addEvent(trx, id, actor, "status", `Status: ${statusLabel(lead.status)} → ${to}`, now);
    return { ok: true };
  });
}

export async function addLeadNote(
  db: Kysely<Database>,
  id: string,
  rawBody: unknown,
  actor: string,
  now: Date = new Date(),
): Promise<ChangeResult> {
  const body = typeof rawBody === "string" ? rawBody.trim() : "";
  if (!body) return { ok: false, status: 400, error: "Write the note first." };
  if (body.length > NOTE_MAX_LENGTH)
    return { ok: false, status: 400, error: `Notes can be at most ${NOTE_MAX_LENGTH} characters.` };
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    await trx
      .insertInto("lead_notes")
      .values({ id: randomUUID(), lead_id: id, author: actor, body, created_at: timestamp(now) })
      .execute();
    await addEvent(trx, id, actor, "note", "Added a note", now);
    return { ok: true };
  });
}

/** Deletes the lead with its photos, notes, history and queued mail; returns its name, or undefined. */
export async function deleteDeskLead(db: Kysely<Database>, id: string): Promise<string | undefined> {
  if (!isLeadId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select(["name"]).where("id", "=", id).executeTakeFirst();
    if (!lead) return undefined;
    // Also done by ON DELETE CASCADE; explicit so a database without foreign keys enforced keeps no orphans.
    for (const table of ["lead_photos", "lead_notes", "lead_events", "outbox", "visit_windows", "site_visits"] as const)
      await trx.deleteFrom(table).where("lead_id", "=", id).execute();
    await trx.deleteFrom("leads").where("id", "=", id).execute();
    return lead.name;
  });
}

export async function leadPhoto(db: Kysely<Database>, leadId: string, photoId: string) {
  if (!isLeadId(leadId) || !/^[0-9a-f-]{36}$/.test(photoId)) return undefined;
  return db
    .selectFrom("lead_photos")
    .select(["data", "content_type", "file_name"])
    .where("id", "=", photoId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
}

export async function listQuarantine(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("leads")
    .select(["id", "created_at", "name", "email", "description", "spam_reason"])
    .where("quarantined_at", "is not", null)
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    excerpt: excerpt(row.description, 20),
    reason: row.spam_reason ?? "",
  }));
}

/** Every lead that is not held as spam, newest first, as a spreadsheet-safe CSV. */
export async function leadsCsv(db: Kysely<Database>): Promise<{ csv: string; count: number }> {
  const rows = await db
    .selectFrom("leads")
    .select([
      "id",
      "created_at",
      "name",
      "email",
      "phone",
      "address",
      "description",
      "status",
      "lost_reason",
      "source_path",
    ])
    .select(
      sql<number | string>`(select count(*) from lead_photos where lead_photos.lead_id = leads.id)`.as("photo_count"),
    )
    .where("quarantined_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  // Each header beside its value, so a column cannot be added, dropped or moved in one list only.
  const columns: { header: string; value: (row: (typeof rows)[number]) => string | number }[] = [
    { header: "id", value: (row) => row.id },
    { header: "received", value: (row) => toDate(row.created_at).toISOString() },
    { header: "name", value: (row) => row.name },
    { header: "email", value: (row) => row.email },
    { header: "phone", value: (row) => row.phone },
    { header: "address", value: (row) => row.address },
    { header: "description", value: (row) => row.description },
    { header: "status", value: (row) => statusLabel(row.status) },
    {
      header: "lost_reason",
      value: (row) => (row.lost_reason && isLostReason(row.lost_reason) ? LOST_REASON_LABELS[row.lost_reason] : ""),
    },
    { header: "source_page", value: (row) => row.source_path ?? "unknown" },
    { header: "photo_count", value: (row) => Number(row.photo_count) },
  ];
  const header = columns.map((column) => column.header);
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  return { csv: csvDocument(header, cells), count: rows.length };
}

export async function listSubscribers(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("subscribers")
    .select(["id", "email", "confirmed_at"])
    .where("status", "=", "confirmed")
    .orderBy("confirmed_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    confirmedAt: row.confirmed_at ? toDate(row.confirmed_at) : null,
  }));
}

export async function subscribersCsv(db: Kysely<Database>): Promise<{ csv: string; count: number }> {
  const rows = await listSubscribers(db);
  const cells = rows.map((row) => [row.email, row.confirmedAt ? row.confirmedAt.toISOString() : ""]);
  return { csv: csvDocument(["email", "confirmed_at"], cells), count: rows.length };
}

/** Removes a confirmed subscriber outright (the owner was asked to, or the address bounces). */
export async function removeSubscriber(db: Kysely<Database>, id: string): Promise<string | undefined> {
  if (typeof id !== "string" || id.length > 64) return undefined;
  const row = await db.selectFrom("subscribers").select("email").where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom("subscribers").where("id", "=", id).execute();
  return row.email;
}
