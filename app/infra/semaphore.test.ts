import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

/** A promise the test settles by hand, so the order of events is the test's, not the clock's. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every already-settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("Semaphore", () => {
  it("starts tasks in the order they were queued", async () => {
    const semaphore = new Semaphore(1);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred());
    const runs = gates.map((gate, index) =>
      semaphore.run(async () => {
        started.push(index);
        await gate.promise;
      }),
    );
    // Release out of order: only the running task can finish, and the next in line follows it.
    for (const index of [4, 3, 2, 1, 0]) gates[index]?.resolve();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("never runs more than its limit at once, and uses all of it", async () => {
    const semaphore = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 10 }, () => deferred());
    const runs = gates.map((gate) =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
      }),
    );
    await settle();
    expect([semaphore.running, semaphore.waiting]).toEqual([3, 7]);
    for (const gate of gates) {
      gate.resolve();
      await settle();
      expect(running).toBeLessThanOrEqual(3);
    }
    await Promise.all(runs);
    expect(peak).toBe(3);
    expect([semaphore.running, semaphore.waiting]).toEqual([0, 0]);
  });

  it("gives the slot back when a task fails, and passes the failure to its caller", async () => {
    const semaphore = new Semaphore(1);
    const failing = deferred();
    const first = semaphore.run(() => failing.promise);
    const thrown = semaphore.run(() => {
      throw new Error("synchronous failure");
    });
    const after = semaphore.run(() => "ran");
    failing.reject(new Error("asynchronous failure"));
    await expect(first).rejects.toThrow("asynchronous failure");
    await expect(thrown).rejects.toThrow("synchronous failure");
    await expect(after).resolves.toBe("ran");
    expect(semaphore.running).toBe(0);
  });

  it("refuses a limit that would run nothing or has no meaning", () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
