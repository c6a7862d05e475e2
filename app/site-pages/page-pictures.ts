/**
 * A service page's pictures as the desk edits them: the photo at the top (the service's
 * illustration until the owner gives one) with its description, and each gallery picture. A field
 * holds the picture's name as the page's file writes it: a build picture's (`gallery-decks-1`), an
 * owner's photo's (`photo-<id>`, see `content/owner-photos.ts`), or, for the top, nothing. Shared by
 * the page in the browser and the server.
 */
import { OWNER_PHOTO_REF } from "~/content/owner-photos";

export interface PictureField {
  /** The field's name on the form: `p.` and its path in the front matter ("p.sections.4.items.1.image"). */
  name: string;
  label: string;
  /** The top's: it may hold no photo (the service's illustration is drawn). */
  optional: boolean;
  /** The field of the photo's description, where the description is not among the page's words. */
  alt?: { name: string; label: string };
}

/** What the editor shows of one of the owner's photos. */
export interface PhotoPreview {
  state: "waiting" | "ready" | "refused";
  problem?: string;
  /** The photo's smallest WebP, which a signed-in owner may fetch before it is published. */
  thumbnail?: string;
}

/** What the editor draws for one picture: the control that shows it and takes a new photo from the phone. */
export interface PictureControlProps {
  field: PictureField;
  /** The name the page's file gives the picture now ("" for a top without a photo). */
  value: string;
  altValue: string;
  error?: string;
  altError?: string;
  /** The owner's photos the form names, as the server last saw them. */
  photos: Readonly<Record<string, PhotoPreview>>;
  /** The build's picture drawn where the field holds none: the service's illustration. */
  illustration: string;
}

/** Where the editor asks how a photo it sent is coming along. */
export const photoStatePath = (ref: string) => `/owner/site/photos/${ref}`;

type Path = readonly (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const pictureFieldName = (path: Path) => `p.${path.join(".")}`;

export const pathOfPicture = (name: string): Path =>
  name
    .replace(/^p\./, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export const isOwnerPhoto = (name: string) => OWNER_PHOTO_REF.test(name);

/** The pictures of the section at `index`, in page order. */
export function sectionPictures(section: unknown, index: number): PictureField[] {
  if (!isRecord(section)) return [];
  if (section.kind === "hero")
    return [
      {
        name: pictureFieldName(["sections", index, "photo"]),
        label: "Photo behind the heading",
        optional: true,
        alt: {
          name: pictureFieldName(["sections", index, "photoAlt"]),
          label: "What the photo shows (for search and for sharing)",
        },
      },
    ];
  if (section.kind === "gallery" && Array.isArray(section.items))
    return section.items.map((_, j) => ({
      name: pictureFieldName(["sections", index, "items", j, "image"]),
      label: `Picture ${j + 1}`,
      optional: false,
    }));
  return [];
}

/** Every picture field of the page with the value its file holds ("" for a top without a photo). */
export function pictureValues(frontMatter: unknown): Record<string, string> {
  const sections = isRecord(frontMatter) && Array.isArray(frontMatter.sections) ? frontMatter.sections : [];
  const values: Record<string, string> = {};
  sections.forEach((section: unknown, i) => {
    for (const field of sectionPictures(section, i)) {
      values[field.name] = textAt(frontMatter, pathOfPicture(field.name)) ?? "";
      if (field.alt) values[field.alt.name] = textAt(frontMatter, pathOfPicture(field.alt.name)) ?? "";
    }
  });
  return values;
}

function textAt(value: unknown, path: Path): string | undefined {
  let at: unknown = value;
  for (const part of path) at = isRecord(at) || Array.isArray(at) ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === "string" ? at : undefined;
}

/**
 * A copy of `frontMatter` with the pictures of `values` in place: each gallery picture's name, and
 * the top's photo and description, both written or both removed.
 */
export function withPictures(frontMatter: unknown, values: Readonly<Record<string, string>>): unknown {
  const copy: unknown = structuredClone(frontMatter);
  const sections = isRecord(copy) && Array.isArray(copy.sections) ? (copy.sections as unknown[]) : [];
  sections.forEach((section, i) => {
    if (!isRecord(section)) return;
    for (const field of sectionPictures(section, i)) {
      const value = (values[field.name] ?? "").trim();
      if (field.alt) {
        const alt = (values[field.alt.name] ?? "").replace(/\s+/g, " ").trim();
        if (value) Object.assign(section, { photo: value, photoAlt: alt });
        else {
          delete section.photo;
          delete section.photoAlt;
        }
        continue;
      }
      const path = pathOfPicture(field.name);
      const item = (section.items as unknown[])[Number(path[3])];
      if (isRecord(item) && value) item.image = value;
    }
  });
  return copy;
}
