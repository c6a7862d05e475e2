/** A project's photo as the site shows it: AVIF and WebP at the widths made for it, its size held so nothing shifts. */
import type { PublicPhoto } from "./project-listing";

export function ProjectPicture({
  photo,
  sizes,
  priority = false,
  className = "",
}: {
  photo: PublicPhoto;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img
        src={photo.fallback}
        alt={photo.description}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}

/**
 * Fetches the page's largest picture with the HTML, as the build's pictures do on screens wider
 * than a phone (see `firstPicture`).
 */
export function projectPhotoPreload(photo: PublicPhoto, sizes: string) {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: photo.avif,
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}
