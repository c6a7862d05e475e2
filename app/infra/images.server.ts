/**
 * Uploaded photos: the real type is read from the bytes, and every image is re-encoded, so what we
 * store and forward carries no metadata (a phone's EXIF holds the GPS position of the visitor's
 * house) and no payload hidden behind a valid header.
 *
 * GIFs are re-encoded too, animation kept: GIF has no EXIF, but comment and application extensions
 * (XMP among them) can carry text, and re-encoding is the one way to be sure they are gone.
 */
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "gif" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: ".jpg",
  png: ".png",
  gif: ".gif",
  webp: ".webp",
};

/** Long edge of a stored photo: plenty to judge a repair, a fraction of a phone camera's size. */
export const MAX_IMAGE_EDGE = 2560;

/** The format named by the file's first bytes, whatever its name or claimed type; undefined if not one we take. */
export async function detectImageFormat(data: Uint8Array): Promise<ImageFormat | undefined> {
  const detected = await fileTypeFromBuffer(data);
  switch (detected?.mime) {
    case "image/jpeg":
      return "jpeg";
    case "image/png":
      return "png";
    case "image/gif":
      return "gif";
    case "image/webp":
      return "webp";
    default:
      return undefined;
  }
}

export interface ReencodedImage {
  data: Buffer;
  format: ImageFormat;
  contentType: string;
  width: number;
  /** Of one frame, for animations. */
  height: number;
}

export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super("image could not be decoded", { cause });
    this.name = "ImageDecodeError";
  }
}

/**
 * Upright (EXIF orientation applied), at most `maxEdge` pixels on the long side, same format, no
 * metadata: sharp writes none unless asked, and converts any ICC profile to sRGB.
 */
export async function reencodeImage(
  input: Buffer,
  format: ImageFormat,
  maxEdge: number = MAX_IMAGE_EDGE,
): Promise<ReencodedImage> {
  const animated = format === "gif" || format === "webp";
  try {
    let pipeline = sharp(input, { animated, failOn: "error" })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: "inside", withoutEnlargement: true });
    switch (format) {
      case "jpeg":
        // libjpeg-turbo rather than mozjpeg: mozjpeg saves about a tenth of the bytes but takes
        // several times as long, and the visitor is waiting for "success".
        pipeline = pipeline.jpeg({ quality: 85, progressive: true });
        break;
      case "png":
        pipeline = pipeline.png();
        break;
      case "webp":
        pipeline = pipeline.webp({ quality: 85 });
        break;
      case "gif":
        pipeline = pipeline.gif();
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      format,
      contentType: IMAGE_CONTENT_TYPES[format],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    throw new ImageDecodeError(error);
  }
}
