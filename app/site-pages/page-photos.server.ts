/**
 * A service page's owner photos, found for its render: the photo at the top and the gallery's. A
 * page only ever publishes with photos that are ready, so a name that finds none is a photo gone
 * from the database by hand; the page then draws the service's illustration at the top and leaves
 * that picture out of the gallery rather than failing to render.
 */
import { OWNER_PHOTO_REF } from "~/content/owner-photos";
import type { ServicePage, ServiceSection } from "~/content/service-page-schema";
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
  const found = (name: string) => !isOwnerPhoto(name) || photos[name] !== undefined;
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
