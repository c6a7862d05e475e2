/**
 * A service page's owner photos, found for its render: the photo at the top and the gallery's. Each
 * is drawn from the live layer, or else from the build, when `npm run content -- export` wrote it
 * back to the repository's pictures. A page only ever publishes with photos that are ready, so a
 * name that finds neither is a photo gone from the database by hand; the page then draws the
 * service's illustration at the top and leaves that picture out of the gallery rather than failing.
 */
import { OWNER_PHOTO_REF } from "~/content/owner-photos";
import type { ServicePage, ServiceSection } from "~/content/service-page-schema";
import { hasBuildPicture } from "~/ui/picture";
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
