import { describe, expect, it } from "vitest";
import { createAnnouncer } from "./announcer";

describe("progress announcer", () => {
  it("speaks at most once per interval on one topic, at once on a new topic", () => {
    let clock = 0;
    const announce = createAnnouncer(() => clock, 5_000);
    expect(announce("Photo 1 of 3, 10%", "photo 1")).toBe("Photo 1 of 3, 10%");
    clock = 1_000;
    expect(announce("Photo 1 of 3, 20%", "photo 1")).toBeUndefined();
    clock = 4_999;
    expect(announce("Photo 1 of 3, 30%", "photo 1")).toBeUndefined();
    clock = 5_000;
    expect(announce("Photo 1 of 3, 40%", "photo 1")).toBe("Photo 1 of 3, 40%");
    clock = 5_100;
    expect(announce("Photo 2 of 3, 45%", "photo 2")).toBe("Photo 2 of 3, 45%");
    clock = 5_200;
    expect(announce("Connection lost, trying again…", "retry 1")).toBe("Connection lost, trying again…");
    clock = 60_000;
    expect(announce("Connection lost, trying again…", "retry 1")).toBeUndefined();
  });
});
