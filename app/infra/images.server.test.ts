import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectImageFormat, ImageDecodeError, reencodeImage } from "./images.server";

describe("uploaded images", () => {
  it("knows a file by its bytes, not its name", async () => {
    expect(
      await detectImageFormat(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    ).toBe("png");
    expect(await detectImageFormat(Buffer.from("%PDF-1.4\n%%EOF\n"))).toBeUndefined();
    expect(await detectImageFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("turns a phone photo upright, shrinks it and drops its EXIF (GPS included)", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#369" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
      .toBuffer();
    const image = await reencodeImage(photo, "jpeg");
    expect([image.width, image.height]).toEqual([1920, 2560]);
    const metadata = await sharp(image.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.contentType).toBe("image/jpeg");
  });

  it("leaves small images their size", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#0000" } })
      .webp()
      .toBuffer();
    const image = await reencodeImage(small, "webp");
    expect([image.width, image.height, image.format]).toEqual([300, 200, "webp"]);
  });

  it("refuses bytes that only start like an image", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    await expect(reencodeImage(fake, "jpeg")).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
