import { describe, expect, it } from "vitest";
import { RETRY_DELAYS_MS, sendWithRetries, type SendResult } from "./estimate-transport";

const lost: SendResult = { kind: "lost" };
const ok: SendResult = { kind: "answer", status: 200, body: { success: true } };

function scripted(results: SendResult[]) {
  const calls: number[] = [];
  const slept: number[] = [];
  const retries: [number, number][] = [];
  const run = sendWithRetries(
    async (n) => {
      calls.push(n);
      return results[n] ?? lost;
    },
    { sleep: async (ms) => void slept.push(ms), onRetry: (attempt, ms) => void retries.push([attempt, ms]) },
  );
  return { run, calls, slept, retries };
}

describe("sending with retries", () => {
  it("retries a lost connection after 3, 9 and 18 seconds, about 30 in all, then gives up", async () => {
    const { run, calls, slept, retries } = scripted([lost, lost, lost, lost, ok]);
    expect(await run).toEqual(lost);
    expect(calls).toEqual([0, 1, 2, 3]);
    expect(slept).toEqual([3_000, 9_000, 18_000]);
    expect(retries).toEqual([
      [1, 3_000],
      [2, 9_000],
      [3, 18_000],
    ]);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(30_000);
  });

  it("stops at the first answer", async () => {
    const { run, calls, slept } = scripted([lost, ok]);
    expect(await run).toEqual(ok);
    expect(calls).toEqual([0, 1]);
    expect(slept).toEqual([3_000]);
  });

  it("never retries an answer, even a refusal or a server error", async () => {
    for (const status of [400, 413, 422, 429, 500, 503]) {
      const answer: SendResult = { kind: "answer", status, body: { success: false } };
      const { run, calls, slept } = scripted([answer, ok]);
      expect(await run).toEqual(answer);
      expect(calls).toEqual([0]);
      expect(slept).toEqual([]);
    }
  });
});
