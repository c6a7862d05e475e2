/**
 * A multipart/form-data body put together by hand, so the form knows where each photo's bytes lie
 * in it: the upload's progress (bytes sent) then tells which photo is on its way. The browser's own
 * FormData encoding hides that layout.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 */

export interface MultipartFile {
  field: string;
  fileName: string;
  blob: Blob;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface MultipartBody {
  body: Blob;
  contentType: string;
  /** Where each file's content sits in the body, in the order given. */
  fileRanges: ByteRange[];
}

function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `----EstimateForm${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Quotes and line breaks escaped the way browsers escape them in a part's header. */
function headerParameter(value: string): string {
  return value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function encodeMultipart(
  fields: ReadonlyArray<readonly [string, string]>,
  files: readonly MultipartFile[],
  boundary: string = randomBoundary(),
): MultipartBody {
  const encoder = new TextEncoder();
  const parts: (Uint8Array<ArrayBuffer> | Blob)[] = [];
  const fileRanges: ByteRange[] = [];
  let offset = 0;
  const text = (value: string) => {
    const bytes = encoder.encode(value);
    parts.push(bytes);
    offset += bytes.byteLength;
  };
  for (const [name, value] of fields)
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${headerParameter(name)}"\r\n\r\n${value}\r\n`);
  for (const file of files) {
    const type = file.blob.type || "application/octet-stream";
    text(
      `--${boundary}\r\nContent-Disposition: form-data; name="${headerParameter(file.field)}"; filename="${headerParameter(file.fileName)}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    parts.push(file.blob);
    fileRanges.push({ start: offset, end: offset + file.blob.size });
    offset += file.blob.size;
    text("\r\n");
  }
  text(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}`, fileRanges };
}

export interface UploadStage {
  /** 0 to 100, whole numbers. */
  percent: number;
  /** The photo whose bytes are being sent, counted from 1; 0 while the text goes, or with no photos. */
  photo: number;
  photos: number;
}

/** What `loaded` bytes of `total` sent mean for the visitor. */
export function uploadStage(loaded: number, total: number, fileRanges: readonly ByteRange[]): UploadStage {
  const percent = total > 0 ? Math.min(100, Math.max(0, Math.floor((loaded / total) * 100))) : 0;
  let photo = 0;
  for (const [index, range] of fileRanges.entries()) {
    if (loaded < range.start) break;
    photo = index + 1;
    if (loaded < range.end) break;
  }
  return { percent, photo, photos: fileRanges.length };
}
