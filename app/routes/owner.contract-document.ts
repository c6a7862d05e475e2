/**
 * /owner/leads/:id/documents/:documentId: one of a lead's contract documents (the quote as sent,
 * the accepted contract, the signed copy, the record of a cancellation, a change order and its
 * signed copy, the warranty given at completion, an invoice, a receipt) as a download. They hold
 * the homeowner's name, address and signature, so, like the exports, they ask for a sign-in within
 * the last 10 minutes, and each download goes in the audit log.
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { contentDisposition } from "~/infra/content-disposition.server";
import { isLeadId } from "~/leads/record/queries.server";
import { deskChange } from "~/owner/desk-change.server";
import { quotePath, signInPath } from "~/owner/paths";
import { requireOwnerOr401, signedInRecently } from "~/owner/sessions.server";
import { leadMoneyDocument } from "~/invoices/money-documents.server";
import { leadJobDocument } from "~/jobs/jobs.server";
import { leadContractDocument } from "~/quotes/quote-versions.server";
import type { Route } from "./+types/owner.contract-document";

const notFound = () =>
  new Response("No such document.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, session, actor } = await requireOwnerOr401(request, context);
  if (!isLeadId(params.id) || !isId(params.documentId)) return notFound();
  if (!signedInRecently(session)) throw redirect(signInPath(quotePath(params.id), true));
  const document =
    (await leadContractDocument(db, params.id, params.documentId)) ??
    (await leadJobDocument(db, params.id, params.documentId)) ??
    (await leadMoneyDocument(db, params.id, params.documentId));
  if (!document) return notFound();
  await deskChange(db, actor, new Date(), ({ audit }) => audit("contract-document-downloaded", document.file_name));
  return new Response(new Uint8Array(document.data), {
    headers: {
      "Content-Type": document.content_type,
      "Cache-Control": "private, no-store",
      "Content-Disposition": contentDisposition("attachment", document.file_name),
    },
  });
}
