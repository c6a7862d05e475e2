/** /owner/export/subscribers.csv: confirmed newsletter subscribers, for the mailing tool. */
import { csvDownload } from "~/owner/export.server";
import { subscribersCsv } from "~/leads/subscribers.server";
import type { Route } from "./+types/owner.export-subscribers";

export function loader({ request, context }: Route.LoaderArgs) {
  return csvDownload(request, context, {
    action: "export-subscribers",
    fileStem: "subscribers",
    backTo: "/owner/subscribers",
    build: subscribersCsv,
  });
}
