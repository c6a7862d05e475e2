/**
 * The pictures of a service page as posted from the editor, checked before they are published: a
 * gallery picture is the one the page has or an owner's photo that is ready; the photo at the top
 * has its description. Also what the editor shows of the photos a form names (ready, still being
 * made, or refused, with a small file to see it by).
 */
import type { Kysely } from "kysely";
import { ownerPhotoId, ownerPhotoRef, ownerPhotoRefs } from "~/content/owner-photos";
import type { FieldMessages } from "~/forms/change-answer";
import { hiddenCharacterError } from "~/forms/plain-text";
import type { Database } from "~/infra/schema.server";
import { outputWidths, PHOTO_WIDTHS } from "~/ui/image-sizes";
import { isOwnerPhoto, type PhotoPreview, type PictureField } from "./page-pictures";
import { sitePhotoPath } from "./site-photo-paths";
import { markSitePhotosPublished, sitePhotosByIds, type SitePhotoRow } from "./site-photos.server";

/** The description's length: a sentence that says what the photo shows. */
export const PHOTO_ALT = { fewest: 10, most: 300 } as const;

export const previewOf = (row: SitePhotoRow): PhotoPreview => ({
  state: row.state,
  problem: row.problem ?? undefined,
  thumbnail:
    row.state === "ready" && row.hash && row.width
      ? sitePhotoPath(`${row.hash}-${outputWidths(row.width, PHOTO_WIDTHS)[0]}.webp`)
      : undefined,
});

/** The owner's photos among the values, by the name the page gives them. */
export async function photoPreviews(
  db: Kysely<Database>,
  values: Readonly<Record<string, string>>,
): Promise<Record<string, PhotoPreview>> {
  const ids = [...new Set(Object.values(values).filter(isOwnerPhoto).map(ownerPhotoId))];
  if (ids.length === 0) return {};
  const rows = await sitePhotosByIds(db, ids);
  return Object.fromEntries(rows.map((row) => [ownerPhotoRef(row.id), previewOf(row)]));
}

/** Why each posted picture cannot be published, at its field. `kept`: the names the page has now. */
export async function pictureProblems(
  db: Kysely<Database>,
  fields: readonly PictureField[],
  posted: (name: string) => string,
  kept: Readonly<Record<string, string>>,
): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  const previews = await photoPreviews(db, Object.fromEntries(fields.map((f) => [f.name, posted(f.name).trim()])));
  for (const field of fields) {
    const value = posted(field.name).trim();
    if (value === "") {
      if (!field.optional) errors[field.name] = "Choose a picture.";
      continue;
    }
    if (!isOwnerPhoto(value)) {
      // A build picture's name is only ever the one the page already has: the form cannot invent one.
      if (value !== kept[field.name]) errors[field.name] = "That picture is not one of the page's. Choose a photo.";
    } else {
      const photo = previews[value];
      if (!photo) errors[field.name] = "That photo is no longer kept. Choose it again.";
      else if (photo.state === "waiting")
        errors[field.name] = "This photo is still being made ready for the site. Publish again in a minute.";
      else if (photo.state === "refused") errors[field.name] = photo.problem ?? "This photo could not be used.";
    }
    if (field.alt) {
      const alt = posted(field.alt.name).replace(/\s+/g, " ").trim();
      const problem =
        alt.length < PHOTO_ALT.fewest
          ? `Say in a sentence what the photo shows, at least ${PHOTO_ALT.fewest} characters.`
          : alt.length > PHOTO_ALT.most
            ? `Keep it to ${PHOTO_ALT.most} characters.`
            : hiddenCharacterError(alt, `'${field.alt.label}'`);
      if (problem) errors[field.alt.name] = problem;
    }
  }
  return errors;
}

/**
 * Inside a publish: every owner's photo the page's file names becomes public (its files cached, the
 * live layer drawing it). Returns why not, and marks nothing, when one is missing or not ready:
 * the editor checks first and says so at the field, so this guards a restore or a forged post.
 */
export async function publishPagePhotos(trx: Kysely<Database>, markdown: string): Promise<string[]> {
  const ids = ownerPhotoRefs(markdown).map(ownerPhotoId);
  if (ids.length === 0) return [];
  const ready = new Set((await sitePhotosByIds(trx, ids)).filter((row) => row.state === "ready").map((row) => row.id));
  const missing = ids.filter((id) => !ready.has(id));
  if (missing.length)
    return missing.map((id) => `photo ${ownerPhotoRef(id)}: not ready to be shown; choose the photo again`);
  await markSitePhotosPublished(trx, ids);
  return [];
}
