/**
 * Uploaded photos: the real type is read from the bytes, the size in pixels from the header before
 * anything is decoded, and every image is re-encoded, so what we store and forward carries no
 * metadata (a phone's EXIF holds the GPS position of the visitor's house) and no payload hidden
 * behind a valid header.
 *
 * GIFs are re-encoded too, animation kept: GIF has no EXIF, but comment and application extensions
 * (XMP among them) can carry text, and re-encoding is the one way to be sure they are gone.
 *
 * What is stored is never larger than what was uploaded. When re-encoding would grow a file (an
 * already small JPEG, a palette PNG), a PNG or JPEG that looks the same without its metadata is
 * kept with the metadata cut out; anything else is re-encoded more compactly, then smaller.
 */
import fs from "node:fs/promises";
import os from "node:os";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import sharp, { type Sharp } from "sharp";
import { pngChunkTypes, stripJpegMetadata, stripPngMetadata } from "./metadata-strip.server";
import { Semaphore } from "./semaphore";

export type ImageFormat = "jpeg" | "png" | "gif" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: ".jpg",
  png: ".png",
  gif: ".gif",
  webp: ".webp",
};

/** Long edge of a re-encoded photo: plenty to judge a repair, a fraction of a phone camera's size. */
export const MAX_IMAGE_EDGE = 2560;

/**
 * Largest frame decoded, in pixels: a 64-megapixel phone camera's full-size photo (9248 × 6936)
 * fits. Decoding costs time in proportion to pixels, not bytes: without a limit a 35 KB PNG of
 * 16383 × 16383 one-bit pixels costs seconds of CPU.
 */
export const MAX_FRAME_PIXELS = 70_000_000;

/**
 * Largest animation, in pixels over all its frames together. Lower than for a still because every
 * frame is quantised again to re-encode it, at roughly a fifth of a second per megapixel for GIF.
 * A few seconds of a phone-sized clip fit.
 */
export const MAX_ANIMATION_PIXELS = 16_000_000;

/**
 * Re-encodes at once. Each runs on one core (see sharp.concurrency below), so more than one per
 * core only makes every request slower and holds more decoded images in memory at the same time.
 * It also keeps image work from taking every libuv thread, which file and DNS work share.
 */
export const IMAGE_WORK_SLOTS = os.availableParallelism();

// One libvips thread per image: with IMAGE_WORK_SLOTS images in flight the cores are already
// busy, and each extra thread brings its own buffers and malloc arena. sharp already picks one on
// glibc without jemalloc, but a core each elsewhere. The operation cache is for repeating work on
// the same input, which uploads never do: with it on, the intake benchmark peaked about 50 MB higher.
sharp.concurrency(1);
sharp.cache(false);

const imageWork = new Semaphore(IMAGE_WORK_SLOTS);

/** Tries after the compact re-encode, each a smaller long edge, before giving up on a photo. */
const MAX_DOWNSCALE_STEPS = 5;
/** Below this long edge a photo shows nothing worth keeping. */
const MIN_DOWNSCALE_EDGE = 32;

/**
 * An image's bytes, or the path of a file holding them. A path lets libvips read the file itself,
 * so an upload waiting its turn costs no memory and is read in full only when it must be.
 */
export type ImageSource = Buffer | string;

/** The format named by the file's first bytes, whatever its name or claimed type; undefined if not one we take. */
export async function detectImageFormat(source: Uint8Array | string): Promise<ImageFormat | undefined> {
  const detected = typeof source === "string" ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);
  switch (detected?.mime) {
    case "image/jpeg":
      return "jpeg";
    case "image/png":
      return "png";
    case "image/gif":
      return "gif";
    case "image/webp":
      return "webp";
    default:
      return undefined;
  }
}

/** How the stored bytes were made. */
export type PreparationMethod =
  /** Re-encoded at the usual quality: the common case. */
  | "reencoded"
  /** The upload itself with its metadata cut out, because re-encoding made it larger. */
  | "stripped"
  /** Re-encoded at a lower quality, because the usual quality made it larger. */
  | "compact"
  /** Re-encoded compactly and smaller than MAX_IMAGE_EDGE, because nothing else was small enough. */
  | "downscaled";

export interface PreparedImage {
  data: Buffer;
  format: ImageFormat;
  contentType: string;
  /** Of the stored image, as it is shown. */
  width: number;
  /** Of one frame, for animations. */
  height: number;
  method: PreparationMethod;
}

export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super("image could not be decoded", { cause });
    this.name = "ImageDecodeError";
  }
}

/** The header promises more pixels than we decode: refused before decoding starts. */
export class ImageTooLargeError extends Error {
  constructor(
    /** The limit that was passed: per frame, or over an animation's frames together. */
    readonly limit: number,
    readonly animation: boolean,
    readonly pixels?: number,
  ) {
    super(`image has ${pixels ?? "too many"} pixels${animation ? " over its frames" : ""}, more than ${limit}`);
    this.name = "ImageTooLargeError";
  }
}

