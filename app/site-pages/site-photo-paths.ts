/**
 * Where the written pages' photos are served (a page names one as `content/owner-photos.ts` says):
 * shared by the server, the editors and the public pages' code, so it holds no server code.
 *
 * A photo's files are named by content hash (`<hash>-<width>.<avif|webp>`) at the widths every
 * owner's photo is made at (`PHOTO_WIDTHS`), as a project's photos are.
 */
import { outputWidths, PHOTO_WIDTHS } from "~/ui/image-sizes";

/** Where a photo's file is served, by its content-hashed name. */
export const sitePhotoPath = (name: string) => `/site-photos/${name}`;

/** The names of a photo's files, `width` being the photo's own: each width made, AVIF and WebP. */
export function sitePhotoFileNames(hash: string, width: number): { avif: string; webp: string; width: number }[] {
  return outputWidths(width, PHOTO_WIDTHS).map((w) => ({
    avif: `${hash}-${w}.avif`,
    webp: `${hash}-${w}.webp`,
    width: w,
  }));
}

/** What a <picture> needs of a ready photo: as a project's photo gives it (`PublicPhoto`). */
export interface SitePhotoSources {
  /** srcset of the AVIF files */
  avif: string;
  /** srcset of the WebP files */
  webp: string;
  /** The largest WebP: for an <img> without srcset, structured data and social cards. */
  fallback: string;
  width: number;
  height: number;
}

export function sitePhotoSources(row: { hash: string; width: number; height: number }): SitePhotoSources {
  const files = sitePhotoFileNames(row.hash, row.width);
  const srcset = (format: "avif" | "webp") => files.map((f) => `${sitePhotoPath(f[format])} ${f.width}w`).join(", ");
  const largest = files[files.length - 1];
  return {
    avif: srcset("avif"),
    webp: srcset("webp"),
    fallback: largest ? sitePhotoPath(largest.webp) : "",
    width: row.width,
    height: row.height,
  };
}
