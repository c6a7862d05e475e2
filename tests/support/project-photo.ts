/**
 * A photo as a phone camera takes it, for the projects' tests, the Lighthouse case and the bench:
 * 4000 × 3000, saved as a JPEG at quality 90 with a GPS position. A flat colour or a smooth picture
 * encodes to a few kilobytes and hides what a real photo costs, so this one has detail at every
 * scale: broad patches of light and colour, then shapes, texture and a sensor's grain, each a layer
 * of seeded noise drawn at its own size and enlarged, with the straight dark edges of boards (a
 * deck's) on top. The same seed gives the same bytes. About 3 MB, made once per machine (several
 * seconds) and kept in the system's temporary folder under a name that changes with its recipe.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/** Each layer: noise drawn `width` pixels wide, enlarged to the photo, and how strongly it shows. */
const LAYERS = [
  { width: 12, amplitude: 60, colour: true },
  { width: 60, amplitude: 36, colour: true },
  { width: 300, amplitude: 26, colour: false },
  { width: 1200, amplitude: 16, colour: false },
  { width: PHOTO_WIDTH, amplitude: 8, colour: false },
] as const;

/** How much of a colour layer moves the channels apart rather than together: a photo's colour is muted. */
const CHROMA = 0.2;

/** A small, fast, seeded generator (mulberry32): the photo, or a fixture, is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function layer(next: () => number, width: number, colour: boolean): Promise<Buffer> {
  const height = Math.round((width * PHOTO_HEIGHT) / PHOTO_WIDTH);
  const small = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const grey = next() * 255;
    for (let c = 0; c < 3; c++) small[i * 3 + c] = colour ? grey * (1 - CHROMA) + next() * 255 * CHROMA : grey;
  }
  if (width === PHOTO_WIDTH) return small;
  return sharp(small, { raw: { width, height, channels: 3 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

/** Boards seen from above: long dark seams every so often, slightly crooked, with nail heads. */
function boards(next: () => number): Buffer {
  const seams: string[] = [];
  for (let y = 0; y < PHOTO_HEIGHT; y += 140 + Math.round(next() * 60)) {
    const tilt = Math.round((next() - 0.5) * 40);
    seams.push(`<line x1="0" y1="${y}" x2="${PHOTO_WIDTH}" y2="${y + tilt}" stroke="#2a1d12" stroke-width="7" />`);
    for (let x = 200; x < PHOTO_WIDTH; x += 600 + Math.round(next() * 200))
      seams.push(`<circle cx="${x}" cy="${y + 30}" r="6" fill="#3b3b3b" />`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">${seams.join("")}</svg>`,
  );
}

const SEED = 0x5eed;

async function make(): Promise<Buffer> {
  const next = seededRandom(SEED);
  // A weathered cedar tone, which the layers move up and down around.
  const base = [150, 118, 88];
  const sum = new Float32Array(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  for (let i = 0; i < sum.length; i++) sum[i] = base[i % 3] ?? 128;
  for (const { width, amplitude, colour } of LAYERS) {
    const pixels = await layer(next, width, colour);
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (((pixels[i] ?? 128) - 128) / 128) * amplitude;
  }
  const photo = Buffer.alloc(sum.length);
  for (let i = 0; i < sum.length; i++) photo[i] = Math.max(0, Math.min(255, Math.round(sum[i] ?? 0)));
  return sharp(photo, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .composite([{ input: boards(next) }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
    .toBuffer();
}

/** Where the photo is kept between processes: named after everything it is made from. */
function keptFile(): string {
  const recipe = createHash("sha256")
    .update(JSON.stringify([SEED, LAYERS, CHROMA, PHOTO_WIDTH, PHOTO_HEIGHT]))
    .update(make.toString())
    .update(boards.toString())
    .digest("hex")
    .slice(0, 12);
  return path.join(os.tmpdir(), `camera-like-photo-${recipe}.jpg`);
}

async function madeOrKept(): Promise<Buffer> {
  const file = keptFile();
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const photo = await make();
  // Written whole under another name first, so a process reading it never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, photo);
  fs.renameSync(partial, file);
  return photo;
}

let made: Promise<Buffer> | undefined;

/** The camera-like photo: a 12-megapixel JPEG with detail at every scale. */
export function cameraLikePhoto(): Promise<Buffer> {
  return (made ??= madeOrKept());
}