/** No version of the image, down to the smallest tried, came out at most as large as the upload. */
export class ImageWouldGrowError extends Error {
  constructor(
    readonly uploadBytes: number,
    readonly smallestBytes: number,
  ) {
    super(`every re-encoding was larger than the upload (${smallestBytes} > ${uploadBytes} bytes)`);
    this.name = "ImageWouldGrowError";
  }
}

export interface ImageHeader {
  width: number;
  /** Of one frame. */
  frameHeight: number;
  /** Frames decoded: always 1 for JPEG and PNG, whose extra frames, if any, are ignored. */
  frames: number;
  /** EXIF orientation, 1 (as stored) when there is none. */
  orientation: number;
}

const isAnimatable = (format: ImageFormat) => format === "gif" || format === "webp";

/** What libvips may decode for an image whose header says `header`, so a lying header gains nothing. */
const decodeLimit = (header: ImageHeader) => (header.frames > 1 ? MAX_ANIMATION_PIXELS : MAX_FRAME_PIXELS);

/**
 * The image's size from its header, refused with ImageTooLargeError if it has more pixels than we
 * decode. Reads the header only, so it is cheap whatever the image claims.
 */
export async function inspectImage(input: ImageSource, format: ImageFormat): Promise<ImageHeader> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { animated: isAnimatable(format) }).metadata();
  } catch (error) {
    throw new ImageDecodeError(error);
  }
  const frames = isAnimatable(format) ? Math.max(1, metadata.pages ?? 1) : 1;
  const header: ImageHeader = {
    width: metadata.width,
    frameHeight: metadata.pageHeight ?? metadata.height,
    frames,
    orientation: metadata.orientation ?? 1,
  };
  if (!(header.width > 0 && header.frameHeight > 0)) throw new ImageDecodeError(new Error("no size in header"));
  const framePixels = header.width * header.frameHeight;
  if (framePixels > MAX_FRAME_PIXELS) throw new ImageTooLargeError(MAX_FRAME_PIXELS, false, framePixels);
  if (frames > 1 && framePixels * frames > MAX_ANIMATION_PIXELS)
    throw new ImageTooLargeError(MAX_ANIMATION_PIXELS, true, framePixels * frames);
  return header;
}

type Quality = "usual" | "compact";

function encoder(pipeline: Sharp, format: ImageFormat, quality: Quality): Sharp {
  const compact = quality === "compact";
  switch (format) {
    case "jpeg":
      // libjpeg-turbo rather than mozjpeg: mozjpeg saves about a tenth of the bytes but takes
      // several times as long, and the visitor is waiting for "success".
      return pipeline.jpeg({ quality: compact ? 70 : 85, progressive: true });
    case "png":
      // Compact: a palette of 256 colours, as the PNGs that re-encode larger usually already have.
      return compact ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true, palette: true }) : pipeline.png();
    case "webp":
      return pipeline.webp({ quality: compact ? 70 : 85 });
    case "gif":
      // Compact: fewer colours without dithering (whose noise defeats GIF's compression), frames
      // allowed to reuse nearly identical pixels, and the quickest quantiser setting.
      return compact ? pipeline.gif({ colours: 64, dither: 0, effort: 1, interFrameMaxError: 8 }) : pipeline.gif();
  }
}

interface Encoded {
  data: Buffer;
  width: number;
  height: number;
}

/** Upright (EXIF orientation applied), at most `maxEdge` on the long side, same format, no metadata. */
async function encode(
  input: ImageSource,
  format: ImageFormat,
  header: ImageHeader,
  maxEdge: number,
  quality: Quality,
): Promise<Encoded> {
  try {
    const pipeline = sharp(input, {
      animated: header.frames > 1,
      failOn: "error",
      limitInputPixels: decodeLimit(header),
    })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: "inside", withoutEnlargement: true });
    // sharp writes no metadata unless asked, and converts any ICC profile to sRGB.
    const { data, info } = await encoder(pipeline, format, quality).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ImageTooLargeError(decodeLimit(header), header.frames > 1);
    throw new ImageDecodeError(error);
  }
}

/**
 * The upload without its metadata, if cutting it out cannot change how the picture is shown:
 * never for a JPEG that EXIF says to rotate or a PNG with an eXIf chunk, since a viewer may
 * rotate those by it and the stripped copy would then show differently.
 */
async function losslessStrip(
  source: ImageSource,
  format: ImageFormat,
  header: ImageHeader,
): Promise<Encoded | undefined> {
  if (format === "jpeg" ? header.orientation !== 1 : format !== "png") return undefined;
  const input = typeof source === "string" ? await fs.readFile(source) : source;
  const stripped =
    format === "jpeg"
      ? stripJpegMetadata(input)
      : pngChunkTypes(input)?.includes("eXIf")
        ? undefined
        : stripPngMetadata(input);
  if (!stripped) return undefined;
  // A cheap check that the rebuilt file still reads as the same picture.
  const check = await sharp(stripped)
    .metadata()
    .catch(() => undefined);
  if (check?.width !== header.width || check.height !== header.frameHeight) return undefined;
  return { data: stripped, width: header.width, height: header.frameHeight };
}

