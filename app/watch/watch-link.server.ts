/**
 * What the homeowner's link opens: the plan waiting to be accepted, or the plan running (or ended)
 * with its visits and invoices. Built field by field for the homeowner: the access notes, the owners' names and
 * the plan's other columns are never read here, so they cannot reach the page or its `.data`.
 */
import type { Kysely } from "kysely";
import { findByLinkToken, UNKNOWN_LINK, type DeadLink } from "~/infra/link-token.server";
import { toDate, type Database } from "~/infra/schema.server";
import type { PaperDocument } from "~/paperwork/document";
import { dayOf, formatDateTimeWithZone } from "~/time/business-time";
import { dayText } from "~/paperwork/document";
import { formatCents } from "~/paperwork/money";
import { planDocument } from "./plan-document";
import { parseWatchTerms } from "./plan-files.server";
import type { InvoiceListing } from "~/invoices/job-money.server";
import { planMoney } from "./plan-money.server";
import type { VisitKind, WatchVisitStatus } from "./watch-tables";

/** The report's page behind the plan's link (the same credential, so the same log rule). */
export const reportPath = (token: string, visitId: string) => `/watch/${token}/visits/${visitId}`;
/** An invoice's PDF behind the plan's link. */
export const documentPath = (token: string, documentId: string) => `/watch/${token}/documents/${documentId}`;

type Db = Kysely<Database>;

export interface HomeownerInvoice {
  number: string;
  label: string;
  amount: string;
  /** "Due by Monday, December 14, 2026", "Paid", "Overdue since …". */
  state: string;
  overdue: boolean;
  pdf: string | null;
}

export interface HomeownerVisit {
  day: string;
  kind: string;
  status: string;
  /** The report's page, once the visit is done. */
  report: string | null;
}

export type WatchLinkState =
  | { state: "open"; document: PaperDocument }
  | {
      state: "accepted" | "ended";
      document: PaperDocument;
      acceptedName: string;
      acceptedAt: string;
      sha256: string;
      season: string;
      nextVisit: string | null;
      visits: HomeownerVisit[];
      invoices: HomeownerInvoice[];
      endedAt: string | null;
    }
  | DeadLink;

const KIND_LABELS: Record<VisitKind, string> = { regular: "Visit", storm: "Storm check" };
const STATUS_LABELS: Record<WatchVisitStatus, string> = {
  scheduled: "Planned",
  started: "Under way",
  finished: "Done",
  cancelled: "Cancelled",
};

/** The plan behind a link's hash, with only the columns a homeowner's page is made from. */
export function planByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("watch_plans")
    .select([
      "id",
      "lead_id",
      "status",
      "terms",
      "homeowner_name",
      "email",
      "accepted_at",
      "accepted_name",
      "accepted_sha256",
      "ended_at",
      "sent_at",
    ])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

type LinkedPlan = NonNullable<Awaited<ReturnType<typeof planByTokenHash>>>;

export async function stateOfPlan(db: Db, plan: LinkedPlan, token: string, now: Date): Promise<WatchLinkState> {
  if (!plan.terms) return UNKNOWN_LINK;
  const terms = parseWatchTerms(plan.terms);
  const document = planDocument(plan.id, terms);
  if (plan.status === "sent") return { state: "open", document };
  if (plan.status !== "accepted" && plan.status !== "ended") return UNKNOWN_LINK;
  // A plan ended before it was accepted left nothing for the homeowner to see.
  if (!plan.accepted_at) return { state: "gone", status: 410 };
  const visits = await db
    .selectFrom("watch_visits")
    .select(["id", "day", "kind", "status"])
    .where("plan_id", "=", plan.id)
    .orderBy("day")
    .execute();
  const today = dayOf(now);
  const invoices = (await planMoney(db, plan.id, today)).invoices.filter((invoice) => invoice.state !== "void");
  const next = visits.find((v) => v.status === "scheduled" && v.day >= today);
  return {
    state: plan.status,
    document,
    acceptedName: plan.accepted_name ?? "",
    acceptedAt: formatDateTimeWithZone(toDate(plan.accepted_at)),
    sha256: plan.accepted_sha256 ?? "",
    season: `${dayText(terms.plan.seasonStart)} to ${dayText(terms.plan.seasonEnd)}`,
    nextVisit: next ? `${dayText(next.day)}${next.kind === "storm" ? " (storm check)" : ""}` : null,
    visits: visits.map((v) => ({
      day: dayText(v.day),
      kind: KIND_LABELS[v.kind],
      status: STATUS_LABELS[v.status],
      report: v.status === "finished" ? reportPath(token, v.id) : null,
    })),
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      label: invoice.label,
      amount: formatCents(invoice.amountCents),
      state: invoiceStateText(invoice),
      overdue: invoice.state === "overdue",
      pdf: invoice.documentId ? documentPath(token, invoice.documentId) : null,
    })),
    endedAt: plan.ended_at ? formatDateTimeWithZone(toDate(plan.ended_at)) : null,
  };
}

/** How the homeowner's page words where an invoice stands. */
function invoiceStateText(invoice: InvoiceListing): string {
  switch (invoice.state) {
    case "paid":
    case "settled":
      return "Paid, thank you";
    case "overdue":
      return `${formatCents(invoice.owedCents)} overdue since ${dayText(invoice.dueDay)}`;
    default:
      return invoice.paidCents > 0
        ? `${formatCents(invoice.owedCents)} left, due by ${dayText(invoice.dueDay)}`
        : `Due by ${dayText(invoice.dueDay)}`;
  }
}

/** The plan a link opens for its documents: one accepted (or since ended), else undefined. */
export async function linkedPlanId(db: Db, token: unknown): Promise<string | undefined> {
  const found = await findByLinkToken(token, (hash) => planByTokenHash(db, hash));
  if (found.state !== "found" || !found.record.accepted_at) return undefined;
  return found.record.status === "accepted" || found.record.status === "ended" ? found.record.id : undefined;
}

/** What the link opens now. */
export async function watchLink(db: Db, token: unknown, now: Date = new Date()): Promise<WatchLinkState> {
  const found = await findByLinkToken(token, (hash) => planByTokenHash(db, hash));
  return found.state === "found" ? stateOfPlan(db, found.record, found.token, now) : found;
}
