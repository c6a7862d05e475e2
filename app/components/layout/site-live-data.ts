/**
 * What every public page shows of the owner's published content (the notice, today's closure),
 * as the root route's loader hands it to the page. Shared with the browser.
 */
import { useRouteLoaderData } from "react-router";
import type { PublicNotice } from "~/notices/notice-text";

export interface SiteLiveData {
  notice: PublicNotice | null;
  /** The label of today's closure ("Thanksgiving"), or null. */
  closedToday: string | null;
}

const NOTHING: SiteLiveData = { notice: null, closedToday: null };

export function useSiteLiveData(): SiteLiveData {
  return useRouteLoaderData<SiteLiveData>("root") ?? NOTHING;
}
