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

/**
 * A page's largest picture reaches a phone inside the page's HTML, as a data address, so it paints
 * with the text instead of one request later (decision 0034). The copy is the 800-pixel file: a
 * phone up to 400 px wide at 2×, or a 16:9 picture in a padded column at 3×. Screens wider than a
 * phone in portrait fetch their file from the srcset as before; the two media queries split them.
 */
export const PHONE_COPY_WIDTH = 800;
export const PHONE_COPY_MEDIA = "(max-width: 480px)";
export const WIDER_THAN_PHONE_MEDIA = "(min-width: 481px)";
export const phoneCopyWidth = (sourceWidth: number) => Math.min(PHONE_COPY_WIDTH, sourceWidth);

/**
 * A project photo's widths, which the owner's photos are made at. A photo is as wide as the screen
 * on a phone, and a camera's detail costs bytes at every width, so each phone gets a file close to
 * what it draws: 640 (320 px at 2×), 721 (Lighthouse's 412 px at 1.75), 828 (375 and 414 px at 2×),
 * 1080 (360 px at 3×), then tablets and desktops. The site's own pictures keep TARGET_WIDTHS.
 */
export const PHOTO_WIDTHS = [480, 640, PHONE_WIDTH, 828, 1080, 1280, 1920] as const;

export type ImageFormat = "avif" | "webp" | "jpg";

/** The widths made of a source `sourceWidth` pixels wide: the targets below it, then itself (at most the widest). */
export function outputWidths(sourceWidth: number, targets: readonly number[] = TARGET_WIDTHS): number[] {
  const widths: number[] = targets.filter((w) => w < sourceWidth);
  widths.push(Math.min(sourceWidth, targets[targets.length - 1] ?? sourceWidth));
  return [...new Set(widths)].sort((a, b) => a - b);
}

export const fallbackWidth = (sourceWidth: number) => Math.min(FALLBACK_WIDTH, sourceWidth);

export const imageUrl = (name: string, hash: string, width: number, format: ImageFormat) =>
  `/img/${name}.${hash}-${width}.${format}`;

/** What the browser needs to know of each image: its content hash and intrinsic size. */
export type CompactManifest = Record<string, readonly [hash: string, width: number, height: number]>;
