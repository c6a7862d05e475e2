/**
 * The frame of every desk page (/owner/…). It says whether someone is signed in and what waits for
 * the owner (new leads, late jobs, overdue invoices) for the navigation's counts; each page checks
 * the session itself, so none depends on this loader having run.
 */
import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { getDatabase } from "~/infra/db.server";
import { DeskFrame } from "~/owner/desk-frame";
import { deskHandle } from "~/owner/desk-handle";
import { useDeskOfflineCopy } from "~/owner/offline-copy";
import { countOverdueInvoices } from "~/invoices/overdue.server";
import { countLateJobs } from "~/jobs/jobs.server";
import { countNewLeads } from "~/leads/record/queries.server";
import { NO_COUNTS, type DeskCounts } from "~/owner/desk-navigation";
import { readSession } from "~/owner/sessions.server";
import { dayOf } from "~/time/business-time";
import type { Route } from "./+types/owner";

export const handle = deskHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  if (!session) return { signedIn: false, counts: NO_COUNTS };
  const today = dayOf(new Date());
  const [newLeads, lateJobs, overdue] = await Promise.all([
    countNewLeads(db),
    countLateJobs(db, today),
    countOverdueInvoices(db, today),
  ]);
  const counts: DeskCounts = { newLeads, lateJobs, overdueInvoices: overdue };
  return { signedIn: true, counts };
}

/**
 * The counts follow the owner's navigations and changes. A page asking again for its own data at
 * the same address (the project page every 3 s while photos are processed) leaves them be: a poll
 * has no reason to count them again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === undefined && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  useDeskOfflineCopy(loaderData.signedIn);
  return (
    <DeskFrame signedIn={loaderData.signedIn} counts={loaderData.counts}>
      <Outlet />
    </DeskFrame>
  );
}
