/**
 * Pages build their head tags in their loader (on the server, at prerender time) and `meta` only
 * hands them over, so the SEO and JSON-LD builders never ship to the browser.
 */
import type { MetaDescriptor } from "react-router";

export interface SeoData {
  seo: MetaDescriptor[];
}

export const seoFrom = (data: Partial<SeoData> | undefined): MetaDescriptor[] => data?.seo ?? [];
