/**
 * What the homeowner's job page receives about the job, field by field. A loader's answer is in
 * the page's HTML and its `.data` whatever the page draws, so this names each thing the homeowner
 * is shown and passes on nothing else: no ids but those their links need, none of the owner's
 * notes, history or addresses. The money is `invoices/`'s homeowner view, beside it.
 */
import { formatCents } from "~/paperwork/money";
import { formatDateTimeWithZone } from "~/time/business-time";
import { changeOrderDocument } from "./change-order-document";
import type { ShownChangeOrder } from "./change-order-view";
import type { HomeownerJob } from "./homeowner-job.server";
import { jobPhotoFileName } from "./job-photos.server";
import { dayLabel, isOpen, JOB_STATE_LABELS } from "./job-rules";

const CHANGE_STATUS = {
  sent: "Waiting for your answer: nothing changes until you sign.",
  accepted: "Signed",
  declined: "Declined: the contract stays as it was.",
  lapsed: "Not signed while the job was open: it no longer applies.",
} as const;

/** What the state means for the homeowner, in a sentence. */
const STATE_TEXT = {
  scheduled: "Your job is scheduled. We will start on the start date below.",
  started: "Work has started.",
  completed: "Your job is complete.",
  cancelled: "This job is cancelled: you cancelled the contract.",
} as const;

export function homeownerJobView(job: HomeownerJob, token: string, now: Date) {
  const jobPath = `/job/${token}`;
  return {
    token,
    title: job.title,
    state: job.jobState,
    stateLabel: JOB_STATE_LABELS[job.jobState],
    stateText: STATE_TEXT[job.jobState],
    /** Once the job is over, the last day this page opens: it is the homeowner's to save copies by. */
    linkLastDay: job.linkLastDay ? dayLabel(job.linkLastDay) : null,
    start: job.startDay ? dayLabel(job.startDay) : null,
    completion: job.completionDay ? dayLabel(job.completionDay) : null,
    datesReason: job.datesReason,
    permit: job.permit,
    total: formatCents(job.contractTotalCents),
    documents: job.documents.map((document) => ({
      id: document.id,
      label: document.label,
      fileName: document.fileName,
    })),
    contract: job.contract
      ? {
          href: job.contract.href,
          cancelUntil:
            job.contract.cancelUntil && job.contract.cancelUntil > now
              ? formatDateTimeWithZone(new Date(job.contract.cancelUntil.getTime() - 60_000))
              : null,
        }
      : null,
    completed: job.completedDay ? dayLabel(job.completedDay) : null,
    warranty: job.warranty,
    warrantyRunsTo: job.warrantyRunsTo ? dayLabel(job.warrantyRunsTo) : null,
    photos: job.photos.map((photo) => ({
      id: photo.id,
      description: photo.description,
      width: photo.width,
      height: photo.height,
      small: `${jobPath}/photos/${jobPhotoFileName(photo.id, "small")}`,
      large: `${jobPath}/photos/${jobPhotoFileName(photo.id, "large")}`,
    })),
    changeOrders: job.changeOrders.map((order): ShownChangeOrder => {
      // An unanswered change to a job that is over (cancelled with its contract) cannot be signed.
      const status: ShownChangeOrder["status"] =
        order.status === "sent" && !isOpen(job.jobState) ? "lapsed" : order.status;
      return {
        id: order.id,
        number: order.number,
        status,
        statusText:
          order.status === "accepted" && order.acceptedAt
            ? `Signed by ${order.acceptedName ?? ""} on ${formatDateTimeWithZone(order.acceptedAt)}`
            : CHANGE_STATUS[status],
        document: changeOrderDocument(order.number, order.sent),
      };
    }),
  };
}

export type HomeownerJobView = ReturnType<typeof homeownerJobView>;
