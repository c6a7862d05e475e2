/**
 * Reads a form post (multipart/form-data or application/x-www-form-urlencoded) as a stream, with
 * hard limits, so that a huge or endless upload costs at most the limits.
 *
 * Files are written to a private temporary folder as they arrive rather than kept in memory: ten
 * visitors sending 10 MB of photos each would otherwise hold 100 MB while their photos wait to be
 * processed, and the allocator keeps much of that after it is freed. The caller reads a file when
 * its turn comes and calls `dispose()` when done; a refused form leaves nothing behind.
 *
 * On a refusal the rest of the body is read and discarded (up to a bound) instead of cutting the
 * connection, so the browser still receives our answer rather than a reset.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  field: string;
  /** The name the browser gave, without any directory part. */
  fileName: string;
  /** The Content-Type the browser claimed: a hint only, never trusted. */
  declaredType: string;
  /** Where the bytes are, until the form is disposed of. */
  path: string;
  size: number;
}

export interface ParsedForm {
  /** The first value of each text field. */
  fields: Map<string, string>;
  /** Non-empty files in the order they arrived. */
  files: UploadedFile[];
  /** Deletes the files; call it once they have been read. Safe to call more than once. */
  dispose(): Promise<void>;
}

export type FormParseFailure =
  | "unsupported-content-type"
  | "malformed"
  | "too-many-files"
  | "file-too-large"
  | "total-too-large"
  | "field-too-large"
  | "too-many-fields";

export class FormParseError extends Error {
  readonly status: 400 | 413 | 415;
  constructor(
    readonly reason: FormParseFailure,
    readonly fileName?: string,
    cause?: unknown,
  ) {
    super(fileName ? `${reason}: ${fileName}` : reason, { cause });
    this.name = "FormParseError";
    this.status = reason === "unsupported-content-type" ? 415 : reason === "malformed" ? 400 : 413;
  }
}

export interface FormLimits {
  /** Non-empty files accepted. */
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFields: number;
  /** Longer text values are cut to this; keep it above every length rule so a cut value still fails it. */
  maxFieldBytes: number;
  /** Files under other field names are read and ignored. */
  isFileField(name: string): boolean;
  /** Where the temporary folder for files is made; the system's temporary folder by default. */
  spoolDir?: string;
}

/** The name every form's temporary folder starts with. */
export const SPOOL_PREFIX = "form-upload-";

/**
 * Far older than any request in progress: Node stops receiving a request after five minutes, and
 * its photos take seconds to process once received.
 */
const STALE_SPOOL_MS = 60 * 60 * 1000;

/**
 * Deletes the temporary folders a killed process left behind, since they hold photos as sent, GPS
 * position included. Younger folders are left alone: they may belong to a request in progress, in
 * this process or another server instance on the same machine. Returns how many were deleted.
 */
export async function removeStaleUploads(dir: string = os.tmpdir(), now: number = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir)) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const folder = path.join(dir, name);
    const stat = await fsp.lstat(folder).catch(() => undefined);
    if (!stat?.isDirectory() || now - stat.mtimeMs < STALE_SPOOL_MS) continue;
    // Another user's folder of the same name in a shared /tmp is not ours to delete, nor can we.
    if (
      await fsp.rm(folder, { recursive: true, force: true }).then(
        () => true,
        () => false,
      )
    )
      removed++;
  }
  return removed;
}

/** Room for part headers and boundaries when judging a Content-Length before reading anything. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
/** How much of a body past its ceiling is read and dropped before the connection is cut. */
const DRAINED_BYTES = 8 * 1024 * 1024;
/** Browsers send an empty part for a file input left empty; allow a few beyond `maxFiles`. */
const EMPTY_FILE_PARTS_ALLOWED = 10;

function baseName(fileName: string): string {
  const parts = fileName.split(/[\\/]/);
  return parts[parts.length - 1] ?? "";
}

export function formContentKind(request: Request): "multipart" | "urlencoded" | undefined {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (contentType.startsWith("multipart/form-data")) return "multipart";
  if (contentType.startsWith("application/x-www-form-urlencoded")) return "urlencoded";
  return undefined;
}

