/**
 * /projects/photos/:name, a project's photo file by its content-hashed name: cached for a year,
 * since a name never shows other bytes. A photo of a project that is not published is shown only
 * to a signed-in owner (the desk's drafts), and never cached.
 */
import { getDatabase } from "~/infra/db.server";
import { readSession } from "~/owner/sessions.server";
import { photoFile } from "~/projects/project-photos.server";
import type { Route } from "./+types/project-photo";

const NAME = /^[0-9a-f]{16}-\d{2,4}\.(avif|webp)$/;

const notFound = () =>
  new Response("No such photo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!NAME.test(params.name)) return notFound();
  const { db } = await getDatabase();
  const file = await photoFile(db, params.name);
  if (!file) return notFound();
  if (!file.published && !(await readSession(db, request))) return notFound();
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": `image/${file.format}`,
      "Content-Length": String(file.data.length),
      "Cache-Control": file.published ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
}
