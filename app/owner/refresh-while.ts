/**
 * Asks the server again, every few seconds, while something on a desk page is still being made
 * (a photo processed in the background), so what is done swaps in without a reload. It gives up
 * after a while without change, so a page left open on a phone does not poll for ever.
 */
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export const REFRESH_EVERY_MS = 3_000;
export const REFRESH_GIVE_UP_MS = 2 * 60_000;

/**
 * `waitingFor` names what is awaited ("" for nothing), e.g. the ids of the photos in processing: the
 * clock starts again whenever it changes, since a change is progress. Returns true once it gave up.
 */
export function useRefreshWhile(
  waitingFor: string,
  everyMs: number = REFRESH_EVERY_MS,
  giveUpMs: number = REFRESH_GIVE_UP_MS,
): boolean {
  const revalidator = useRevalidator();
  // The revalidator is a new object on each render; the timer reads the latest without restarting.
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  // What was awaited when it gave up: something new to wait for starts a fresh two minutes.
  const [gaveUpOn, setGaveUpOn] = useState<string | undefined>();

  useEffect(() => {
    if (waitingFor === "") return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started >= giveUpMs) {
        window.clearInterval(timer);
        setGaveUpOn(waitingFor);
        return;
      }
      // A hidden tab waits; the next tick after it shows again asks.
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [waitingFor, everyMs, giveUpMs]);

  return waitingFor !== "" && gaveUpOn === waitingFor;
}