export function parseFormRequest(request: Request, limits: FormLimits): Promise<ParsedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!formContentKind(request)) return Promise.reject(new FormParseError("unsupported-content-type"));

  const bodyCeiling = limits.maxTotalBytes + MULTIPART_OVERHEAD_BYTES;
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declaredLength) && declaredLength > bodyCeiling)
    return Promise.reject(new FormParseError("total-too-large"));
  if (!request.body) return Promise.reject(new FormParseError("malformed"));

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers encode non-ASCII file names as UTF-8; busboy's default would read them as Latin-1.
      defParamCharset: "utf8",
      defCharset: "utf8",
      limits: {
        files: limits.maxFiles + EMPTY_FILE_PARTS_ALLOWED,
        fileSize: limits.maxFileBytes,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFields + limits.maxFiles + EMPTY_FILE_PARTS_ALLOWED,
      },
    });
  } catch (error) {
    // e.g. multipart without a boundary
    return Promise.reject(new FormParseError("malformed", undefined, error));
  }

  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);

  return new Promise<ParsedForm>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: UploadedFile[] = [];
    /** Each accepted file's writing, settled once its bytes are on disk (or writing has failed). */
    const writes: Promise<void>[] = [];
    const outputs = new Set<fs.WriteStream>();
    let spool: Promise<string> | undefined;
    let settled = false;
    let bytesRead = 0;
    let totalFileBytes = 0;
    let nonEmptyFiles = 0;
    let fileCount = 0;

    // Made on the first file only: most forms (and every newsletter form) have none.
    const spoolDir = () => (spool ??= fsp.mkdtemp(path.join(limits.spoolDir ?? os.tmpdir(), SPOOL_PREFIX)));
    const removeSpool = async () => {
      if (!spool) return;
      const dir = await spool.catch(() => undefined);
      if (dir) await fsp.rm(dir, { recursive: true, force: true });
    };

    source.on("data", (chunk: Buffer) => {
      bytesRead += chunk.length;
      if (bytesRead <= bodyCeiling) return;
      // A body sent without its length is held to the same ceiling as one that declares it. The
      // rest is read and dropped for a while, so the sender hears the refusal rather than a reset
      // connection; one that keeps on sending is cut off.
      if (!settled) fail(new FormParseError("total-too-large"));
      else if (bytesRead > bodyCeiling + DRAINED_BYTES) source.destroy();
    });
    // After a refusal the stream may still error (client gave up); nobody is waiting for it any more.
    source.on("error", (error) => fail(new FormParseError("malformed", undefined, error)));

    /** Refuses the form with `error`: a FormParseError for the visitor, anything else (a full disk) for us. */
    function fail(error: Error): void {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      parser.removeAllListeners("close");
      parser.on("error", () => undefined);
      if (bytesRead > bodyCeiling + DRAINED_BYTES) source.destroy();
      else source.resume();
      for (const output of outputs) output.destroy();
      // Deleted before the caller hears of the refusal, so a refused upload never outlives it.
      void Promise.allSettled(writes)
        .then(removeSpool)
        .then(
          () => reject(error),
          () => reject(error),
        );
    }

    parser.on("field", (name, value, info) => {
      if (settled) return;
      // A value past its limit is refused, never kept cut short: the rest of what was typed would
      // be lost without a word, or stored as if whole.
      if (info.valueTruncated || info.nameTruncated) return fail(new FormParseError("field-too-large"));
      if (!fields.has(name)) fields.set(name, value);
    });

    parser.on("file", (field, stream, info) => {
      const fileName = baseName(info.filename ?? "");
      stream.on("error", (error) => fail(new FormParseError("malformed", fileName, error)));
      if (settled || !limits.isFileField(field)) {
        stream.resume();
        return;
      }
      const index = fileCount++;
      let size = 0;
      // Nothing is read until the file has somewhere to go: the stream waits, and so does the body.
      stream.pause();
      const written = spoolDir().then(
        (dir) =>
          new Promise<void>((done, failed) => {
            // Refused meanwhile: the rest of the body is no longer fed to the parser, so this
            // stream may never end; there is nothing to wait for.
            if (settled) return done();
            const filePath = path.join(dir, String(index));
            const output = fs.createWriteStream(filePath, { flags: "wx", mode: 0o600 });
            outputs.add(output);
            output.on("error", failed);
            // Also after destroy(), so a refusal never waits on a file that will not finish.
            output.on("close", () => {
              outputs.delete(output);
              done();
            });
            stream.on("data", (chunk: Buffer) => {
              if (settled) return;
              if (size === 0 && ++nonEmptyFiles > limits.maxFiles)
                return fail(new FormParseError("too-many-files", fileName));
              size += chunk.length;
              totalFileBytes += chunk.length;
              if (totalFileBytes > limits.maxTotalBytes) return fail(new FormParseError("total-too-large", fileName));
              if (!output.write(chunk)) {
                stream.pause();
                output.once("drain", () => stream.resume());
              }
            });
            stream.on("end", () => {
              output.end();
              if (settled || size === 0) return;
              files[index] = { field, fileName, declaredType: info.mimeType, path: filePath, size };
            });
            stream.resume();
          }),
      );
      writes.push(
        written.catch((error: unknown) =>
          fail(error instanceof Error ? error : new Error("could not write an uploaded file", { cause: error })),
        ),
      );
      stream.on("limit", () => fail(new FormParseError("file-too-large", fileName)));
    });

    parser.on("filesLimit", () => fail(new FormParseError("too-many-files")));
    parser.on("fieldsLimit", () => fail(new FormParseError("too-many-fields")));
    parser.on("partsLimit", () => fail(new FormParseError("too-many-fields")));
    // "Unexpected end of form" (a truncated body) and malformed parts
    parser.on("error", (error) => fail(new FormParseError("malformed", undefined, error)));
    parser.on("close", () => {
      // The body has been read; the last bytes may still be on their way to disk.
      void Promise.all(writes).then(() => {
        if (settled) return;
        settled = true;
        let disposed: Promise<void> | undefined;
        resolve({
          fields,
          // In arrival order, without the empty file inputs browsers send.
          files: files.filter((file): file is UploadedFile => file !== undefined),
          dispose: () => (disposed ??= removeSpool()),
        });
      });
    });

    source.pipe(parser);
  });
}

