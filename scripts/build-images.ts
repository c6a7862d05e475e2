/**
 * Builds the site's images (see scripts/images/pipeline.ts) and icons, and writes the manifest the
 * <Picture> component reads and the phone copies the server writes into pages. `--manifest-only`
 * skips encoding: enough for the type checker, which needs the phone copies' file to exist only.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { buildManifest, compact, phoneCopies, runPipeline, type ImageManifest } from "./images/pipeline";

const root = path.resolve(import.meta.dirname, "..");
const srcDir = path.join(root, "images/src");
const publicDir = path.join(root, "public");
const manifestFile = path.join(root, "app/generated/image-manifest.json");
const phoneCopiesFile = path.join(root, "app/generated/phone-copies.json");

/** Writes only a changed file, so the dev server and the type checker see no change where there is none. */
function writeIfChanged(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify(value)}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
}

const writeManifest = (manifest: ImageManifest) => writeIfChanged(manifestFile, compact(manifest));

async function buildIcons() {
  const logo = path.join(publicDir, "logo.svg");
  const outputs: [string, number][] = [
    ["favicon-32.png", 32],
    ["apple-touch-icon.png", 180],
    ["icon-192.png", 192],
    ["icon-512.png", 512],
  ];
  for (const [file, size] of outputs) {
    await sharp(logo, { density: 600 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(publicDir, file));
  }
  // The picture shown when a page is shared: the hero scene at the size link previews use.
  const hero = fs.readdirSync(srcDir).find((f) => /^hero-beach\.(jpe?g|png|webp|svg)$/.test(f));
  if (hero)
    await sharp(path.join(srcDir, hero), { density: 144 })
      .rotate()
      .resize(1200, 630, { fit: "cover" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(path.join(publicDir, "social-card.jpg"));
}

const started = performance.now();
if (process.argv.includes("--manifest-only")) {
  writeManifest(await buildManifest(srcDir));
  if (!fs.existsSync(phoneCopiesFile)) writeIfChanged(phoneCopiesFile, {});
} else {
  const outDir = path.join(publicDir, "img");
  const result = await runPipeline({ srcDir, outDir, cacheDir: path.join(root, ".cache/images") });
  writeManifest(result.manifest);
  writeIfChanged(phoneCopiesFile, phoneCopies(result.manifest, outDir));
  await buildIcons();
  console.log(
    `images: ${Object.keys(result.manifest).length} sources, ${result.encoded} encoded, ${result.reused} from cache, ${Math.round(performance.now() - started)} ms`,
  );
}
