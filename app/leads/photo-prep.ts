/**
 * Photos are shrunk and re-encoded in the browser before upload: a phone photo of 4-8 MB becomes a
 * few hundred KB on slow beach Wi-Fi, and re-encoding drops EXIF, GPS position included. GIFs go
 * unchanged: a canvas would keep only the first frame of an animation (and GIF carries no EXIF).
 */
export const MAX_UPLOAD_EDGE = 2560;

const outputType: Record<string, string> = {
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "image/webp": "image/webp",
};

export async function preparePhoto(file: File): Promise<Blob> {
  const type = outputType[file.type];
  if (!type || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_UPLOAD_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    return blob ?? file;
  } catch {
    // A format the browser cannot decode still goes up; the server re-encodes it anyway.
    return file;
  }
}

/** A file name for the prepared photo, keeping the visitor's name for the owner's benefit. */
export function preparedName(file: File, blob: Blob): string {
  if (blob === file) return file.name;
  const ext = blob.type === "image/png" ? "png" : blob.type === "image/webp" ? "webp" : "jpg";
  return `${file.name.replace(/\.[^.]+$/, "")}.${ext}`;
}
