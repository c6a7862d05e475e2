/**
 * A page's largest picture, as its loader prepares it: the copy a phone draws, written into the HTML,
 * and the head link that fetches the picture early on any wider screen. One call makes both, so the
 * picture, the link and the copy always name the same file at the same widths.
 *
 * On a phone the picture was the one request between the HTML and the largest paint: a round trip
 * the text did not wait for. Carried in the page, it paints with the text; the HTML grows by the
 * file's size, which the phone would have fetched anyway (decision 0034).
 */
import copies from "~/generated/phone-copies.json";
import { WIDER_THAN_PHONE_MEDIA } from "./image-sizes";
import { srcSet } from "./picture";
import type { PictureFiles } from "./picture";

const phoneCopies: Readonly<Record<string, string>> = copies;

export interface FirstPicture {
  /** the srcset candidate a phone draws: the picture's 800-pixel AVIF as a data address */
  phoneCopy: string;
  /** the head link for screens wider than a phone, for the route's meta */
  preload: {
    tagName: "link";
    rel: "preload";
    as: "image";
    type: "image/avif";
    media: string;
    imageSrcSet: string;
    imageSizes: string;
    fetchPriority: "high";
  };
}

/** `sizes`: how wide the picture is drawn at each viewport, as the <Picture> says it. */
export function firstPicture(name: string, sizes: string): FirstPicture {
  const phoneCopy = phoneCopies[name];
  if (!phoneCopy) throw new Error(`No phone copy of "${name}": npm run build makes the site's pictures`);
  return firstPictureOf({ avif: srcSet(name, "avif") }, phoneCopy, sizes);
}

/** The same for a picture that is not the build's: an owner's photo, with the copy the server made of it. */
export function firstPictureOf(files: Pick<PictureFiles, "avif">, phoneCopy: string, sizes: string): FirstPicture {
  return {
    phoneCopy,
    preload: {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      media: WIDER_THAN_PHONE_MEDIA,
      imageSrcSet: files.avif,
      imageSizes: sizes,
      fetchPriority: "high",
    },
  };
}
