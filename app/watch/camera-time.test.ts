import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraJpeg, smallJpeg } from "../../tests/support/images";
import { cameraInstant, jpegExif, photoTakenAt, readCameraClock } from "./camera-time";

async function clockOf(jpeg: Buffer) {
  const { exif } = await sharp(jpeg).metadata();
  return exif && readCameraClock(exif);
}

describe("the camera's clock in a photo", () => {
  it("reads DateTimeOriginal and its offset, from sharp's EXIF and from the file's own bytes", async () => {
    const jpeg = await cameraJpeg("2026:12:06 10:14:05", "-05:00");
    expect(await clockOf(jpeg)).toEqual({ local: "2026:12:06 10:14:05", offset: "-05:00" });
    const inFile = jpegExif(new Uint8Array(jpeg));
    expect(inFile && readCameraClock(inFile)).toEqual({ local: "2026:12:06 10:14:05", offset: "-05:00" });
  });

  it("is the instant at the camera's offset, or New Jersey's clock when it wrote none", async () => {
    expect(cameraInstant({ local: "2026:12:06 10:14:05", offset: "-05:00" })?.toISOString()).toBe(
      "2026-12-06T15:14:05.000Z",
    );
    expect(cameraInstant({ local: "2026:12:06 10:14:05", offset: "+01:00" })?.toISOString()).toBe(
      "2026-12-06T09:14:05.000Z",
    );
    // Summer on the island is four hours behind UTC, winter five.
    const summer = await clockOf(await cameraJpeg("2026:07:04 09:00:00"));
    expect(summer).toEqual({ local: "2026:07:04 09:00:00", offset: null });
    expect(summer && cameraInstant(summer)?.toISOString()).toBe("2026-07-04T13:00:00.000Z");
  });

  it("finds nothing in a photo without a camera time, or in a clock no camera writes", async () => {
    expect(await clockOf(await smallJpeg())).toBeUndefined();
    expect(jpegExif(new Uint8Array(await smallJpeg()))).toBeUndefined();
    expect(readCameraClock(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(await clockOf(await cameraJpeg("0000:00:00 00:00:00"))).toBeUndefined();
    expect(cameraInstant({ local: "2026:13:06 10:14:05", offset: null })).toBeUndefined();
    expect(cameraInstant({ local: "2026-12-06T10:14", offset: null })).toBeUndefined();
  });
});

describe("the time a photo is shown with", () => {
  const start = new Date("2026-12-06T15:00:00Z");
  const arrived = new Date("2026-12-06T15:20:00Z");

  it("is the camera's during the visit, or up to 15 minutes before its start", () => {
    const during = new Date("2026-12-06T15:14:00Z");
    expect(photoTakenAt(during, arrived, start)).toEqual({ at: during, from: "camera" });
    const driveway = new Date("2026-12-06T14:46:00Z");
    expect(photoTakenAt(driveway, arrived, start)).toEqual({ at: driveway, from: "camera" });
  });

  it("is the arrival for a camera clock after it, long before the visit, or absent", () => {
    expect(photoTakenAt(new Date("2026-12-06T15:21:00Z"), arrived, start)).toEqual({ at: arrived, from: "arrival" });
    expect(photoTakenAt(new Date("2026-12-06T14:44:00Z"), arrived, start)).toEqual({ at: arrived, from: "arrival" });
    expect(photoTakenAt(new Date("2025-07-01T12:00:00Z"), arrived, start)).toEqual({ at: arrived, from: "arrival" });
    expect(photoTakenAt(undefined, arrived, start)).toEqual({ at: arrived, from: "arrival" });
  });

  it("keeps a baseline's earlier camera time, never a future one", () => {
    const lastSummer = new Date("2026-07-01T12:00:00Z");
    expect(photoTakenAt(lastSummer, arrived, null)).toEqual({ at: lastSummer, from: "camera" });
    expect(photoTakenAt(new Date("2027-01-01T00:00:00Z"), arrived, null)).toEqual({ at: arrived, from: "arrival" });
  });
});
