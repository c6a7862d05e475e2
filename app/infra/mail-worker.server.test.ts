import { describe, expect, it } from "vitest";
import { isPermanentMailError, MAX_RETRY_DELAY_MS, retryDelayMs } from "./mail-worker.server";

describe("mail retries", () => {
  it("waits the base delay after the first failure, doubling up to six hours", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(15, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(10_000, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(6 * 60 * 60 * 1000);
  });

  it("gives up only on permanent refusals", () => {
    const smtp = (responseCode: number, code = "EENVELOPE") =>
      Object.assign(new Error("refused"), { responseCode, code });
    expect(isPermanentMailError(smtp(550))).toBe(true);
    expect(isPermanentMailError(smtp(554, "EMESSAGE"))).toBe(true);
    expect(isPermanentMailError(smtp(451))).toBe(false);
    expect(isPermanentMailError(smtp(421, "ECONNECTION"))).toBe(false);
    // a wrong SMTP password is the operator's to fix; the mail should go once it is
    expect(isPermanentMailError(smtp(535, "EAUTH"))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isPermanentMailError(new Error("timeout"))).toBe(false);
  });
});
