/** A progress photo's bytes as a response, for the homeowner's address and the desk's alike. */
const notFound = () =>
  new Response("No such photo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function photoResponse(
  file: { data: Buffer; contentType: string } | undefined,
  headers: Record<string, string>,
): Response {
  if (!file) return notFound();
  return new Response(new Uint8Array(file.data), {
    headers: {
      ...headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      // The bytes were re-encoded at upload: shown as a picture, never sniffed as anything else.
      "Content-Disposition": "inline",
    },
  });
}
