/** /owner/export/payments.csv?year=2026: a year's payments received, for the accountant. */
import { ledgerDownload } from "~/invoices/ledger-csv.server";
import type { Route } from "./+types/owner.export-payments";

export function loader({ request, context }: Route.LoaderArgs) {
  return ledgerDownload(request, context, "payments");
}
