/**
 * POST /api/estimate: the estimate form's endpoint when JavaScript is on. Answers
 * `{ "success": true }`, or `{ "success": false, "error": "…", "fieldErrors"?: {…} }` with a 4xx that
 * says what was wrong. Rate limiting (429) happens in the server before this.
 */
import { estimateApiBody, handleEstimateSubmission } from "~/leads/estimate.server";
import { clientIpFrom } from "~/infra/request-context.server";
import type { Route } from "./+types/api.estimate";

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await handleEstimateSubmission(request, { clientIp: clientIpFrom(context) });
  return Response.json(estimateApiBody(outcome), { status: outcome.status, headers: noStore });
}

export function loader() {
  return Response.json(
    { success: false, error: "Send estimate requests with POST." },
    { status: 405, headers: { ...noStore, Allow: "POST" } },
  );
}
