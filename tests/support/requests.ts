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

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** `routeArgs` with the route's params, typed as the loader or action `F` takes them. */
export function argsFor<F extends (...args: never[]) => unknown>(
  request: Request,
  params: Record<string, string> = {},
): Args<F> {
  return { ...routeArgs(request), params } as unknown as Args<F>;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
  headers?: Headers;
}

/** What a route handed back: a Response (redirect, file), or `data()` with its status. */
function settle(value: unknown): RouteAnswer {
  if (value instanceof Response) return { status: value.status, body: undefined, headers: value.headers };
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const d = value as unknown as { data: unknown; init?: { status?: number } };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: value };
}

/** Calls a loader or action and settles what it returned or threw (a thrown 404 is an answer too). */
export async function runRoute(call: () => unknown): Promise<RouteAnswer> {
  try {
    return settle(await call());
  } catch (thrown) {
    return settle(thrown);
  }
}

/** A desk form as the browser sends it, with one photo under `photo` when given. */
export function photoForm(fields: Record<string, string>, photo?: { name: string; data: Buffer }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (photo) body.append("photo", new File([new Uint8Array(photo.data)], photo.name, { type: "image/jpeg" }));
  return body;
}
