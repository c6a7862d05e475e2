/** Requests as a browser (or a bot) would send them to the route modules. */

export const ORIGIN = "http://localhost:3000";

export interface PhotoPart {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

export const validFields = {
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "(609) 555-0199",
  address: "12 Ocean Ave, Surf City, NJ",
  description: "The deck stairs rotted after the storm.\nPlease look at the railing too.",
};

export function estimateForm(fields: Record<string, string>, photos: readonly PhotoPart[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((photo, index) => {
    form.append(
      photo.field ?? `photo_${index}`,
      new File([new Uint8Array(photo.data)], photo.name, { type: photo.type ?? "image/jpeg" }),
    );
  });
  return form;
}

export function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

export function jsonPost(path: string, value: unknown): Request {
  return post(path, JSON.stringify(value), { "Content-Type": "application/json" });
}

/** A multipart body cut off in the middle of a photo, as when a connection drops. */
export function truncatedMultipart(path: string): Request {
  const boundary = "----leads-test-boundary";
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane Doe\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\njane@example.com\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n6095550199\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="photo_0"; filename="deck.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
  return post(path, body, { "Content-Type": `multipart/form-data; boundary=${boundary}` });
}

/** The arguments React Router hands a route's loader or action. */
export function routeArgs(request: Request) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context: {} };
}
