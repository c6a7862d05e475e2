/**
 * Parts of a page below the first screen whose code arrives after the page starts: their HTML is
 * rendered in full (the route's loader awaits `ready()` on the server, and its client loader on a
 * client-side navigation), and in the browser React keeps that HTML, links working, until the
 * chunk arrives and hydrates it. React.lazy would not do: on the server it suspends once, and the
 * HTML would hold the part in a hidden template that only a script reveals.
 */
import { Suspense, use, type ComponentType } from "react";

export interface LaterPart<M, P extends object> {
  /** The component to render, from the loaded module. */
  pick: (module: M) => ComponentType<P>;
  props: P;
}

export function later<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<void> | undefined;
  const ready = () =>
    (loading ??= load().then((module) => {
      loaded = module;
    }));

  function Waiting<P extends object>({ pick, props }: LaterPart<M, P>) {
    // Suspends only in the browser, while the chunk loads.
    if (!loaded) use(ready());
    if (!loaded) return null;
    const Component = pick(loaded);
    return <Component {...props} />;
  }

  function Later<P extends object>(part: LaterPart<M, P>) {
    return (
      <Suspense fallback={null}>
        <Waiting {...part} />
      </Suspense>
    );
  }

  return { ready, Later };
}

type Part = { ready: () => Promise<void> };

/** For a route's loader: the server renders the page's later parts in full once they are loaded. */
export async function partsReady(...parts: readonly Part[]): Promise<void> {
  await Promise.all(parts.map((part) => part.ready()));
}

/** For a route's client loader: a client-side navigation shows the later parts with the page, not after it. */
export async function withParts<T>(data: Promise<T>, ...parts: readonly Part[]): Promise<T> {
  const [result] = await Promise.all([data, partsReady(...parts)]);
  return result;
}
