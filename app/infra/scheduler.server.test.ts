import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectErrorOutput } from "../../tests/support/console-trap";
import { createScheduler, type Job } from "./scheduler.server";

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A job whose runs the test ends by hand. */
function slowJob(overrides: Partial<Job> = {}) {
  const finishers: (() => void)[] = [];
  let runs = 0;
  const job: Job = {
    name: "slow",
    scope: "every-instance",
    everyMs: MINUTE,
    jitterMs: 0,
    run: () =>
      new Promise<void>((resolve) => {
        runs++;
        finishers.push(resolve);
      }),
    ...overrides,
  };
  return { job, runs: () => runs, finishOne: () => finishers.shift()?.() };
}

describe("the scheduler", () => {
  it("never starts a run while the last one is still going", async () => {
    const scheduler = createScheduler();
    const slow = slowJob();
    scheduler.add(slow.job);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(slow.runs()).toBe(1);
    // Three more periods pass while the first run hangs: no second run starts.
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(slow.runs()).toBe(1);
    expect(await scheduler.tick("slow")).toBe("still-running");
    slow.finishOne();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(slow.runs()).toBe(2);
    slow.finishOne();
    await scheduler.stop();
  });

  it("adds up to `jitterMs` to each wait, so instances started together drift apart", async () => {
    const starts: number[] = [];
    const job: Job = {
      name: "jittered",
      scope: "every-instance",
      everyMs: MINUTE,
      jitterMs: 10_000,
      run: async () => {
        starts.push(Date.now());
      },
    };
    const early = createScheduler({ random: () => 0 });
    const late = createScheduler({ random: () => 0.9 });
    early.add(job);
    late.add({ ...job });
    const t0 = Date.now();
    early.start();
    late.start();
    await vi.advanceTimersByTimeAsync(MINUTE + 10_000);
    expect(starts.map((at) => at - t0)).toEqual([MINUTE, MINUTE + 9_000]);
    await early.stop();
    await late.stop();
  });

  it("runs a job at start when asked to, then every period", async () => {
    let runs = 0;
    const scheduler = createScheduler({ random: () => 0 });
    scheduler.add({
      name: "at-start",
      scope: "every-instance",
      everyMs: MINUTE,
      runAtStart: true,
      run: async () => {
        runs++;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(runs).toBe(3);
    await scheduler.stop();
  });

  it("logs a run that throws and runs the job again next time", async () => {
    expectErrorOutput(/the job flaky failed.*no database/);
    process.env.LOG_LEVEL = "error";
    let runs = 0;
    const scheduler = createScheduler({ random: () => 0 });
    scheduler.add({
      name: "flaky",
      scope: "every-instance",
      everyMs: MINUTE,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("no database");
      },
    });
    expect(await scheduler.tick("flaky")).toBe("failed");
    expect(await scheduler.tick("flaky")).toBe("ran");
    await scheduler.stop();
    delete process.env.LOG_LEVEL;
  });

  it("waits for a run in flight when stopped, and starts no more", async () => {
    const scheduler = createScheduler();
    const slow = slowJob();
    scheduler.add(slow.job);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(MINUTE);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.finishOne();
    await stopping;
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(slow.runs()).toBe(1);
  });

  it("refuses two jobs of one name, and a one-instance job without a database", () => {
    const scheduler = createScheduler();
    scheduler.add(slowJob().job);
    expect(() => scheduler.add(slowJob().job)).toThrow(/already scheduled/);
    expect(() =>
      scheduler.add({ name: "shared", scope: "one-instance", everyMs: MINUTE, run: async () => undefined }),
    ).toThrow(/needs the database/);
  });
});
