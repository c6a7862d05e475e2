/**
 * POST /api/newsletter: the signup form's endpoint when JavaScript is on. JSON or form
 * `{ email }`; answers `{}` (the same whether or not the address was known) or `{ "error": "…" }`
 * with a 4xx.
 */
import { handleNewsletterSignup } from "~/leads/newsletter.server";
import type { Route } from "./+types/api.newsletter";

const noStore = { "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  const outcome = await handleNewsletterSignup(request);
  return Response.json(outcome.body, { status: outcome.status, headers: noStore });
}

export function loader() {
  return Response.json({ error: "Send signups with POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}
