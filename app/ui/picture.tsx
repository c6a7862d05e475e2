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

interface PictureProps {
  name: string;
  alt: string;
  /** the `sizes` attribute: how wide the picture is drawn at each viewport */
  sizes: string;
  className?: string;
  imgClassName?: string;
  /** Given for the page's largest picture only: see `firstPicture`. */
  phoneCopy?: string;
  protect?: boolean;
  badge?: ImageBadge;
}

export function imageEntry(name: string) {
  const entry = manifest[name];
  if (!entry) throw new Error(`No image named "${name}" in images/src`);
  const [hash, width, height] = entry;
  return { hash, width, height, widths: outputWidths(width), fallbackWidth: fallbackWidth(width) };
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
  alt,
  sizes,
  className = "",
  imgClassName = "",
  phoneCopy,
  protect = false,
  badge,
}: PictureProps) {
  const entry = imageEntry(name);
  const priority = phoneCopy !== undefined;
  const picture = (
    <picture className={badge ? undefined : className}>
      {phoneCopy ? <source media={PHONE_COPY_MEDIA} type="image/avif" srcSet={phoneCopy} sizes={sizes} /> : null}
      <source type="image/avif" srcSet={srcSet(name, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, "webp")} sizes={sizes} />
      <img
        src={imageUrl(name, entry.hash, entry.fallbackWidth, "jpg")}
        alt={alt}
        width={entry.width}
        height={entry.height}
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
