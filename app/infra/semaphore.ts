/**
 * A counting semaphore: at most `limit` tasks run at once, the others wait their turn in the order
 * they asked. For work whose cost grows with how much of it runs together (decoding images takes
 * a core and tens of megabytes each), where starting everything at once only makes every task
 * slower and the process larger.
 */
export class Semaphore {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`semaphore limit must be a positive integer, got ${limit}`);
  }

  /** Tasks holding a slot now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks queued for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` once a slot is free; the slot is given back however the task ends. */
  async run<T>(task: () => T | Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#running < this.limit) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the longest waiter, so a newcomer arriving before that waiter
    // resumes cannot take it out of turn.
    if (next) next();
    else this.#running--;
  }
}
