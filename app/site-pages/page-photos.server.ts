/**
 * A service page's owner photos, found for its render: the photo at the top and the gallery's. Each
 * is drawn from the live layer, or else from the build, when `npm run content -- export` wrote it
 * back to the repository's pictures. A page only ever publishes with photos that are ready, so a
 * name that finds neither is a photo gone from the database by hand; the page then draws the
 * service's illustration at the top and leaves that picture out of the gallery rather than failing.
 */
import { OWNER_PHOTO_REF } from "~/content/owner-photos";
import type { ServicePage, ServiceSection } from "~/content/service-page-schema";
import { escapeHtml } from "~/infra/mail-format.server";
import { firstPicture, firstPictureOf, type FirstPicture } from "~/ui/first-picture.server";
import { buildPictureFiles, hasBuildPicture, type PictureFiles } from "~/ui/picture";
import { livePhotos } from "./site-pages-source.server";
import type { LivePhoto } from "./site-photos-source.server";

const isOwnerPhoto = (name: string) => OWNER_PHOTO_REF.test(name);

/** The owner's photos a service page names, in page order. */
export function servicePagePhotoRefs(page: Pick<ServicePage, "sections">): string[] {
  const refs = page.sections.flatMap((section) => {
    if (section.kind === "hero") return section.photo ? [section.photo] : [];
    if (section.kind === "gallery") return section.items.map((item) => item.image).filter(isOwnerPhoto);
    return [];
  });
  return [...new Set(refs)];
}

export function withOwnerPhotos(
  page: ServicePage,
  find: (refs: readonly string[]) => Record<string, LivePhoto>,
): { page: ServicePage; photos: Record<string, LivePhoto> } {
  const photos = find(servicePagePhotoRefs(page));
  const found = (name: string) => !isOwnerPhoto(name) || photos[name] !== undefined || hasBuildPicture(name);
  const sections = page.sections.map((section): ServiceSection => {
    if (section.kind === "hero" && section.photo && !found(section.photo)) {
      const { photo: _photo, photoAlt: _alt, ...rest } = section;
      return rest;
    }
    if (section.kind === "gallery") return { ...section, items: section.items.filter((item) => found(item.image)) };
    return section;
  });
  return { page: { ...page, sections }, photos };
}

/** Drawn where a page names a photo that is neither live nor built: the site's beach, not a broken page. */
const STAND_IN = "hero-beach";

/**
 * A picture a page names by itself (an article's): the owner's photo from the live layer (or, in a
 * preview, the draft's), or the build's picture of the name, or else the stand-in.
 */
export function pictureNamed(name: string): { files: PictureFiles; live?: LivePhoto; built?: string } {
  const live = isOwnerPhoto(name) ? livePhotos([name])[name] : undefined;
  if (live) {
    const { phoneCopy: _copy, ...files } = live;
    return { files, live };
  }
  const built = hasBuildPicture(name) ? name : STAND_IN;
  return { files: buildPictureFiles(built), built };
}

/** The same, where it is the page's first picture: with the copy a phone draws and the wider screens' preload. */
export function firstPictureNamed(name: string, sizes: string): { files: PictureFiles; first: FirstPicture } {
  const { files, live, built } = pictureNamed(name);
  return { files, first: live ? firstPictureOf(live, live.phoneCopy, sizes) : firstPicture(built ?? STAND_IN, sizes) };
}

/** How wide a photo in an article's text is drawn: the article's column. */
export const ARTICLE_PHOTO_SIZES = "(min-width: 768px) 720px, 100vw";

/** The place an article's text keeps for a section's photo (see `content/articles.server.ts`). */
const PHOTO_PLACE = new RegExp(`<img data-photo="(${OWNER_PHOTO_REF.source.slice(1, -1)})" alt="([^"]*)">`, "g");

/**
 * An article's HTML with each section's photo drawn: AVIF and WebP at its widths, its size held so
 * nothing shifts, loaded as the reader nears it. A photo found neither live nor built is left out.
 */
export function withSectionPhotos(html: string): string {
  return html.replace(PHOTO_PLACE, (_, ref: string, alt: string) => {
    const { files, live } = pictureNamed(ref);
    if (!live && !hasBuildPicture(ref)) return "";
    const sizes = escapeHtml(ARTICLE_PHOTO_SIZES);
    return (
      `<picture><source type="image/avif" srcset="${escapeHtml(files.avif)}" sizes="${sizes}">` +
      `<source type="image/webp" srcset="${escapeHtml(files.webp)}" sizes="${sizes}">` +
      `<img src="${escapeHtml(files.fallback)}" alt="${alt}" width="${files.width}" height="${files.height}"` +
      ` loading="lazy" decoding="async"></picture>`
    );
  });
}
