/**
 * An HTTP proxy on loopback that forwards every request to a server, and for the requests a test
 * picks, lets the server answer and then cuts the visitor's connection instead of passing the
 * answer on: the request was handled (a lead stored), but the browser never hears so. That is what
 * a phone losing its signal at the wrong moment looks like.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface AnswerDroppingProxy {
  origin: string;
  /** Requests whose answers were dropped so far. */
  dropped: string[];
  stop(): Promise<void>;
}

export async function startAnswerDroppingProxy(
  target: string,
  shouldDrop: (req: http.IncomingMessage, seen: number) => boolean,
): Promise<AnswerDroppingProxy> {
  const upstream = new URL(target);
  const dropped: string[] = [];
  let seen = 0;
  const server = http.createServer((req, res) => {
    const drop = shouldDrop(req, seen++);
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (!drop) {
          // One connection per request: a browser resends a request itself, unseen by the page,
          // when a connection it reused dies before answering; a fresh one it does not.
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: "close" });
          answer.pipe(res);
          return;
        }
        // Read the whole answer, so the server is done with the request, then hang up unanswered.
        answer.resume();
        answer.on("end", () => {
          dropped.push(`${req.method} ${req.url}`);
          req.socket.destroy();
        });
      },
    );
    forward.on("error", () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    dropped,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
