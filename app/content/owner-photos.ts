/**
 * How a page's file names a photo the owner put on the site from the desk: `photo-` and the photo's
 * id. The build's own pictures are named by their files in images/src; an owner's photo lives in
 * the database, and the live layer draws it from there.
 */
export const OWNER_PHOTO_REF = /^photo-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every owner's photo a page's file names, each once, in the order it names them. */
export function ownerPhotoRefs(markdown: string): string[] {
  const refs = markdown.match(new RegExp(OWNER_PHOTO_REF.source.slice(1, -1), "g")) ?? [];
  return [...new Set(refs)];
}

export const ownerPhotoRef = (id: string) => `photo-${id}`;
export const ownerPhotoId = (ref: string) => ref.replace(/^photo-/, "");
