/**
 * The owner's photos made into the site's pictures, whichever feature took them in (a project's
 * photos, the written pages' photos): upright, metadata (EXIF, GPS) gone, AVIF and WebP at the
 * photos' widths (`PHOTO_WIDTHS`, which fit phones) and qualities (`picture-encoding.ts`), named by
 * content hash; the copy a phone draws from inside a page's HTML; and the claim by which one
 * instance of several takes the oldest waiting photo. Each pipeline keeps its own tables and states.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { outputWidths, PHOTO_WIDTHS, phoneCopyWidth } from "~/ui/image-sizes";
import { MAX_FRAME_PIXELS } from "./images.server";
import { AVIF_OPTIONS, WEBP_OPTIONS } from "./picture-encoding";

export interface EncodedFile {
  name: string;
  format: "avif" | "webp";
  width: number;
  data: Buffer;
}

export interface EncodedPhoto {
  hash: string;
  width: number;
  height: number;
  files: EncodedFile[];
}

/** A photo decoded once, upright, at most MAX_EDGE on its long edge, without alpha: every file is made from it. */
export interface DecodedPhoto {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The long edge photos are made at: the build's widest picture. */
const MAX_EDGE = 1920;

/**
 * Decodes a photo as sent (JPEG shrinks while it decodes) into pixels at most MAX_EDGE wide,
 * upright. Throws on a file that is not a whole picture, or holds more pixels than are decoded.
 */
export async function decodePhoto(original: Buffer): Promise<DecodedPhoto> {
  const { data, info } = await sharp(original, { failOn: "error", limitInputPixels: MAX_FRAME_PIXELS })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: info.channels };
}

const fromPixels = (photo: DecodedPhoto) =>
  sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: photo.channels } });

/**
 * The site's pictures of one decoded photo: each width and format is encoded from the same pixels,
 * so at most one decoded photo and one encode are held at a time. sharp writes no metadata unless
 * asked.
 */
export async function encodeDecodedPhoto(
  photo: DecodedPhoto,
  photoId: string,
  avif: { quality: number; effort: number } = AVIF_OPTIONS,
): Promise<EncodedPhoto> {
  // The photo's id as well as its pixels: the same picture uploaded twice gets files of each.
  const hash = createHash("sha256").update(photo.pixels).update(photoId).digest("hex").slice(0, 16);
  const files: EncodedFile[] = [];
  for (const width of outputWidths(photo.width, PHOTO_WIDTHS)) {
    for (const format of ["avif", "webp"] as const) {
      const resized = fromPixels(photo).resize({ width });
      const data =
        format === "avif" ? await resized.avif(avif).toBuffer() : await resized.webp(WEBP_OPTIONS).toBuffer();
      files.push({ name: `${hash}-${width}.${format}`, format, width, data });
    }
  }
  return { hash, width: photo.width, height: photo.height, files };
}

/** The site's pictures of one photo as sent: decoded once, then encoded at every width and format. */
export async function encodePhoto(
  original: Buffer,
  photoId: string,
  avif: { quality: number; effort: number } = AVIF_OPTIONS,
): Promise<EncodedPhoto> {
  return encodeDecodedPhoto(await decodePhoto(original), photoId, avif);
}

/**
 * The most a phone copy may weigh. A page of 17 to 22 KB compressed has room for its picture's 8 to
 * 18 KB in a new connection's first two round trips; past that the copy costs a round trip instead
 * of saving one (decision 0034).
 */
export const PHONE_COPY_MAX_BYTES = 18 * 1024;

/** Tried in turn until the copy fits: the first is the build's look, the last still reads on a phone. */
export const PHONE_COPY_QUALITIES = [50, 40, 32, 26, 20] as const;

/**
 * The picture a phone draws from inside the page's HTML (decision 0034): an AVIF PHONE_COPY_WIDTH
 * pixels wide (or the photo's width, if narrower), as a `data:image/avif;base64,` address, at the
 * first quality of PHONE_COPY_QUALITIES that fits in PHONE_COPY_MAX_BYTES. Undefined when even the
 * last does not fit: the page then lets the phone fetch the file, as it does for a project's cover.
 *
 * Measured on the tests' camera-like photo (tests/support/project-photo.ts: a 12 MP JPEG with
 * detail at every scale, decoded to 1920 × 1440, the copy 800 × 600), in bytes of AVIF: quality 50
 * gives 46,265 (45.2 KB), 40 gives 30,920 (30.2 KB), 32 gives 22,191 (21.7 KB), 26 gives 16,388
 * (16.0 KB) and 20 gives 12,438 (12.1 KB); so its copy is made at 26, a data address of 21,875
 * characters. Each try took 140 to 180 ms here. A photo with smooth walls or sky fits sooner.
 */
export async function encodePhoneCopy(photo: DecodedPhoto | Buffer): Promise<string | undefined> {
  const decoded = Buffer.isBuffer(photo) ? await decodePhoto(photo) : photo;
  const width = phoneCopyWidth(decoded.width);
  for (const quality of PHONE_COPY_QUALITIES) {
    const data = await fromPixels(decoded).resize({ width }).avif({ quality, effort: AVIF_OPTIONS.effort }).toBuffer();
    if (data.length <= PHONE_COPY_MAX_BYTES) return `data:image/avif;base64,${data.toString("base64")}`;
  }
  return undefined;
}

/**
 * Claims the oldest waiting row for this instance: `find` names it (undefined when none waits
 * unclaimed; finding none writes nothing) and `take` claims it with one conditional update, true
 * when this instance won. When another instance won the same row, the next one is looked for.
 */
export async function claimFirst(
  find: () => Promise<string | undefined>,
  take: (id: string) => Promise<boolean>,
): Promise<string | undefined> {
  for (;;) {
    const id = await find();
    if (id === undefined) return undefined;
    if (await take(id)) return id;
  }
}

/** Longer than any photo takes: a claim older than this belongs to an instance that stopped. */
export const PHOTO_CLAIM_MS = 5 * 60 * 1000;

/** Runs `next` (one photo made) again and again until it finds none or `budgetMs` has passed. */
export async function processWithin<T>(budgetMs: number, next: () => Promise<T | undefined>): Promise<T[]> {
  const started = performance.now();
  const outcomes: T[] = [];
  while (performance.now() - started < budgetMs) {
    const outcome = await next();
    if (outcome === undefined) break;
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A photo's files as the rows of its pipeline's files table, which all have these columns. */
export const photoFileRows = (photoId: string, files: readonly EncodedFile[]) =>
  files.map((file) => ({
    name: file.name,
    photo_id: photoId,
    format: file.format,
    width: file.width,
    bytes: file.data.length,
    data: file.data,
  }));
