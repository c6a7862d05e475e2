/**
 * /job/:token/documents/:documentId: one of the job's PDFs (the accepted contract, the signed copy,
 * the warranty, an invoice, a receipt), behind the homeowner's link; only a document the job's page
 * lists is served.
 */
import { isId } from "~/forms/ids";
import { contentDisposition } from "~/infra/content-disposition.server";
import { getDatabase } from "~/infra/db.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { jobMoneyDocument } from "~/invoices/money-documents.server";
import { jobDocument } from "~/jobs/homeowner-job.server";
import { openJobLink } from "~/jobs/job-link.server";
import type { Route } from "./+types/job-document";

const notFound = () =>
  new Response("No such document.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params }: Route.LoaderArgs) {
  if (!isId(params.documentId)) return notFound();
  const { db } = await getDatabase();
  const link = await openJobLink(db, params.token);
  if (link.state !== "open") return notFound();
  const document =
    (await jobDocument(db, params.token, params.documentId)) ??
    (await jobMoneyDocument(db, link.jobId, params.documentId));
  if (!document) return notFound();
  return new Response(new Uint8Array(document.data), {
    headers: {
      ...tokenLinkHeaders(),
      "Content-Type": document.content_type,
      "Content-Disposition": contentDisposition("attachment", document.file_name),
    },
  });
}
