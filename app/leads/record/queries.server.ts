/**
 * Reading the lead record: the desk's list, search and page of one lead, the command line's list,
 * the leads waiting for an answer (the digest, the reminders) and what the quarantine holds.
 * Quarantined leads stay out of everything but the quarantine and the command's `--quarantine`.
 */
import { sql, type Kysely } from "kysely";
import { isId } from "~/forms/ids";
import { idPrefix } from "~/infra/id-prefix";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { isLeadStatus, type LeadStatus } from "./status";

type Db = Kysely<Database>;

/** Lead ids are UUIDs; anything else is not looked up at all. */
export function isLeadId(value: string | undefined): value is string {
  return isId(value);
}

/** PostgreSQL's count() is a bigint, which node-postgres hands over as a string. */
const photoCount = sql<number | string>`(select count(*) from lead_photos where lead_photos.lead_id = leads.id)`;

export function excerpt(text: string, words = 12): string {
  const all = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  return all.length <= words ? all.join(" ") : `${all.slice(0, words).join(" ")}…`;
}

// ---------------------------------------------------------------------------------------------
// The desk's list

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

export async function listDeskLeads(db: Db, query: DeskListQuery): Promise<DeskList> {
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
    .select(photoCount.as("photo_count"))
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

// ---------------------------------------------------------------------------------------------
// One lead

/** What the visitor sent, as stored. */
export interface LeadRequest {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
}

export interface DeskLead extends LeadRequest {
  status: string;
  lostReason: string | null;
  sourcePath: string | null;
  /** The service of the job, set on the lead page; null until then. */
  service: string | null;
  quarantined: boolean;
  spamReason: string | null;
  photos: { id: string; fileName: string; width: number; height: number; bytes: number }[];
  notes: { id: string; author: string; body: string; createdAt: Date }[];
  history: { id: string; actor: string; kind: string; detail: string; createdAt: Date }[];
}

export async function getDeskLead(db: Db, id: string): Promise<DeskLead | undefined> {
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
    service: lead.service,
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

export async function leadPhoto(db: Db, leadId: string, photoId: string) {
  if (!isLeadId(leadId) || !isId(photoId)) return undefined;
  return db
    .selectFrom("lead_photos")
    .select(["data", "content_type", "file_name"])
    .where("id", "=", photoId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
}

export async function listQuarantine(db: Db) {
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

// ---------------------------------------------------------------------------------------------
// Leads still New: the desk's count, the morning digest, the reminders

function stillNew(db: Db) {
  return db.selectFrom("leads").where("status", "=", "new").where("quarantined_at", "is", null);
}

export async function countNewLeads(db: Db): Promise<number> {
  const row = await stillNew(db)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The `limit` leads waiting longest for an answer, oldest first, and how many wait in all. */
export async function waitingLeads(
  db: Db,
  limit: number,
): Promise<{ leads: { id: string; name: string; createdAt: Date }[]; total: number }> {
  const rows = await stillNew(db).select(["id", "name", "created_at"]).orderBy("created_at").limit(limit).execute();
  return {
    leads: rows.map((row) => ({ id: row.id, name: row.name, createdAt: toDate(row.created_at) })),
    total: await countNewLeads(db),
  };
}

export interface ReminderCandidate {
  id: string;
  createdAt: Date;
  name: string;
  address: string;
  description: string;
  photoCount: number;
}

/** Leads still New, never reminded of, created in [from, to], oldest first. */
export async function leadsNotYetReminded(
  db: Db,
  range: { from: Date; to: Date; limit: number },
): Promise<ReminderCandidate[]> {
  const rows = await stillNew(db)
    .select(["id", "created_at", "name", "address", "description"])
    .select(photoCount.as("photo_count"))
    .where("reminded_at", "is", null)
    .where("created_at", "<=", timestamp(range.to))
    .where("created_at", ">=", timestamp(range.from))
    .orderBy("created_at")
    .limit(range.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    address: row.address,
    description: row.description,
    photoCount: Number(row.photo_count),
  }));
}

// ---------------------------------------------------------------------------------------------
// The command line's list

export interface LeadSummary extends LeadRequest {
  photoCount: number;
}

/** Leads proper, the ones held as suspected spam, or both. */
export type LeadSet = "leads" | "quarantined" | "all";

function inSet(db: Db, set: LeadSet) {
  return db
    .selectFrom("leads")
    .$if(set === "leads", (qb) => qb.where("quarantined_at", "is", null))
    .$if(set === "quarantined", (qb) => qb.where("quarantined_at", "is not", null));
}

function summaries(db: Db, set: LeadSet) {
  return inSet(db, set)
    .select(["id", "created_at", "name", "email", "phone", "address", "description"])
    .select(photoCount.as("photo_count"))
    .orderBy("created_at", "desc")
    .orderBy("id");
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

function summary(row: SummaryRow): LeadSummary {
  return {
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    description: row.description,
    photoCount: Number(row.photo_count),
  };
}

export async function countLeads(db: Db, set: LeadSet = "leads"): Promise<number> {
  const row = await inSet(db, set)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export async function listLeads(db: Db, limit: number, set: LeadSet = "leads"): Promise<LeadSummary[]> {
  return (await summaries(db, set).limit(limit).execute()).map(summary);
}

export type FindLeadResult =
  | { found: true; lead: LeadSummary }
  | { found: false; reason: "not-found" | "ambiguous" | "invalid-id"; matches?: LeadSummary[] };

/** One lead of `set`, given its id or a unique prefix of it, as the list shows it. */
export async function findLead(db: Db, idOrPrefix: string, set: LeadSet): Promise<FindLeadResult> {
  const prefix = idPrefix(idOrPrefix);
  if (!prefix) return { found: false, reason: "invalid-id" };
  const matches = (await summaries(db, set).where("id", "like", `${prefix}%`).limit(5).execute()).map(summary);
  const lead = matches[0];
  if (!lead) return { found: false, reason: "not-found" };
  if (matches.length > 1) return { found: false, reason: "ambiguous", matches };
  return { found: true, lead };
}
