/**
 * Lossless metadata removal for PNG and JPEG: the file is rebuilt from its own structure, keeping
 * the pixel data and what decides its colours byte for byte and nothing else. Used when
 * re-encoding an upload would make it larger than it came.
 *
 * Both functions answer undefined for anything they do not fully understand, so a caller falls back
 * to re-encoding instead of storing a file a viewer might show differently or not at all.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks that make up the picture: the critical ones and those that change its colours or
 * transparency. Text (which may hold XMP), eXIf, tIME, physical size, animation and private chunks
 * all go.
 */
const PNG_KEPT_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "IDAT", "IEND"]);

interface PngChunk {
  type: string;
  /** Offset of the chunk's length field. */
  start: number;
  /** Offset just past its CRC. */
  end: number;
}

/** The chunks from IHDR to IEND, or undefined if the file is not laid out as a PNG. */
function readPngChunks(data: Buffer): PngChunk[] | undefined {
  if (data.length < PNG_SIGNATURE.length || !data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return undefined;
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  for (;;) {
    if (offset + 12 > data.length) return undefined;
    const length = data.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > data.length) return undefined;
    const type = data.toString("latin1", offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return undefined;
    if (chunks.length === 0 && type !== "IHDR") return undefined;
    chunks.push({ type, start: offset, end });
    // Whatever follows IEND is not part of the image: a classic place to smuggle a payload.
    if (type === "IEND") return chunks;
    offset = end;
  }
}

/** The chunk types of a PNG in file order, or undefined if it is not a well-formed PNG. */
export function pngChunkTypes(data: Buffer): string[] | undefined {
  return readPngChunks(data)?.map((chunk) => chunk.type);
}

/** The PNG with only the chunks in PNG_KEPT_CHUNKS and nothing after IEND. */
export function stripPngMetadata(data: Buffer): Buffer | undefined {
  const chunks = readPngChunks(data);
  if (!chunks?.some((chunk) => chunk.type === "IDAT")) return undefined;
  const kept: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    if (PNG_KEPT_CHUNKS.has(chunk.type)) kept.push(data.subarray(chunk.start, chunk.end));
    // An upper-case first letter marks a chunk a decoder may not skip; one we do not know could
    // change the picture, so the file is left to re-encoding.
    else if (chunk.type.charCodeAt(0) < 0x61) return undefined;
  }
  return Buffer.concat(kept);
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const JFIF_ID = Buffer.from("JFIF\0", "latin1");
const ICC_ID = Buffer.from("ICC_PROFILE\0", "latin1");
const ADOBE_ID = Buffer.from("Adobe", "latin1");
/** JFIF header up to and including the densities; the two bytes after give the thumbnail size. */
const JFIF_HEADER_BYTES = 12;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
/** Start of frame: C0–CF except DHT (C4), the reserved JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Segments that describe the coded picture: frames, Huffman and arithmetic tables, quantisation
 * tables, restart interval, line count and the hierarchical-mode markers. */
const isPictureSegment = (marker: number) =>
  isStartOfFrame(marker) || marker === 0xc4 || marker === 0xcc || (marker >= 0xdb && marker <= 0xdf);

function startsWith(payload: Buffer, id: Buffer): boolean {
  return payload.length >= id.length && payload.subarray(0, id.length).equals(id);
}

/**
 * Where the entropy-coded data starting at `from` ends: at the first marker that is neither a
 * stuffed zero (FF 00) nor a restart marker, or undefined if the file ends first.
 */
function endOfEntropyCodedData(data: Buffer, from: number): number | undefined {
  let offset = from;
  for (;;) {
    const ff = data.indexOf(0xff, offset);
    if (ff < 0 || ff + 1 >= data.length) return undefined;
    const next = data[ff + 1] as number;
    if (next === 0x00 || isRestart(next)) offset = ff + 2;
    else return ff;
  }
}

/**
 * The JPEG with only the segments that make up the picture: frame, tables, scans, JFIF (without
 * its thumbnail), ICC profile and Adobe colour-transform segments. EXIF, XMP, Photoshop/IPTC, MPF
 * and other application segments, comments and anything after the end-of-image marker are dropped.
 */
export function stripJpegMetadata(data: Buffer): Buffer | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return undefined;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let offset = 2;
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if (data[offset] !== 0xff) return undefined;
    // Any marker may be preceded by fill bytes (more FFs); they carry nothing.
    while (data[offset] === 0xff) offset++;
    if (offset >= data.length) return undefined;
    const marker = data[offset] as number;
    offset++;
    if (marker === EOI) {
      if (!sawFrame || !sawScan) return undefined;
      kept.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(kept);
    }
    // Markers without a length (a second SOI, a restart outside a scan, TEM, stuffing) do not
    // belong between segments.
    if (marker === SOI || marker === 0x00 || marker === 0x01 || isRestart(marker)) return undefined;
    if (offset + 2 > data.length) return undefined;
    const length = data.readUInt16BE(offset);
    const end = offset + length;
    if (length < 2 || end > data.length) return undefined;
    const segment = data.subarray(offset - 2, end);
    const payload = data.subarray(offset + 2, end);
    offset = end;

    if (marker === SOS) {
      if (!sawFrame) return undefined;
      const scanEnd = endOfEntropyCodedData(data, offset);
      if (scanEnd === undefined) return undefined;
      kept.push(segment, data.subarray(offset, scanEnd));
      offset = scanEnd;
      sawScan = true;
    } else if (isPictureSegment(marker)) {
      if (isStartOfFrame(marker)) sawFrame = true;
      kept.push(segment);
    } else if (marker === APP0) {
      if (startsWith(payload, JFIF_ID) && payload.length >= JFIF_HEADER_BYTES + 2) {
        // Rebuilt with no thumbnail: its pixels are a second picture that nothing shows.
        const header = Buffer.from([0xff, APP0, 0x00, 2 + JFIF_HEADER_BYTES + 2]);
        kept.push(header, payload.subarray(0, JFIF_HEADER_BYTES), Buffer.from([0, 0]));
      }
    } else if (marker === APP2) {
      if (startsWith(payload, ICC_ID)) kept.push(segment);
    } else if (marker === APP14) {
      if (startsWith(payload, ADOBE_ID)) kept.push(segment);
    } else if (isApp(marker) || marker === COM) {
      // EXIF and XMP (APP1), Photoshop and IPTC (APP13), MPF (APP2) and the rest: dropped.
    } else {
      return undefined;
    }
  }
}
