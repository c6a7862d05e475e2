import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("rate limiter", () => {
  it("allows max hits per window and key, then says when to come back", () => {
    const time = clock();
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000, now: time.now });
    expect(limiter.hit("a")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limiter.hit("b").allowed).toBe(true);
    time.advance(7_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 3 });
    time.advance(2_500);
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("is unlimited with max 0", () => {
    const limiter = createRateLimiter({ max: 0, windowMs: 1000 });
    for (let i = 0; i < 1000; i++) expect(limiter.hit("a").allowed).toBe(true);
  });

  it("forgets old keys and stays within maxKeys", () => {
    const time = clock();
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, maxKeys: 3, now: time.now });
    for (const key of ["a", "b", "c", "d"]) limiter.hit(key);
    // "a" was the oldest and was dropped: it may try again
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("d").allowed).toBe(false);
    time.advance(1000);
    expect(limiter.hit("d").allowed).toBe(true);
  });
});
