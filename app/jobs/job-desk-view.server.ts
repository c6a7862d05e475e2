/**
 * The desk's job page as it is shown: its state, total, dates, permit, change orders, progress
 * photos, link and history, in the owner's words. The money is `invoices/`'s, beside it.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { contractDocumentPath, jobPath } from "~/owner/paths";
import { formatCents } from "~/paperwork/money";
import { formatDateTime } from "~/time/business-time";
import { changeOrdersOf } from "./change-orders.server";
import { deskLinkView } from "./job-link.server";
import { jobPhotoFileName, jobPhotosOf } from "./job-photos.server";
import { dayLabel, isLate, JOB_STATE_LABELS } from "./job-rules";
import { contractTotalOf, jobHistory, type JobRow } from "./jobs.server";

/** `search` is the page's query: `?link=` names what the link's own route did. */
export async function jobDeskView(db: Kysely<Database>, job: JobRow, search: URLSearchParams, today: string) {
  const [history, orders, totalCents, photos] = await Promise.all([
    jobHistory(db, job.id),
    changeOrdersOf(db, job.id),
    contractTotalOf(db, job),
    jobPhotosOf(db, job.id),
  ]);
  const photoPath = (id: string, size: "small" | "large") => `${jobPath(job.id)}/photos/${jobPhotoFileName(id, size)}`;
  return {
    today,
    link: deskLinkView(job, search.get("link"), new Date()),
    id: job.id,
    leadId: job.lead_id,
    name: job.lead_name,
    title: job.title,
    state: job.state,
    stateLabel: JOB_STATE_LABELS[job.state],
    late: isLate(job, today),
    total: formatCents(totalCents),
    changeOrders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      status:
        order.status === "sent" ? "Waiting for the homeowner" : order.status === "accepted" ? "Signed" : "Declined",
      amount: formatCents(order.amountCents),
      reason: order.reason,
      sent: order.documentId ? contractDocumentPath(job.lead_id, order.documentId) : null,
      signed: order.signedDocumentId ? contractDocumentPath(job.lead_id, order.signedDocumentId) : null,
    })),
    startDay: job.start_day ?? "",
    completionDay: job.completion_day ?? "",
    dates:
      job.start_day && job.completion_day
        ? `${dayLabel(job.start_day)} to ${dayLabel(job.completion_day)}`
        : "Not set yet",
    permit: job.permit_number
      ? `Permit ${job.permit_number}, issued by ${job.permit_issuer ?? ""}`
      : job.no_permit_reason
        ? `No permit needed: ${job.no_permit_reason}`
        : null,
    photos: photos.map((photo) => ({
      ...photo,
      small: photoPath(photo.id, "small"),
      large: photoPath(photo.id, "large"),
    })),
    uploadKey: randomUUID(),
    history: history.map((event) => ({
      at: formatDateTime(event.created_at),
      actor: event.actor,
      detail: event.detail,
    })),
  };
}
