/**
 * A responsive picture from the build's image pipeline: AVIF and WebP at several widths, a JPEG
 * fallback, and the intrinsic size so the page never shifts while it loads.
 *
 * Pictures below the fold load lazily; the page's largest picture passes `priority` to load first.
 * `protect` blocks the context menu and dragging and may show a small badge.
 */
import type { MouseEvent } from "react";
import manifestJson from "~/generated/image-manifest.json";
import { fallbackWidth, imageUrl, outputWidths, type CompactManifest } from "./image-sizes";

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
  priority?: boolean;
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

/**
 * A head link that fetches a page's largest picture with the HTML instead of after layout, in the
 * format every supporting browser takes (AVIF), with the same `sizes` as the picture so the browser
 * picks the same file. For a route's meta, built in its loader (which keeps the manifest out of
 * the browser's code where the page does not need it).
 */
export function picturePreload(name: string, sizes: string) {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(name, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}

const block = (event: MouseEvent) => event.preventDefault();

export function Picture({
  name,
  alt,
  sizes,
  className = "",
  imgClassName = "",
  priority = false,
  protect = false,
  badge,
}: PictureProps) {
  const entry = imageEntry(name);
  const picture = (
    <picture className={badge ? undefined : className}>
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
