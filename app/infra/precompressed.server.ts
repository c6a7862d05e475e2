/**
 * The prerendered pages and the text assets, served from memory in the encodings the build made
 * for them (brotli and gzip, at their highest settings), chosen by the request's Accept-Encoding.
 * Nothing is compressed per request: the bytes a visitor gets are the bytes on disk beside the
 * file (`index.html.br`, `index.html.gz`), each encoding with its own length and ETag.
 *
 * Used directly by server.ts (bundled into build/server.js), so it imports nothing from the app.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

export type Encoding = "br" | "gzip" | "identity";

/** Most compact first: at equal preference the client gets the smaller file. */
const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];
export const ENCODING_SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

/** What the build compresses, by extension, with the Content-Type it is served with. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  // A page's data for client-side navigations, in React Router's own encoding.
  ".data": "text/x-script",
};

export interface Representation {
  body: Buffer;
  etag: string;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  /** Always holds `identity`; `br` and `gzip` when the build made them. */
  variants: Map<Encoding, Representation>;
  /** Other headers this file is always served with (a page's Content-Security-Policy). */
  headers?: Record<string, string>;
  /** Sent instead of 200 (a page whose content is gone answers 410); such a file is never ranged. */
  status?: number;
}

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** A file held in memory with the compressed copies made of it; a copy no smaller is left out. */
export function fileFromBuffers(
  body: Buffer,
  compressed: Partial<Record<Exclude<Encoding, "identity">, Buffer>>,
  options: { contentType: string; cacheControl: string; headers?: Record<string, string>; status?: number },
): StaticFile {
  const variants = new Map<Encoding, Representation>([["identity", representation(body)]]);
  for (const [encoding, copy] of Object.entries(compressed) as [Exclude<Encoding, "identity">, Buffer][])
    if (copy.length < body.length) variants.set(encoding, representation(copy));
  return { ...options, variants };
}

/** The same file with one compressed copy replaced; a copy no smaller than the file is left as it was. */
export function withCompressedCopy(
  file: StaticFile,
  encoding: Exclude<Encoding, "identity">,
  copy: Buffer,
): StaticFile {
  const identity = file.variants.get("identity");
  if (!identity || copy.length >= identity.body.length) return file;
  return { ...file, variants: new Map(file.variants).set(encoding, representation(copy)) };
}

/** Reads a file and the compressed copies the build wrote beside it. */
export function loadStaticFile(
  filePath: string,
  options: { contentType: string; cacheControl: string; headers?: Record<string, string> },
): StaticFile {
  const variants = new Map<Encoding, Representation>([["identity", representation(fs.readFileSync(filePath))]]);
  for (const [encoding, suffix] of Object.entries(ENCODING_SUFFIX) as [Exclude<Encoding, "identity">, string][]) {
    const compressed = `${filePath}${suffix}`;
    if (fs.existsSync(compressed)) variants.set(encoding, representation(fs.readFileSync(compressed)));
  }
  return { ...options, variants };
}

/**
 * The text files under `dir`, keyed by URL path under `urlPrefix` (`/assets/app-1234.js`). Folders
 * in `skip` (relative to `dir`) are left to other handlers.
 */
export function loadTextFiles(
  dir: string,
  urlPrefix: string,
  cacheControl: (relativePath: string) => string,
  skip: (relativePath: string) => boolean = () => false,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full).split(path.sep).join("/");
    const contentType = TEXT_TYPES[path.extname(entry.name)];
    if (!contentType || skip(relative)) continue;
    files.set(`${urlPrefix}/${relative}`, loadStaticFile(full, { contentType, cacheControl: cacheControl(relative) }));
  }
  return files;
}

/** Parses Accept-Encoding into codings and their weights; malformed members are ignored. */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const member of header.split(",")) {
    const [name = "", ...params] = member.trim().split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (!codings.has(coding) || (codings.get(coding) ?? 0) < q) codings.set(coding, q);
  }
  return codings;
}

/**
 * The encoding to send: the one the client prefers among those available, the smaller at equal
 * preference. Identity is acceptable unless refused explicitly (`identity;q=0`, or `*;q=0` without
 * naming it); undefined when nothing available is acceptable (answered 406).
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (acceptEncoding === undefined) return available.includes("identity") ? "identity" : undefined;
  const codings = acceptedCodings(acceptEncoding);
  const star = codings.get("*");
  const weight = (encoding: Encoding): number => {
    const named = codings.get(encoding === "gzip" && !codings.has("gzip") ? "x-gzip" : encoding);
    if (named !== undefined) return named;
    if (star !== undefined) return star;
    return encoding === "identity" ? 1 : 0;
  };
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const w = weight(encoding);
    if (w > bestWeight) {
      best = encoding;
      bestWeight = w;
    }
  }
  return best;
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  // Weak comparison, as If-None-Match asks for.
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A single byte range of `size` bytes, null when unsatisfiable, undefined when the header is not one we serve. */
function byteRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answering with the whole file is allowed, and simplest.
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * Answers a GET or HEAD for `file`: 200 with the chosen encoding, 304 when the client's copy is
 * current, 206 for a single satisfiable range of the chosen representation, 416 for one not.
 */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const available = [...file.variants.keys()];
  const encoding = chooseEncoding(req.headers["accept-encoding"], available);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("Cache-Control", file.cacheControl);
  for (const [name, value] of Object.entries(file.headers ?? {})) res.setHeader(name, value);
  const variant = encoding === undefined ? undefined : file.variants.get(encoding);
  if (!variant || !encoding) {
    res.statusCode = 406;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("No acceptable encoding.\n");
    return;
  }
  res.setHeader("Content-Type", file.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  if (file.status !== undefined && file.status !== 200) {
    res.statusCode = file.status;
    res.setHeader("Content-Length", String(variant.body.length));
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
    return;
  }
  res.setHeader("ETag", variant.etag);
  res.setHeader("Accept-Ranges", "bytes");

  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  let body = variant.body;
  const rangeHeader = req.headers.range;
  const ifRange = [req.headers["if-range"] ?? []].flat().join(",");
  // A range of a copy the client no longer has would splice two versions together.
  if (rangeHeader !== undefined && (ifRange === "" || ifRange.trim() === variant.etag)) {
    const range = byteRange(rangeHeader, body.length);
    if (range === null) {
      res.statusCode = 416;
      res.setHeader("Content-Range", `bytes */${body.length}`);
      res.end();
      return;
    }
    if (range) {
      res.statusCode = 206;
      res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${body.length}`);
      body = body.subarray(range.start, range.end + 1);
    }
  }
  res.setHeader("Content-Length", String(body.length));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
