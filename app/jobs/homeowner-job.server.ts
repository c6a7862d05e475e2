/**
 * The homeowner's job, as their link opens it: what they are owed the sight of (the state, the
 * dates and why they moved, the permit, the contract's documents and total, the progress photos,
 * and at completion the warranty and its last day), its documents and its photos. Opening it
 * reads and changes nothing.
 */
import type { Kysely } from "kysely";
import { hashToken, UNKNOWN_LINK, type DeadLink } from "~/infra/link-token.server";
import { toDate, type Database } from "~/infra/schema.server";
import { quoteFileName } from "~/quotes/quote-files.server";
import { dayOf } from "~/time/business-time";
import { changeOrderFileName } from "./change-order-document";
import { changeOrdersOf, type ChangeOrderListing } from "./change-orders.server";
import { lastLinkDayOf, openJobLink } from "./job-link.server";
import { jobPhotoFile, jobPhotosOf, type JobPhotoListing } from "./job-photos.server";
import { warrantyRunsTo } from "./job-rules";
import { contractTotalOf } from "./jobs.server";
import type { JobState } from "./jobs-tables";

type Db = Kysely<Database>;

export interface JobDocument {
  id: string;
  label: string;
  fileName: string;
}

export interface HomeownerJob {
  state: "open";
  jobId: string;
  leadId: string;
  homeownerName: string;
  title: string;
  jobState: JobState;
  /** The last day the link opens the page; null while the job is open. */
  linkLastDay: string | null;
  startDay: string | null;
  completionDay: string | null;
  datesReason: string | null;
  permit: string | null;
  contractTotalCents: number;
  /** The accepted total before change orders, and the version it came from: the money's basis. */
  baseCents: number;
  quoteVersionId: string | null;
  /**
   * The contract's own page, where it can still be cancelled in time: only while this link is the
   * one the quote was accepted at (a new link sent in its place opens the job's page alone).
   */
  contract: { href: string; cancelUntil: Date | null } | null;
  completedDay: string | null;
  warranty: string;
  warrantyRunsTo: string | undefined;
  documents: JobDocument[];
  changeOrders: ChangeOrderListing[];
  photos: JobPhotoListing[];
}

export async function jobByLink(db: Db, token: unknown, now: Date = new Date()): Promise<HomeownerJob | DeadLink> {
  const link = await openJobLink(db, token, now);
  if (link.state !== "open") return link;
  if (typeof token !== "string") return UNKNOWN_LINK;
  const job = await db
    .selectFrom("jobs as j")
    .innerJoin("leads as l", "l.id", "j.lead_id")
    .leftJoin("quote_versions as q", "q.id", "j.quote_version_id")
    .selectAll("j")
    .select([
      "l.name as lead_name",
      "q.version",
      "q.token_hash as quote_token_hash",
      "q.cancel_until",
      "q.accepted_document_id",
      "q.signed_document_id",
    ])
    .where("j.id", "=", link.jobId)
    .executeTakeFirst();
  if (!job) return UNKNOWN_LINK;
  const documents: JobDocument[] = [];
  if (job.accepted_document_id && job.version !== null)
    documents.push({
      id: job.accepted_document_id,
      label: "The contract you accepted",
      fileName: quoteFileName(job.version, "accepted"),
    });
  if (job.signed_document_id && job.version !== null)
    documents.push({
      id: job.signed_document_id,
      label: "The contract signed by both of us",
      fileName: quoteFileName(job.version, "signed"),
    });
  if (job.warranty_document_id)
    documents.push({ id: job.warranty_document_id, label: "Your written warranty", fileName: "warranty.pdf" });
  const [orders, photos] = await Promise.all([changeOrdersOf(db, job.id), jobPhotosOf(db, job.id)]);
  for (const order of orders) {
    if (order.documentId)
      documents.push({
        id: order.documentId,
        label: `Change order ${order.number}`,
        fileName: changeOrderFileName(order.number, false),
      });
    if (order.signedDocumentId)
      documents.push({
        id: order.signedDocumentId,
        label: `Change order ${order.number}, signed by both of us`,
        fileName: changeOrderFileName(order.number, true),
      });
  }
  const completedDay = job.completed_at ? dayOf(toDate(job.completed_at)) : null;
  return {
    state: "open",
    jobId: job.id,
    leadId: job.lead_id,
    homeownerName: job.lead_name,
    title: job.title,
    jobState: job.state,
    linkLastDay: lastLinkDayOf(job),
    startDay: job.start_day,
    completionDay: job.completion_day,
    datesReason: job.dates_reason,
    permit: job.permit_number
      ? `Permit ${job.permit_number}, issued by ${job.permit_issuer ?? ""}`
      : job.no_permit_reason
        ? `No permit needed: ${job.no_permit_reason}`
        : null,
    contractTotalCents: await contractTotalOf(db, job),
    baseCents: job.base_cents,
    quoteVersionId: job.quote_version_id,
    contract:
      job.quote_token_hash === hashToken(token)
        ? { href: `/quote/${token}?view=contract`, cancelUntil: job.cancel_until ? toDate(job.cancel_until) : null }
        : null,
    completedDay,
    warranty: job.warranty,
    warrantyRunsTo: completedDay ? warrantyRunsTo(job.warranty, completedDay) : undefined,
    documents,
    changeOrders: orders,
    photos,
  };
}

/** One of the job's documents, when `documentId` is one the job's page lists. */
export async function jobDocument(db: Db, token: unknown, documentId: string) {
  const job = await jobByLink(db, token);
  if (job.state !== "open" || !job.documents.some((d) => d.id === documentId)) return undefined;
  return db
    .selectFrom("stored_documents")
    .select(["file_name", "content_type", "data"])
    .where("id", "=", documentId)
    .executeTakeFirst();
}

/** One of the job's progress photos, by the file name its page links to. */
export async function jobPhotoByLink(db: Db, token: unknown, fileName: string) {
  const link = await openJobLink(db, token);
  return link.state === "open" ? jobPhotoFile(db, link.jobId, fileName) : undefined;
}
