/**
 * Whether the page's script runs here: false on the server and while hydrating (so the first render
 * matches the HTML), true from the render after. For parts that take a richer form with the script,
 * like a photo input that accepts several files, while the HTML keeps the form that works without.
 */
import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

export function useScripted(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
