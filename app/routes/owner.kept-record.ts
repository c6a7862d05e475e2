/**
 * /owner/records/:documentId: the PDF of a record kept after its lead was deleted (a signed
 * contract, a change order, a warranty letter). It names the customer, so like the lead's own
 * documents it asks for a sign-in within the last 10 minutes, and each download is audited.
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { contentDisposition } from "~/infra/content-disposition.server";
import { keptDocument } from "~/invoices/kept-records.server";
import { deskChange } from "~/owner/desk-change.server";
import { signInPath } from "~/owner/paths";
import { requireOwnerOr401, signedInRecently } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.kept-record";

const notFound = () =>
  new Response("No such record.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, session, actor } = await requireOwnerOr401(request, context);
  if (!isId(params.documentId)) return notFound();
  if (!signedInRecently(session)) throw redirect(signInPath("/owner/stats", true));
  const document = await keptDocument(db, params.documentId);
  if (!document) return notFound();
  await deskChange(db, actor, new Date(), ({ audit }) => audit("kept-record-downloaded", document.file_name));
  return new Response(new Uint8Array(document.data), {
    headers: {
      "Content-Type": document.content_type,
      "Cache-Control": "private, no-store",
      "Content-Disposition": contentDisposition("attachment", document.file_name),
    },
  });
}
