/**
 * How an owner's photo file is answered, whichever feature's it is (a project's, a written page's):
 * by its content-hashed name, cached for a year once the photo is public (a name never shows other
 * bytes), and until then shown only to a signed-in owner and never cached. Anyone else, and any name
 * not of the pipeline's shape, gets the same 404, so a stranger learns nothing of unpublished photos.
 */

/** `<16 hex digits of hash>-<width>.<avif|webp>`, as `photo-encoding.server.ts` names the files. */
export const PHOTO_FILE_NAME = /^[0-9a-f]{16}-\d{2,4}\.(avif|webp)$/;

export interface PhotoFile {
  data: Buffer;
  format: "avif" | "webp";
  /** Whether the public site shows the photo: only then may anyone have it, and caches keep it. */
  published: boolean;
}

const notFound = () =>
  new Response("No such photo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The answer to a GET of the file `name`: `find` reads it, `ownerSignedIn` is asked only for a file
 * not yet public, so a public file costs no session read.
 */
export async function photoFileAnswer(
  name: string,
  find: (name: string) => Promise<PhotoFile | undefined>,
  ownerSignedIn: () => Promise<boolean>,
): Promise<Response> {
  if (!PHOTO_FILE_NAME.test(name)) return notFound();
  const file = await find(name);
  if (!file) return notFound();
  if (!file.published && !(await ownerSignedIn())) return notFound();
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": `image/${file.format}`,
      "Content-Length": String(file.data.length),
      "Cache-Control": file.published ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
}
