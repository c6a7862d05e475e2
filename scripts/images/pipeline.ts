/**
 * The build's image pipeline.
 *
 * Every picture on the site starts in images/src/<name>.(jpg|jpeg|png|webp|svg). A photo wins over
 * an illustration of the same name, so the owner replaces artwork by dropping in a photo. Each
 * source becomes AVIF and WebP at several widths plus one JPEG fallback, with every metadata block
 * (EXIF, GPS, XMP, ICC comments) stripped: sharp writes none unless asked. File names carry a hash of
 * the source, so browsers may cache them forever, and encoded files are kept in .cache/images so a
 * rebuild with unchanged images re-encodes nothing.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import {
  fallbackWidth,
  imageUrl as publicUrl,
  outputWidths,
  phoneCopyWidth,
  type CompactManifest,
} from "../../app/ui/image-sizes";
import { AVIF_OPTIONS, JPEG_OPTIONS, WEBP_OPTIONS } from "../../app/infra/picture-encoding";

export { outputWidths };

export const SOURCE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".svg"] as const;
/** Photos beat illustrations of the same name. */
const PREFERENCE = [".jpg", ".jpeg", ".png", ".webp", ".svg"];
/** Part of every file's hash, so a change of encoder settings re-encodes cached outputs. */
const SETTINGS_VERSION = JSON.stringify(["v2", AVIF_OPTIONS, WEBP_OPTIONS, JPEG_OPTIONS]);

export type ModernFormat = "avif" | "webp";

export interface ImageEntry {
  width: number;
  height: number;
  hash: string;
  widths: number[];
  fallbackWidth: number;
  source: string;
}

export type ImageManifest = Record<string, ImageEntry>;

export const imageUrl = (name: string, entry: Pick<ImageEntry, "hash">, width: number, ext: ModernFormat | "jpg") =>
  publicUrl(name, entry.hash, width, ext);

/** The manifest the site reads: widths and fallback follow from the width, so they are left out. */
export const compact = (manifest: ImageManifest): CompactManifest =>
  Object.fromEntries(Object.entries(manifest).map(([name, e]) => [name, [e.hash, e.width, e.height] as const]));

/** Picks one source file per image name. */
export function listSources(srcDir: string): Map<string, string> {
  const chosen = new Map<string, string>();
  const files = fs.existsSync(srcDir) ? fs.readdirSync(srcDir) : [];
  for (const file of files) {
    const ext = path.extname(file).toLowerCase();
    if (!PREFERENCE.includes(ext)) continue;
    const name = path.basename(file, path.extname(file));
    const current = chosen.get(name);
    if (!current || PREFERENCE.indexOf(ext) < PREFERENCE.indexOf(path.extname(current).toLowerCase()))
      chosen.set(name, file);
  }
  return chosen;
}

function load(file: string): sharp.Sharp {
  // SVG scenes are rasterized at a density that gives crisp edges at the largest output width.
  const input = file.endsWith(".svg") ? sharp(file, { density: 144 }) : sharp(file);
  return input.rotate();
}

async function describe(file: string): Promise<{ width: number; height: number; hash: string }> {
  const bytes = fs.readFileSync(file);
  const hash = createHash("sha256").update(SETTINGS_VERSION).update(bytes).digest("hex").slice(0, 10);
  const meta = await sharp(bytes).metadata();
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;
  // Photos turned by their EXIF orientation swap their sides once auto-rotated.
  if ((meta.orientation ?? 1) >= 5) [width, height] = [height, width];
  if (!width || !height) throw new Error(`${file}: cannot read its size`);
  return { width, height, hash };
}

export async function buildManifest(srcDir: string): Promise<ImageManifest> {
  const manifest: ImageManifest = {};
  for (const [name, file] of [...listSources(srcDir)].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^[a-z0-9-]+$/.test(name))
      throw new Error(`images/src/${file}: names must be lower-case words joined by hyphens`);
    const { width, height, hash } = await describe(path.join(srcDir, file));
    const widths = outputWidths(width);
    manifest[name] = { width, height, hash, widths, fallbackWidth: fallbackWidth(width), source: file };
  }
  return manifest;
}

async function encode(source: string, width: number, ext: ModernFormat | "jpg"): Promise<Buffer> {
  const image = load(source).resize({ width, withoutEnlargement: true });
  if (ext === "avif") return image.avif(AVIF_OPTIONS).toBuffer();
  if (ext === "webp") return image.webp(WEBP_OPTIONS).toBuffer();
  return image.flatten({ background: "#ffffff" }).jpeg(JPEG_OPTIONS).toBuffer();
}

/**
 * Each picture's phone copy as a srcset candidate ("data:image/avif;base64,… 800w"), for the server
 * to write into a page whose largest picture it is. Read from the files just written, so the copy is
 * byte for byte the file a phone would otherwise fetch.
 */
export function phoneCopies(manifest: ImageManifest, outDir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest).map(([name, entry]) => {
      const width = phoneCopyWidth(entry.width);
      const bytes = fs.readFileSync(path.join(outDir, path.basename(imageUrl(name, entry, width, "avif"))));
      return [name, `data:image/avif;base64,${bytes.toString("base64")} ${width}w`];
    }),
  );
}

export interface PipelineResult {
  manifest: ImageManifest;
  encoded: number;
  reused: number;
}

/** Encodes every output that is not already in the cache and copies all of them to outDir. */
export async function runPipeline(opts: { srcDir: string; outDir: string; cacheDir: string }): Promise<PipelineResult> {
  const manifest = await buildManifest(opts.srcDir);
  fs.mkdirSync(opts.outDir, { recursive: true });
  fs.mkdirSync(opts.cacheDir, { recursive: true });
  const wanted = new Set<string>();
  let encoded = 0;
  let reused = 0;
  const jobs: (() => Promise<void>)[] = [];
  for (const [name, entry] of Object.entries(manifest)) {
    const source = path.join(opts.srcDir, entry.source);
    const outputs: [number, ModernFormat | "jpg"][] = [
      ...entry.widths.flatMap(
        (w) =>
          [
            [w, "avif"],
            [w, "webp"],
          ] as [number, ModernFormat][],
      ),
      [entry.fallbackWidth, "jpg"],
    ];
    for (const [width, ext] of outputs) {
      const fileName = path.basename(imageUrl(name, entry, width, ext));
      wanted.add(fileName);
      jobs.push(async () => {
        const cached = path.join(opts.cacheDir, fileName);
        if (fs.existsSync(cached)) reused++;
        else {
          fs.writeFileSync(`${cached}.tmp`, await encode(source, width, ext));
          fs.renameSync(`${cached}.tmp`, cached);
          encoded++;
        }
        fs.copyFileSync(cached, path.join(opts.outDir, fileName));
      });
    }
  }
  // Two at a time: sharp already spreads one encode over the cores.
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < jobs.length) await jobs[next++]?.();
    }),
  );
  for (const stale of fs.readdirSync(opts.outDir)) if (!wanted.has(stale)) fs.rmSync(path.join(opts.outDir, stale));
  return { manifest, encoded, reused };
}
