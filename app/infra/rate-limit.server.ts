/**
 * An in-memory fixed-window rate limiter, one counter per key (e.g. a client address).
 *
 * Fixed windows can let up to twice `max` through around a window boundary; for ten form posts per
 * ten minutes that is acceptable and keeps each key at two numbers. Memory is bounded: expired keys
 * are pruned once per window, and beyond `maxKeys` the oldest windows are dropped (forgetting a
 * counter only ever lets a client through, it never blocks an innocent one).
 */

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the key may try again; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): RateLimitResult;
}

export interface RateLimiterOptions {
  /** Requests allowed per window and key; 0 turns limiting off. */
  max: number;
  windowMs: number;
  maxKeys?: number;
  /** The clock, for tests. */
  now?: () => number;
}

interface Window {
  start: number;
  count: number;
}

export function createRateLimiter({
  max,
  windowMs,
  maxKeys = 100_000,
  now = Date.now,
}: RateLimiterOptions): RateLimiter {
  if (max <= 0) return { hit: () => ({ allowed: true, retryAfterSeconds: 0 }) };
  if (!(windowMs > 0)) throw new RangeError("windowMs must be positive");

  // Map iteration follows insertion order, and a key is re-inserted when its window restarts, so
  // the first entries are always the oldest windows.
  const windows = new Map<string, Window>();
  let lastPrune = now();

  function prune(time: number): void {
    if (time - lastPrune >= windowMs) {
      lastPrune = time;
      for (const [key, window] of windows) {
        if (time - window.start < windowMs) break;
        windows.delete(key);
      }
    }
    while (windows.size > maxKeys) {
      const oldest = windows.keys().next();
      if (oldest.done) break;
      windows.delete(oldest.value);
    }
  }

  return {
    hit(key) {
      const time = now();
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        windows.delete(key);
        window = { start: time, count: 0 };
        windows.set(key, window);
        prune(time);
      }
      if (window.count >= max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)) };
      }
      window.count += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
