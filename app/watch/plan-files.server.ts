/**
 * A plan's PDFs, made only from the terms it was sent with: the plan as sent (and as accepted, the
 * same bytes made again), and the signed copy with the acceptance record on its last page.
 */
import { renderDocumentPdf } from "~/paperwork/document-pdf.server";
import { planDocument, type WatchTerms } from "./plan-document";

export type PlanFileKind = "sent" | "accepted" | "signed";

const SUFFIX: Record<PlanFileKind, string> = { sent: "", accepted: "-accepted", signed: "-signed" };

export const planFileName = (kind: PlanFileKind) => `home-watch-plan${SUFFIX[kind]}.pdf`;

export function planPdf(planId: string, terms: WatchTerms, sentAt: Date, auditLines?: string[]): Promise<Uint8Array> {
  return renderDocumentPdf(planDocument(planId, terms), {
    madeAt: sentAt,
    producer: terms.contractor.shortName,
    audit: auditLines ? { lines: auditLines } : undefined,
  });
}

/** Stored terms back; they were written by `sendPlan` from the type itself. */
export function parseWatchTerms(json: string): WatchTerms {
  const terms = JSON.parse(json) as WatchTerms;
  if (!terms.contractor || !terms.plan || !Array.isArray(terms.checklist))
    throw new Error("watch terms without a plan");
  return terms;
}