export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
    this.name = "BodyTooLargeError";
  }
}

/**
 * The body's bytes, refused with `BodyTooLargeError` once they pass `maxBytes`. Up to `drainBytes`
 * the excess is read and dropped, so the client still receives the refusal; past it (or when the
 * declared length is past it) reading stops, since reading on would be the very cost being refused.
 */
async function readBoundedBody(request: Request, maxBytes: number, drainBytes = maxBytes): Promise<Buffer> {
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declaredLength) && declaredLength > drainBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > drainBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    if (size <= maxBytes) chunks.push(value);
  }
  if (size > maxBytes) throw new BodyTooLargeError();
  return Buffer.concat(chunks);
}

/** The body as text, refusing (without reading further) once it passes `maxBytes`. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  return (await readBoundedBody(request, maxBytes)).toString("utf8");
}

/** The bound on a small form (sign-in, a status change, a note): far above any honest one. */
export const SMALL_FORM_MAX_BYTES = 64 * 1024;

/**
 * A form of a few text fields (20 unless the form says how many more it has), read within
 * `SMALL_FORM_MAX_BYTES` like the public forms are (or the bound a longer form, an article, says),
 * for handlers that would otherwise call `request.formData()` and hold a body of any size in memory.
 * A body that is not a form, or is broken, is answered with a 4xx thrown as a Response.
 */
export async function readSmallForm(
  request: Request,
  maxFields = 20,
  maxBytes = SMALL_FORM_MAX_BYTES,
): Promise<FormData> {
  try {
    const parsed = await parseFormRequest(request, {
      maxFiles: 0,
      maxFileBytes: 0,
      maxTotalBytes: maxBytes,
      maxFields,
      maxFieldBytes: maxBytes,
      isFileField: () => false,
    });
    const form = new FormData();
    for (const [name, value] of parsed.fields) form.set(name, value);
    return form;
  } catch (error) {
    if (!(error instanceof FormParseError)) throw error;
    const message = error.status === 413 ? "The form is too large." : "The form could not be read.";
    throw new Response(message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** JSON of at most `maxBytes`; undefined when the body is not JSON, a 413 Response when too large. */
export async function readSmallJson(request: Request, maxBytes = SMALL_FORM_MAX_BYTES): Promise<unknown> {
  let text: string;
  try {
    text = (await readBoundedBody(request, maxBytes, maxBytes + MULTIPART_OVERHEAD_BYTES)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw Response.json({ error: "The request is too large." }, { status: 413 });
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
