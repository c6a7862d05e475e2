/** /owner/export/leads.csv: every lead not held as spam, for a spreadsheet. */
import { csvDownload } from "~/owner/export.server";
import { leadsCsv } from "~/leads/record/export.server";
import type { Route } from "./+types/owner.export-leads";

export function loader({ request, context }: Route.LoaderArgs) {
  return csvDownload(request, context, {
    action: "export-leads",
    fileStem: "leads",
    backTo: "/owner",
    build: leadsCsv,
  });
}
