/**
 * /watch/:token/documents/:documentId: an invoice or receipt of the home watch plan, behind the
 * homeowner's link; only a document the plan's page lists is served, and only while the plan's
 * link opens it.
 */
import { isId } from "~/forms/ids";
import { contentDisposition } from "~/infra/content-disposition.server";
import { getDatabase } from "~/infra/db.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { planMoneyDocument } from "~/invoices/money-documents.server";
import { linkedPlanId } from "~/watch/watch-link.server";
import type { Route } from "./+types/watch-document";

const notFound = () =>
  new Response("No such document.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params }: Route.LoaderArgs) {
  if (!isId(params.documentId)) return notFound();
  const { db } = await getDatabase();
  const planId = await linkedPlanId(db, params.token);
  if (!planId) return notFound();
  const document = await planMoneyDocument(db, planId, params.documentId);
  if (!document) return notFound();
  return new Response(new Uint8Array(document.data), {
    headers: {
      ...tokenLinkHeaders(),
      "Content-Type": document.content_type,
      "Content-Disposition": contentDisposition("attachment", document.file_name),
    },
  });
}
