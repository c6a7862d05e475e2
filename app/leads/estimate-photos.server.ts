/**
 * The photos of an estimate request: each one's real type checked, its header read before anything
 * decodes it (an image too large in pixels is refused unread), then re-encoded in the shared image
 * queue. What the visitor is told about a photo that cannot be kept is written here.
 */
import { randomUUID } from "node:crypto";
import {
  detectImageFormat,
  IMAGE_EXTENSIONS,
  ImageDecodeError,
  ImageTooLargeError,
  ImageWouldGrowError,
  inspectImage,
  prepareUploadedImage,
  type ImageFormat,
  type PreparedImage,
} from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import type { UploadedFile } from "~/infra/uploads.server";
import { invalidFileTypeMessage } from "./estimate-schema";

/** A file name safe to show and to write to disk, ending in the extension of what the file really is. */
export function storedFileName(original: string, format: ImageFormat, position: number): string {
  // Control characters and the characters file systems reserve are never wanted in a file name.
  const base = [...original]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>:|?*\\/'.includes(c))
    .join("")
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 80);
  return `${base || `photo-${position + 1}`}${IMAGE_EXTENSIONS[format]}`;
}

export interface PreparedPhoto extends PreparedImage {
  id: string;
  fileName: string;
}

/** A photo that cannot be kept: what the visitor is told, and the status it is told with. */
export interface PhotoRefusal {
  status: 413 | 415 | 422;
  error: string;
}

type PhotoCheck = { ok: true; photos: PreparedPhoto[] } | { ok: false; failure: PhotoRefusal };

function shownName(file: UploadedFile, index: number): string {
  return file.fileName || `Photo ${index + 1}`;
}

/**
 * What the visitor is told about a photo we cannot keep, and with which status. Any other error is
 * ours, not the photo's, and is thrown on to become a 500.
 */
function photoFailure(error: unknown, name: string): PhotoRefusal {
  if (error instanceof ImageTooLargeError) {
    const megapixels = Math.floor(error.limit / 1_000_000);
    return {
      status: 413,
      error: error.animation
        ? `${name} has too many pixels across its frames. Please send a shorter or smaller animation (at most ${megapixels} megapixels for all frames together) or a still photo.`
        : `${name} is too large in pixels. Please send a photo of at most ${megapixels} megapixels.`,
    };
  }
  if (error instanceof ImageWouldGrowError)
    return {
      status: 422,
      error: `${name} could not be processed. Please try a different photo, or send it as a JPEG.`,
    };
  if (error instanceof ImageDecodeError)
    return {
      status: 415,
      error: `${name} could not be read as an image. Please try a different photo.`,
    };
  throw error;
}

function logPhotoRefusal(error: unknown, format: ImageFormat): void {
  if (error instanceof ImageTooLargeError)
    log("info", "estimate photo too large in pixels", { format, pixels: error.pixels, limit: error.limit });
  else if (error instanceof ImageWouldGrowError)
    log("info", "estimate photo could not be kept within its upload size", {
      format,
      uploadBytes: error.uploadBytes,
      smallestBytes: error.smallestBytes,
    });
  else if (error instanceof ImageDecodeError)
    log("info", "estimate photo could not be decoded", { error: describeError(error), format });
}

export async function preparePhotos(files: readonly UploadedFile[]): Promise<PhotoCheck> {
  const formats: ImageFormat[] = [];
  // Every type and every header first: a refusal should not wait for the other photos to be
  // re-encoded, and an image too large in pixels is refused before anything decodes it.
  for (const [index, file] of files.entries()) {
    const format = await detectImageFormat(file.path);
    if (!format)
      return {
        ok: false,
        failure: { status: 415, error: invalidFileTypeMessage(shownName(file, index)) },
      };
    try {
      await inspectImage(file.path, format);
    } catch (error) {
      logPhotoRefusal(error, format);
      return { ok: false, failure: photoFailure(error, shownName(file, index)) };
    }
    formats.push(format);
  }

  // All photos join the shared image queue at once, so this request's photos are done in parallel
  // when cores are free, and requests are served in the order they arrived when they are not.
  const giveUp = new AbortController();
  const results = await Promise.allSettled(
    files.map((file, index) =>
      prepareUploadedImage(file.path, formats[index] as ImageFormat, { signal: giveUp.signal }).catch(
        (error: unknown) => {
          // The request fails with this photo: the ones still queued need not be processed.
          giveUp.abort();
          throw error;
        },
      ),
    ),
  );
  const photos: PreparedPhoto[] = [];
  for (const [index, result] of results.entries()) {
    const file = files[index] as UploadedFile;
    const format = formats[index] as ImageFormat;
    if (result.status === "fulfilled") {
      photos.push({ ...result.value, id: randomUUID(), fileName: storedFileName(file.fileName, format, index) });
      continue;
    }
    // Photos skipped because another one failed are not what the visitor needs to hear about.
    if (giveUp.signal.aborted && result.reason === giveUp.signal.reason) continue;
    logPhotoRefusal(result.reason, format);
    return { ok: false, failure: photoFailure(result.reason, shownName(file, index)) };
  }
  return { ok: true, photos };
}
