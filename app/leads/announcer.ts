/**
 * Decides which progress messages reach the screen reader: a live region that changed on every
 * percent would talk without pause. A new message is announced at once when it says something new
 * (another photo, a lost connection), else at most once per interval.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 */
export const ANNOUNCE_EVERY_MS = 5_000;

export function createAnnouncer(now: () => number, everyMs: number = ANNOUNCE_EVERY_MS) {
  let lastText = "";
  let lastTopic = "";
  let lastAt = Number.NEGATIVE_INFINITY;
  /** Returns the text to announce, or undefined to stay quiet. `topic` changing forces an announcement. */
  return function announce(text: string, topic: string): string | undefined {
    const at = now();
    if (text === lastText) return undefined;
    if (topic === lastTopic && at - lastAt < everyMs) return undefined;
    lastText = text;
    lastTopic = topic;
    lastAt = at;
    return text;
  };
}
