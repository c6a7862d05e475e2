/** /owner/export/payments.csv?year=2026: a year's payments received, for the accountant. */
import { ledgerYear, paymentsCsv } from "~/invoices/ledger-csv.server";
import { csvDownload } from "~/owner/export.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { dayOf } from "~/time/business-time";
import type { Route } from "./+types/owner.export-payments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const year = ledgerYear(new URL(request.url).searchParams.get("year"), dayOf(new Date()));
  if (year === undefined) {
    // Signed out, the answer is the same 401 as for a good year: nothing about the desk shows.
    await requireOwnerOr401(request, context);
    return new Response("Ask for a year such as 2026.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return csvDownload(request, context, {
    action: "export-payments",
    fileStem: `payments-${year}`,
    backTo: "/owner/stats",
    build: (db) => paymentsCsv(db, year),
  });
}
