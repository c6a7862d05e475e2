/**
 * Many form posts in flight at the same instant, each on its own connection, as a script that
 * wants to beat a limit sends them. Every connection is opened and its request head sent first;
 * then all the bodies are written in one go, in the order given, so the server starts work on all
 * of them together and receives their bodies in that order (the last body arrives last).
 */
import http from "node:http";
import type { RawAnswer } from "./raw-request";

export async function postAllAtOnce(
  origin: string,
  path: string,
  forms: readonly Record<string, string>[],
  headers: Record<string, string> = {},
): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(origin);
  const inFlight = forms.map((fields) => {
    const body = new URLSearchParams(fields).toString();
    const request = http.request({
      host: hostname,
      port,
      path,
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        ...headers,
      },
    });
    const answer = new Promise<RawAnswer>((resolve, reject) => {
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on("error", reject);
    });
    const connected = new Promise<void>((resolve, reject) => {
      request.on("socket", (socket) => {
        if (socket.connecting) socket.once("connect", () => resolve());
        else resolve();
      });
      request.on("error", reject);
    });
    request.flushHeaders();
    return { request, body, answer, connected };
  });
  await Promise.all(inFlight.map((post) => post.connected));
  // Time for the server to read every head and wait on every body.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const post of inFlight) post.request.end(post.body);
  return Promise.all(inFlight.map((post) => post.answer));
}
