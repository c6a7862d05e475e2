/**
 * Reads a form post (multipart/form-data or application/x-www-form-urlencoded) as a stream, with
 * hard limits, so that a huge or endless upload costs at most the limits in memory.
 *
 * On a refusal the rest of the body is read and discarded (up to a bound) instead of cutting the
 * connection, so the browser still receives our answer rather than a reset.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  field: string;
  /** The name the browser gave, without any directory part. */
  fileName: string;
  /** The Content-Type the browser claimed: a hint only, never trusted. */
  declaredType: string;
  data: Buffer;
}

export interface ParsedForm {
  /** The first value of each text field. */
  fields: Map<string, string>;
  /** Non-empty files in the order they arrived. */
  files: UploadedFile[];
}

export type FormParseFailure =
  | "unsupported-content-type"
  | "malformed"
  | "too-many-files"
  | "file-too-large"
  | "total-too-large"
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
}

/** Room for part headers and boundaries when judging a Content-Length before reading anything. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
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
    let settled = false;
    let bytesRead = 0;
    let totalFileBytes = 0;
    let nonEmptyFiles = 0;

    source.on("data", (chunk: Buffer) => {
      bytesRead += chunk.length;
      if (settled && bytesRead > bodyCeiling) source.destroy();
    });
    // After a refusal the stream may still error (client gave up); nobody is waiting for it any more.
    source.on("error", (error) => fail(new FormParseError("malformed", undefined, error)));

    function fail(error: FormParseError): void {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      parser.removeAllListeners("close");
      parser.on("error", () => undefined);
      if (bytesRead > bodyCeiling) source.destroy();
      else source.resume();
      reject(error);
    }

    parser.on("field", (name, value) => {
      if (settled) return;
      if (!fields.has(name)) fields.set(name, value);
    });

    parser.on("file", (field, stream, info) => {
      const fileName = baseName(info.filename ?? "");
      stream.on("error", (error) => fail(new FormParseError("malformed", fileName, error)));
      if (settled || !limits.isFileField(field)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        if (size === 0 && ++nonEmptyFiles > limits.maxFiles)
          return fail(new FormParseError("too-many-files", fileName));
        size += chunk.length;
        totalFileBytes += chunk.length;
        if (totalFileBytes > limits.maxTotalBytes) return fail(new FormParseError("total-too-large", fileName));
        chunks.push(chunk);
      });
      stream.on("limit", () => fail(new FormParseError("file-too-large", fileName)));
      stream.on("end", () => {
        if (settled || size === 0) return;
        files.push({ field, fileName, declaredType: info.mimeType, data: Buffer.concat(chunks, size) });
      });
    });

    parser.on("filesLimit", () => fail(new FormParseError("too-many-files")));
    parser.on("fieldsLimit", () => fail(new FormParseError("too-many-fields")));
    parser.on("partsLimit", () => fail(new FormParseError("too-many-fields")));
    // "Unexpected end of form" (a truncated body) and malformed parts
    parser.on("error", (error) => fail(new FormParseError("malformed", undefined, error)));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
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

/** The body as text, refusing (without reading further) once it passes `maxBytes`. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
