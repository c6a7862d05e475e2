import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { claimFirst, encodePhoneCopy, PHONE_COPY_MAX_BYTES } from "./photo-encoding.server";

describe("the owner's photos' shared making", () => {
  it("claims the next waiting row when another instance took the first, and none when none waits", async () => {
    const waiting = ["a", "b"];
    const taken: string[] = [];
    // Another instance wins "a" between this one's look and its update.
    const take = async (id: string) => {
      waiting.splice(waiting.indexOf(id), 1);
      if (id === "a") return false;
      taken.push(id);
      return true;
    };
    expect(await claimFirst(async () => waiting[0], take)).toBe("b");
    expect(taken).toEqual(["b"]);
    expect(await claimFirst(async () => waiting[0], take)).toBeUndefined();
  });

  it("makes a narrow photo's phone copy at its own width, as a data address within the limit", async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#4a7" } })
      .jpeg()
      .toBuffer();
    const copy = (await encodePhoneCopy(photo)) ?? "";
    expect(copy).toMatch(/^data:image\/avif;base64,/);
    const bytes = Buffer.from(copy.split(",")[1] ?? "", "base64");
    expect(bytes.length).toBeLessThanOrEqual(PHONE_COPY_MAX_BYTES);
    expect((await sharp(bytes).metadata()).width).toBe(600);
  });
});
