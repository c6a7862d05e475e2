import { describe, expect, it } from "vitest";
import { OWNER_PHOTO_REF, ownerPhotoId, ownerPhotoRef, ownerPhotoRefs } from "~/content/owner-photos";
import { sitePhotoFileNames, sitePhotoSources } from "./site-photo-paths";

const ID = "0b6a8c3e-5f1d-4c2a-9e7b-1d2c3b4a5f60";

describe("a written page's photo, as its Markdown names it and as its files are named", () => {
  it("names a photo by its id, and reads back only an id", () => {
    expect(ownerPhotoRef(ID)).toBe(`photo-${ID}`);
    expect(ownerPhotoId(ownerPhotoRef(ID))).toBe(ID);
    for (const other of [`photo-${ID.toUpperCase()}`, `photo-${ID}.jpg`, ID, "photo-../../site.db", `xphoto-${ID}`])
      expect(OWNER_PHOTO_REF.test(other), other).toBe(false);
    // A page's file names each photo once, wherever it shows it.
    expect(ownerPhotoRefs(`photo: photo-${ID}\n  image: photo-${ID}\n  image: gallery-decks-1`)).toEqual([
      `photo-${ID}`,
    ]);
  });

  it("names the files of each width made, up to the photo's own, in both formats", () => {
    expect(sitePhotoFileNames("0123456789abcdef", 700)).toEqual([
      { avif: "0123456789abcdef-480.avif", webp: "0123456789abcdef-480.webp", width: 480 },
      { avif: "0123456789abcdef-640.avif", webp: "0123456789abcdef-640.webp", width: 640 },
      { avif: "0123456789abcdef-700.avif", webp: "0123456789abcdef-700.webp", width: 700 },
    ]);
    expect(sitePhotoSources({ hash: "0123456789abcdef", width: 700, height: 525 })).toEqual({
      avif: "/site-photos/0123456789abcdef-480.avif 480w, /site-photos/0123456789abcdef-640.avif 640w, /site-photos/0123456789abcdef-700.avif 700w",
      webp: "/site-photos/0123456789abcdef-480.webp 480w, /site-photos/0123456789abcdef-640.webp 640w, /site-photos/0123456789abcdef-700.webp 700w",
      fallback: "/site-photos/0123456789abcdef-700.webp",
      width: 700,
      height: 525,
    });
  });
});
