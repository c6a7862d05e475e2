/**
 * A responsive picture from the build's image pipeline: AVIF and WebP at several widths, a JPEG
 * fallback, and the intrinsic size so the page never shifts while it loads.
 *
 * Pictures below the fold load lazily. The page's largest picture passes its `phoneCopy` (made by
 * `firstPicture` in the route's loader): it loads first, and a phone draws it from the copy in the
 * HTML. `protect` blocks the context menu and dragging and may show a small badge.
 */
import type { MouseEvent } from "react";
import manifestJson from "~/generated/image-manifest.json";
import { fallbackWidth, imageUrl, outputWidths, PHONE_COPY_MEDIA, type CompactManifest } from "./image-sizes";

// JSON imports are typed loosely (arrays of string | number): give each entry its real shape.
const manifest: CompactManifest = Object.fromEntries(
  Object.entries(manifestJson).map(
    ([name, [hash, width, height]]) => [name, [String(hash), Number(width), Number(height)]] as const,
  ),
);

export type ImageBadge = "Secure" | "Protected" | "Processing...";

/**
 * A picture's files when they are not the build's: a photo the owner put on the site, made by the
 * server at its own widths. `fallback` is a file every browser draws.
 */
export interface PictureFiles {
  avif: string;
  webp: string;
  fallback: string;
  width: number;
  height: number;
}

type PictureProps = {
  alt: string;
  /** the `sizes` attribute: how wide the picture is drawn at each viewport */
  sizes: string;
  className?: string;
  imgClassName?: string;
  /** Given for the page's largest picture only: see `firstPicture`. */
  phoneCopy?: string;
  protect?: boolean;
  badge?: ImageBadge;
} & (
  | { /** the build's picture, by its file's name in images/src */ name: string; files?: undefined }
  | { files: PictureFiles; name?: undefined }
);

/** Whether the build made a picture of this name (an owner's photo written back to the repository is one). */
export const hasBuildPicture = (name: string) => Object.hasOwn(manifest, name);

export function imageEntry(name: string) {
  const entry = manifest[name];
  if (!entry) throw new Error(`No image named "${name}" in images/src`);
  const [hash, width, height] = entry;
  return { hash, width, height, widths: outputWidths(width), fallbackWidth: fallbackWidth(width) };
}

/** A build picture's files, as an owner's photo gives its own. */
export function buildPictureFiles(name: string): PictureFiles {
  const entry = imageEntry(name);
  return {
    avif: srcSet(name, "avif"),
    webp: srcSet(name, "webp"),
    fallback: imageUrl(name, entry.hash, entry.fallbackWidth, "jpg"),
    width: entry.width,
    height: entry.height,
  };
}

/** The fallback JPEG's address, for social cards and structured data. */
export function imageFallbackUrl(name: string): string {
  const entry = imageEntry(name);
  return imageUrl(name, entry.hash, entry.fallbackWidth, "jpg");
}

export function srcSet(name: string, format: "avif" | "webp"): string {
  const entry = imageEntry(name);
  return entry.widths.map((w) => `${imageUrl(name, entry.hash, w, format)} ${w}w`).join(", ");
}

const block = (event: MouseEvent) => event.preventDefault();

export function Picture({
  name,
  files: given,
  alt,
  sizes,
  className = "",
  imgClassName = "",
  phoneCopy,
  protect = false,
  badge,
}: PictureProps) {
  const files = given ?? buildPictureFiles(name);
  const priority = phoneCopy !== undefined;
  const picture = (
    <picture className={badge ? undefined : className}>
      {phoneCopy ? <source media={PHONE_COPY_MEDIA} type="image/avif" srcSet={phoneCopy} sizes={sizes} /> : null}
      <source type="image/avif" srcSet={files.avif} sizes={sizes} />
      <source type="image/webp" srcSet={files.webp} sizes={sizes} />
      <img
        src={files.fallback}
        alt={alt}
        width={files.width}
        height={files.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        draggable={protect ? false : undefined}
        onContextMenu={protect ? block : undefined}
        onDragStart={protect ? block : undefined}
        className={imgClassName}
      />
    </picture>
  );
  if (!badge) return picture;
  return (
    <div className={`relative ${className}`}>
      {picture}
      <span className="absolute top-2 right-2 rounded-full bg-navy-900/85 px-2 py-0.5 text-xs font-semibold text-white">
        {badge}
      </span>
    </div>
  );
}
