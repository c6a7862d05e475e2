/**
 * A desk photo's stored files, for every desk feature that keeps a photo beside a record (a job's
 * progress, a home watch visit): checked as every upload is, then stored upright without metadata
 * at a viewing size, with a small WebP copy for the page.
 */
import sharp from "sharp";
import {
  checkUploadedPhoto,
  encodeThumbnail,
  MAX_FRAME_PIXELS,
  photoRefusal,
  prepareUploadedImage,
  type PhotoRefusal,
  type PreparedImage,
} from "./images.server";

/** A desk photo as it is stored: the viewing size without metadata, and its small WebP copy. */
export interface StoredPhotoFiles {
  large: PreparedImage;
  small: Buffer;
  /** The upload's own EXIF, read before it was stripped (its clock dates a photo); never stored. */
  exif: Buffer | undefined;
}

/** Checks an uploaded photo (its real type, its pixels before decoding) and makes its stored files. */
export async function storedPhotoFiles(
  path: string,
  sizes: { largeEdge: number; smallWidth: number },
): Promise<StoredPhotoFiles | PhotoRefusal> {
  const checked = await checkUploadedPhoto(path);
  if ("error" in checked) return checked;
  // The header was read once already by the check; EXIF it cannot give is simply absent.
  const exif = await sharp(path, { limitInputPixels: MAX_FRAME_PIXELS })
    .metadata()
    .then((m) => m.exif)
    .catch(() => undefined);
  try {
    const large = await prepareUploadedImage(path, checked.format, { maxEdge: sizes.largeEdge });
    const small = await encodeThumbnail(large.data, sizes.smallWidth);
    return { large, small, exif };
  } catch (error) {
    const refusal = photoRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}