async function prepare(input: ImageSource, format: ImageFormat, maxEdge: number): Promise<PreparedImage> {
  const header = await inspectImage(input, format);
  const inputBytes = typeof input === "string" ? (await fs.stat(input)).size : input.length;
  const done = (image: Encoded, method: PreparationMethod): PreparedImage => ({
    ...image,
    format,
    contentType: IMAGE_CONTENT_TYPES[format],
    method,
  });
  const fits = (image: Encoded) => image.data.length <= inputBytes;

  const usual = await encode(input, format, header, maxEdge, "usual");
  if (fits(usual)) return done(usual, "reencoded");

  const stripped = await losslessStrip(input, format, header);
  if (stripped) return done(stripped, "stripped");

  let candidate = await encode(input, format, header, maxEdge, "compact");
  if (fits(candidate)) return done(candidate, "compact");

  let smallest = candidate.data.length;
  for (let step = 0; step < MAX_DOWNSCALE_STEPS; step++) {
    const edge = Math.max(candidate.width, candidate.height);
    // Bytes grow roughly with pixels, so aim straight for the size that should fit, with some
    // margin; but always at least a fifth smaller, so every step makes progress.
    const aimed = edge * Math.sqrt(inputBytes / candidate.data.length) * 0.9;
    const nextEdge = Math.floor(Math.min(aimed, edge * 0.8));
    if (nextEdge < MIN_DOWNSCALE_EDGE) break;
    candidate = await encode(input, format, header, nextEdge, "compact");
    smallest = Math.min(smallest, candidate.data.length);
    if (fits(candidate)) return done(candidate, "downscaled");
  }
  throw new ImageWouldGrowError(inputBytes, smallest);
}

export interface PrepareImageOptions {
  maxEdge?: number;
  /** Once aborted, a photo still waiting for its turn is not processed (its caller has given up). */
  signal?: AbortSignal;
}

/**
 * The photo as it will be stored: upright, at most `maxEdge` pixels on the long side (unless its
 * lossless stripped original was kept), same format, no metadata, and never more bytes than
 * `input`. Waits for a free slot among IMAGE_WORK_SLOTS first; a file is read only then.
 *
 * Throws ImageTooLargeError, ImageDecodeError or ImageWouldGrowError for a photo that cannot be
 * kept, or the signal's reason if it was aborted before the photo's turn came.
 */
export function prepareUploadedImage(
  input: ImageSource,
  format: ImageFormat,
  { maxEdge = MAX_IMAGE_EDGE, signal }: PrepareImageOptions = {},
): Promise<PreparedImage> {
  return imageWork.run(() => {
    signal?.throwIfAborted();
    return prepare(input, format, maxEdge);
  });
}

/** Why an owner's photo cannot be used, in words for them and with the status to answer. */
export interface PhotoRefusal {
  status: 413 | 415;
  error: string;
}

/** The refusal for an error thrown by `inspectImage` or `prepareUploadedImage`; undefined for any other error. */
export function photoRefusal(error: unknown): PhotoRefusal | undefined {
  if (error instanceof ImageTooLargeError)
    return {
      status: 413,
      error: `That photo is too large in pixels. Send one of at most ${Math.floor(MAX_FRAME_PIXELS / 1_000_000)} megapixels.`,
    };
  if (error instanceof ImageDecodeError || error instanceof ImageWouldGrowError)
    return { status: 415, error: "That photo could not be read. Try another one." };
  return undefined;
}

/**
 * An uploaded photo's real format, read from its bytes, with its header checked against the pixel
 * limits; nothing is decoded. The refusal when it is not a JPEG, PNG, WebP or GIF, or too large.
 */
export async function checkUploadedPhoto(path: string): Promise<{ format: ImageFormat } | PhotoRefusal> {
  const format = await detectImageFormat(path);
  if (!format) return { status: 415, error: "That file is not a photo we can use: send a JPEG, PNG, WebP or GIF." };
  try {
    await inspectImage(path, format);
  } catch (error) {
    const refusal = photoRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  return { format };
}

/**
 * A small WebP of an already prepared (upright, metadata-free) image, `width` pixels wide at most,
 * made in one of the IMAGE_WORK_SLOTS. An animation gives its first frame.
 */
export function encodeThumbnail(input: Buffer, width: number): Promise<Buffer> {
  return imageWork.run(async () => {
    try {
      return await sharp(input, { failOn: "error", limitInputPixels: MAX_FRAME_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer();
    } catch (error) {
      // What libvips could not read is the photo's fault, answered as one, not the server's.
      throw new ImageDecodeError(error);
    }
  });
}
