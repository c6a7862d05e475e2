/**
 * What every public page shows of the owner's published content (the notice, today's closure, the
 * business facts in force), as the root route's loader hands it to the page. Shared with the browser.
 */
import { useRouteLoaderData } from "react-router";
import { NO_PUBLIC_FACTS, type PublicFacts } from "~/facts/public-facts";
import type { PublicNotice } from "~/notices/notice-text";

export interface SiteLiveData {
  notice: PublicNotice | null;
  /** The label of today's closure ("Thanksgiving"), or null. */
  closedToday: string | null;
  facts: PublicFacts;
}

const NOTHING: SiteLiveData = { notice: null, closedToday: null, facts: NO_PUBLIC_FACTS };

export function useSiteLiveData(): SiteLiveData {
  return useRouteLoaderData<SiteLiveData>("root") ?? NOTHING;
}

/** The business facts in force: phone, email, address, the week's hours, figures and claims. */
export function useFacts(): PublicFacts {
  return useSiteLiveData().facts;
}
