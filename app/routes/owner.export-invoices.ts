/** /owner/export/invoices.csv?year=2026: a year's invoices for the accountant, in QuickBooks' columns. */
import { ledgerDownload } from "~/invoices/ledger-csv.server";
import type { Route } from "./+types/owner.export-invoices";

export function loader({ request, context }: Route.LoaderArgs) {
  return ledgerDownload(request, context, "invoices");
}
