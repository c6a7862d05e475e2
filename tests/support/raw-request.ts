/**
 * An HTTP request that shows the answer as sent: the path goes out exactly as written (fetch would
 * normalise it) and the body comes back as bytes (fetch would decode a compressed one).
 */
import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(
  origin: string,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    http
      .request(
        { host: hostname, port, path: rawPath, method: options.method ?? "GET", headers: options.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on("error", reject)
      .end();
  });
}
