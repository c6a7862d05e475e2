/**
 * A Web Push service on 127.0.0.1, playing Google's, Mozilla's or Apple's for the tests. It hands
 * out subscriptions as a browser would make them (a P-256 key pair and a 16-byte auth secret of its
 * own, an endpoint under this service), and for each push it receives it checks what a real push
 * service and browser check: the VAPID `Authorization: vapid t=…, k=…` JWT is signed with ES256 by
 * the key `k`, names this service's origin as `aud` and has not expired; and the body decrypts
 * (aes128gcm, RFC 8188 and 8291) with the subscription's keys. A push that fails a check is
 * answered 400 and recorded as refused. It can answer a subscription with any status (410: gone).
 */
import crypto from "node:crypto";
import http from "node:http";
import { freePort } from "./ports";

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** Which subscription it was for (the last part of the endpoint). */
  id: string;
  /** performance.timeOrigin + performance.now() when it arrived, in ms: comparable across the test. */
  at: number;
  /** The decrypted payload. */
  text: string;
  /** The VAPID public key that signed it (base64url). */
  vapidKey: string;
  audience: string;
  subject: string;
  headers: http.IncomingHttpHeaders;
}

export interface TestPushService {
  origin: string;
  /** `127.0.0.1:PORT`, for PUSH_SERVICE_HOSTS. */
  host: string;
  received: ReceivedPush[];
  /** Pushes that failed a check, with the reason. */
  refused: string[];
  /** How many requests reached each subscription, whatever the answer. */
  requests: Map<string, number>;
  subscribe(): TestSubscription;
  /** Answer pushes to this subscription with `status` (e.g. 410), or accept them again with null. */
  answer(subscription: TestSubscription, status: number | null): void;
  waitFor(check: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
}

const b64 = (data: Buffer | ArrayBuffer) => Buffer.from(new Uint8Array(data)).toString("base64url");

interface Keys {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

/** RFC 8291: the content key and nonce for the record, from the browser's keys and the sender's. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error("no final-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** The claims of a VAPID JWT, after checking its ES256 signature against `key` (an uncompressed P-256 point). */
export function verifyVapidJwt(token: string, key: string): Record<string, unknown> {
  const [header = "", payload = "", signature = ""] = token.split(".");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const publicKey = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: "jwk",
  });
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`JWT alg is ${alg}`);
  const valid = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("bad JWT signature");
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
}

export async function startPushService(): Promise<TestPushService> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const subscriptions = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const requests = new Map<string, number>();
  const waiters = new Set<() => void>();

  function check(req: http.IncomingMessage, body: Buffer, keys: Keys): Omit<ReceivedPush, "id" | "at" | "headers"> {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? "");
    if (!match) throw new Error(`no VAPID authorization: ${req.headers.authorization ?? "none"}`);
    const [, token = "", vapidKey = ""] = match;
    const claims = verifyVapidJwt(token, vapidKey);
    if (claims.aud !== origin) throw new Error(`aud is ${String(claims.aud)}, not ${origin}`);
    const now = Date.now() / 1000;
    if (typeof claims.exp !== "number" || claims.exp < now || claims.exp > now + 24 * 3600)
      throw new Error(`exp ${String(claims.exp)} is not within the next 24 hours`);
    if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
      throw new Error(`sub ${String(claims.sub)}`);
    if (req.headers["content-encoding"] !== "aes128gcm")
      throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
    if (!req.headers.ttl) throw new Error("no TTL");
    return { text: decryptAes128gcm(body, keys), vapidKey, audience: claims.aud, subject: claims.sub };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const keys = subscriptions.get(id);
      requests.set(id, (requests.get(id) ?? 0) + 1);
      if (req.method !== "POST" || !keys) {
        res.writeHead(404).end();
        return;
      }
      const status = answers.get(id);
      if (status !== undefined) {
        res.writeHead(status).end();
        return;
      }
      try {
        const push = check(req, Buffer.concat(chunks), keys);
        received.push({ id, at: performance.timeOrigin + performance.now(), headers: req.headers, ...push });
        for (const wake of waiters) wake();
        res.writeHead(201, { Location: `${origin}/message/${crypto.randomUUID()}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    refused,
    requests,
    subscribe() {
      const ecdh = crypto.createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(publicKey), auth: b64(auth) } };
    },
    answer(subscription, status) {
      const id = subscription.endpoint.split("/").pop() ?? "";
      if (status === null) answers.delete(id);
      else answers.set(id, status);
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching push within ${timeoutMs} ms (refused: ${refused.join("; ") || "none"})`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiters.add(wake);
        });
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
