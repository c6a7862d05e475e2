/**
 * A 12-megapixel photo for the projects' tests and benchmark: one of the site's own pictures drawn at
 * 4000 × 3000 with a camera sensor's grain, saved as a JPEG at quality 90 with a GPS position, as
 * a phone writes it. Made once per process.
 */
import path from "node:path";
import sharp from "sharp";

const WIDTH = 4000;
const HEIGHT = 3000;
let made: Promise<Buffer> | undefined;

async function make(): Promise<Buffer> {
  const svg = path.resolve(import.meta.dirname, "../../images/src/hero-beach.svg");
  const base = await sharp(svg, { density: 600 })
    .resize(WIDTH, HEIGHT, { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, (base[i] ?? 0) + (grain[i] ?? 128) - 128));
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
    .toBuffer();
}

export function twelveMegapixelPhoto(): Promise<Buffer> {
  return (made ??= make());
}
