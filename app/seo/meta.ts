/**
 * One helper builds every page's head: title, description, keywords, canonical link, Open Graph
 * and Twitter tags, and its JSON-LD. The origin comes from the build's SITE_URL, never a request.
 */
import type { MetaDescriptor } from "react-router";
import type { Thing, WithContext } from "schema-dts";
import { absoluteUrl } from "~/settings/site";
import { profile } from "~/content/profile";
import { canonicalPath } from "~/route-registry";

export interface PageMetaInput {
  title: string;
  description: string;
  /** the path the page is served at; aliases are mapped to their primary path */
  path: string;
  keywords?: readonly string[];
  /** a path under the site, e.g. /img/hero-beach-1200.jpg */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  jsonLd?: readonly WithContext<Thing>[];
  noindex?: boolean;
}

export const DEFAULT_SOCIAL_IMAGE = "/social-card.jpg";

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  // Search results cut titles near 60-70 characters: the business name is added only where it fits.
  const withName = `${input.title} | ${profile.shortName}`;
  const title = input.title.includes(profile.shortName) || withName.length > 70 ? input.title : withName;
  const canonical = absoluteUrl(canonicalPath(input.path));
  const image = absoluteUrl(input.image ?? DEFAULT_SOCIAL_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: profile.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.imageAlt)
    tags.push(
      { property: "og:image:alt", content: input.imageAlt },
      { name: "twitter:image:alt", content: input.imageAlt },
    );
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
