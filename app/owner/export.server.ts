/** Downloads of everyone's details: only with a recent sign-in, and each one in the audit log. */
import { redirect } from "react-router";
import { contentDisposition } from "~/infra/content-disposition.server";
import type { AuditAction } from "./audit.server";
import { deskChange } from "./desk-change.server";
import { signInPath } from "./paths";
import { requireOwnerOr401, signedInRecently } from "./sessions.server";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";

export async function csvDownload(
  request: Request,
  context: unknown,
  options: {
    action: AuditAction;
    fileStem: string;
    backTo: string;
    build(db: Kysely<Database>): Promise<{ csv: string; count: number }>;
  },
): Promise<Response> {
  const { db, session, actor } = await requireOwnerOr401(request, context);
  // A phone left unlocked on a table should not hand over every customer's details.
  if (!signedInRecently(session)) throw redirect(signInPath(`${options.backTo}?export=1`, true));
  const { csv, count } = await options.build(db);
  await deskChange(db, actor, new Date(), ({ audit }) => audit(options.action, `${count} rows`));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(
        "attachment",
        `${options.fileStem}-${new Date().toISOString().slice(0, 10)}.csv`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
