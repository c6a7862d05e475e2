import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSources, outputWidths, runPipeline } from "./pipeline";

let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipeline-"));
  fs.mkdirSync(path.join(dir, "src"));
  // A phone photo: EXIF with a GPS position and a camera model.
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#88aacc" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "39/1 40/1 12/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "74/1 15/1 30/1",
      },
    })
    .toFile(path.join(dir, "src/deck-photo.jpg"));
  fs.writeFileSync(
    path.join(dir, "src/deck-photo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#0f3b5f"/></svg>',
  );
  fs.writeFileSync(
    path.join(dir, "src/scene.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="#e9d8b4"/></svg>',
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("image pipeline", () => {
  it("prefers a photo over the illustration of the same name", () => {
    expect(listSources(path.join(dir, "src")).get("deck-photo")).toBe("deck-photo.jpg");
  });

  it("makes no width larger than the source and always includes the source width up to 1920", () => {
    expect(outputWidths(1200)).toEqual([480, 721, 800, 1200]);
    expect(outputWidths(3000)).toEqual([480, 721, 800, 1200, 1920]);
    expect(outputWidths(300)).toEqual([300]);
  });

  // AVIF encoding is slow on two shared cores: allow it a minute.
  it(
    "writes AVIF, WebP and a JPEG fallback with no EXIF or GPS, and reuses its cache",
    { timeout: 60_000 },
    async () => {
      const opts = { srcDir: path.join(dir, "src"), outDir: path.join(dir, "out"), cacheDir: path.join(dir, "cache") };
      const first = await runPipeline(opts);
      const entry = first.manifest["deck-photo"];
      expect(entry).toMatchObject({ width: 1600, height: 1200, widths: [480, 721, 800, 1200, 1600] });
      const outputs = fs.readdirSync(opts.outDir).filter((f) => f.startsWith("deck-photo."));
      expect(outputs.filter((f) => f.endsWith(".avif"))).toHaveLength(5);
      expect(outputs.filter((f) => f.endsWith(".webp"))).toHaveLength(5);
      expect(outputs.filter((f) => f.endsWith(".jpg"))).toHaveLength(1);
      for (const file of outputs) {
        const bytes = fs.readFileSync(path.join(opts.outDir, file));
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, `${file} keeps EXIF`).toBeUndefined();
        expect(bytes.includes(Buffer.from("PhoneMaker")), `${file} keeps the camera maker`).toBe(false);
        expect(bytes.includes(Buffer.from("GPS")), `${file} keeps GPS`).toBe(false);
      }
      expect(first.encoded).toBeGreaterThan(0);
      const second = await runPipeline(opts);
      expect(second.encoded).toBe(0);
      expect(second.reused).toBe(first.encoded + first.reused);
    },
  );
});
