/**
 * When a visit's photo was taken, as the report shows it. A camera writes its own clock into the
 * photo's EXIF (DateTimeOriginal, and on newer phones its offset from UTC); that time is shown when
 * it is plausible for this visit, and otherwise the time the photo reached the office, so a phone
 * with a wrong clock, or a photo from last summer's library, never dates a finding falsely.
 *
 * Pure and shared with the browser: the server reads the upload's own bytes, and the visit screen
 * reads the original file before shrinking it (which drops EXIF) and sends what it found.
 */
import { instantOf } from "~/time/business-time";

/** The camera's clock as written: `YYYY:MM:DD HH:MM:SS`, and `+HH:MM` when the camera wrote it. */
export interface CameraClock {
  local: string;
  offset: string | null;
}

const TIFF_LITTLE = 0x4949;
const TIFF_BIG = 0x4d4d;
const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;
/** An IFD claiming more entries than this is not one a camera wrote. */
const MAX_ENTRIES = 500;

/**
 * DateTimeOriginal (and OffsetTimeOriginal) from EXIF as stored in a JPEG's APP1 segment (with or
 * without its `Exif\0\0` header, as `sharp().metadata().exif` gives it); undefined when absent or
 * when the structure is not one it fully understands.
 */
export function readCameraClock(exif: Uint8Array): CameraClock | undefined {
  let start = 0;
  if (exif.length >= 6 && ascii(exif, 0, 4) === "Exif" && exif[4] === 0 && exif[5] === 0) start = 6;
  const view = new DataView(exif.buffer, exif.byteOffset + start, exif.length - start);
  if (view.byteLength < 8) return undefined;
  const order = view.getUint16(0);
  if (order !== TIFF_LITTLE && order !== TIFF_BIG) return undefined;
  const little = order === TIFF_LITTLE;
  if (view.getUint16(2, little) !== 42) return undefined;
  const tiff = exif.subarray(start);

  const entries = (offset: number) => {
    if (offset < 8 || offset + 2 > view.byteLength) return undefined;
    const count = view.getUint16(offset, little);
    if (count > MAX_ENTRIES || offset + 2 + count * 12 > view.byteLength) return undefined;
    return Array.from({ length: count }, (_, i) => {
      const at = offset + 2 + i * 12;
      return {
        tag: view.getUint16(at, little),
        type: view.getUint16(at + 2, little),
        count: view.getUint32(at + 4, little),
        valueAt: at + 8,
      };
    });
  };
  const text = (entry: { type: number; count: number; valueAt: number }) => {
    if (entry.type !== ASCII || entry.count === 0 || entry.count > 64) return undefined;
    const at = entry.count <= 4 ? entry.valueAt : view.getUint32(entry.valueAt, little);
    if (at + entry.count > view.byteLength) return undefined;
    return ascii(tiff, at, entry.count).replace(/\0+$/, "");
  };

  const ifd0 = entries(view.getUint32(4, little));
  const pointer = ifd0?.find((e) => e.tag === EXIF_IFD_POINTER);
  if (!pointer) return undefined;
  const exifIfd = entries(view.getUint32(pointer.valueAt, little));
  const original = exifIfd?.find((e) => e.tag === DATE_TIME_ORIGINAL);
  const offsetEntry = exifIfd?.find((e) => e.tag === OFFSET_TIME_ORIGINAL);
  const local = original && text(original);
  if (!local || !cameraInstant({ local, offset: null })) return undefined;
  const offset = offsetEntry ? text(offsetEntry) : undefined;
  return { local, offset: offset && offsetMinutes(offset) !== undefined ? offset : null };
}

/** The EXIF of a JPEG's first APP1 segment, for the browser, which has only the file. */
export function jpegExif(jpeg: Uint8Array): Uint8Array | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    // Start of scan: the picture's data follows, and no more metadata.
    if (marker === 0xda) return undefined;
    const length = ((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0);
    if (length < 2) return undefined;
    if (marker === 0xe1 && ascii(jpeg, at + 4, 4) === "Exif") return jpeg.subarray(at + 4, at + 2 + length);
    at += 2 + length;
  }
  return undefined;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function number(text: string, from: number, length: number): number | undefined {
  const part = text.slice(from, from + length);
  if (part.length !== length || ![...part].every((c) => c >= "0" && c <= "9")) return undefined;
  return Number(part);
}

function offsetMinutes(offset: string): number | undefined {
  if (offset.length !== 6 || (offset[0] !== "+" && offset[0] !== "-") || offset[3] !== ":") return undefined;
  const hours = number(offset, 1, 2);
  const minutes = number(offset, 4, 2);
  if (hours === undefined || minutes === undefined || hours > 14 || minutes > 59) return undefined;
  return (offset[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * The instant the camera's clock names: at its own offset when it wrote one, else read as the
 * business's local time (a camera without an offset is set to the clock of where it is used).
 */
export function cameraInstant(clock: CameraClock): Date | undefined {
  const { local } = clock;
  if (local.length !== 19 || local[4] !== ":" || local[7] !== ":" || local[10] !== " ") return undefined;
  if (local[13] !== ":" || local[16] !== ":") return undefined;
  const [year, month, day, hour, minute, second] = [0, 5, 8, 11, 14, 17].map((at) =>
    number(local, at, at === 0 ? 4 : 2),
  );
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  if (year < 1990 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  const offset = clock.offset === null ? undefined : offsetMinutes(clock.offset);
  if (offset !== undefined) return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000);
  const at = instantOf(year, month, day, hour, minute);
  return new Date(at.getTime() + second * 1000);
}

/** How long before the visit's arrival a photo may have been taken: a look from the driveway. */
export const BEFORE_ARRIVAL_MS = 15 * 60_000;

export type TakenFrom = "camera" | "arrival";

/**
 * The time a photo is shown with: the camera's when it falls between the visit's start (less
 * BEFORE_ARRIVAL_MS) and the photo's arrival at the office, else the arrival. A baseline photo has
 * no visit: any camera time up to its arrival is kept.
 */
export function photoTakenAt(
  camera: Date | undefined,
  arrived: Date,
  visitStart: Date | null,
): { at: Date; from: TakenFrom } {
  if (!camera) return { at: arrived, from: "arrival" };
  const earliest = visitStart ? visitStart.getTime() - BEFORE_ARRIVAL_MS : Number.NEGATIVE_INFINITY;
  if (camera.getTime() > arrived.getTime() || camera.getTime() < earliest) return { at: arrived, from: "arrival" };
  return { at: camera, from: "camera" };
}
