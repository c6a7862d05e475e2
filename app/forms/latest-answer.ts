/**
 * The answer a desk page shows: its own action's, a forms route's (through that route's fetcher),
 * or the one a post without JavaScript came back with (a sealed cookie). The one given last is shown,
 * as one action's answer replaced the one before when the page took every form; a navigation clears
 * the fetchers', as it clears an action's.
 */
import { useState } from "react";
import { useLocation } from "react-router";
import type { ChangeAnswer } from "./change-answer";

export function useLatestAnswer(
  actionData: ChangeAnswer | undefined,
  carried: ChangeAnswer | null | undefined,
  fetched: readonly (ChangeAnswer | undefined)[] = [],
): ChangeAnswer | undefined {
  const { key } = useLocation();
  const [seen, setSeen] = useState({ key, fetched, latest: actionData ?? carried ?? undefined });
  if (seen.key === key && fetched.every((answer, i) => answer === seen.fetched[i])) return seen.latest;
  const changed = fetched.find((answer, i) => answer && answer !== seen.fetched[i]);
  const latest = changed ?? actionData ?? carried ?? undefined;
  setSeen({ key, fetched, latest });
  return latest;
}
