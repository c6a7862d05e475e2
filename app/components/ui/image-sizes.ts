/**
 * The widths and file names the image pipeline produces, shared by the build (which writes the
 * files) and the <Picture> component (which names them), so the two cannot disagree.
 */
/**
 * A 412-pixel phone at 1.75 device pixels per CSS pixel (the common mid-range Android, and the phone
 * Lighthouse emulates) draws a full-width picture 721 pixels wide. Browsers take the smallest
 * candidate at least that wide, so 720 would lose to 800: the width is the product, rounded up.
 */
export const PHONE_WIDTH = Math.ceil(412 * 1.75);
export const TARGET_WIDTHS = [480, PHONE_WIDTH, 800, 1200, 1920] as const;
export const FALLBACK_WIDTH = 800;

export type ImageFormat = "avif" | "webp" | "jpg";

/** The widths made of a source `sourceWidth` pixels wide: the targets below it, then itself (at most 1920). */
export function outputWidths(sourceWidth: number): number[] {
  const widths: number[] = TARGET_WIDTHS.filter((w) => w < sourceWidth);
  widths.push(Math.min(sourceWidth, TARGET_WIDTHS[TARGET_WIDTHS.length - 1] ?? sourceWidth));
  return [...new Set(widths)].sort((a, b) => a - b);
}

export const fallbackWidth = (sourceWidth: number) => Math.min(FALLBACK_WIDTH, sourceWidth);

export const imageUrl = (name: string, hash: string, width: number, format: ImageFormat) =>
  `/img/${name}.${hash}-${width}.${format}`;

/** What the browser needs to know of each image: its content hash and intrinsic size. */
export type CompactManifest = Record<string, readonly [hash: string, width: number, height: number]>;
