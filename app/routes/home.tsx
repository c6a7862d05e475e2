/** The home page (spec §2 'Home page'). Sections live in components/sections/home. */
import { Suspense, use, type ComponentType } from "react";
import { HERO_IMAGE, HomeHero } from "~/components/sections/home/hero";
import { srcSet } from "~/components/ui/picture";
import { profile } from "~/content/profile";
import { businessJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/home";

// The sections after the hero hydrate from their own chunk, so the start-up JavaScript stays small
// and the hero hydrates first. Their HTML is prerendered in full (the loader has the chunk ready
// before the server renders), and until it arrives in the browser their links and the contact form
// work as plain HTML. React.lazy would not do: on the server it suspends once, and the streamed
// HTML would then hold the sections in a hidden template that only a script reveals.
let BelowTheFold: ComponentType | undefined;
let belowTheFoldLoading: Promise<void> | undefined;
const loadBelowTheFold = () =>
  (belowTheFoldLoading ??= import("~/components/sections/home/below-the-fold").then((m) => {
    BelowTheFold = m.default;
  }));

function BelowTheFoldSections() {
  // Suspends only in the browser, while the chunk loads; React keeps the server's HTML meanwhile.
  if (!BelowTheFold) use(loadBelowTheFold());
  return BelowTheFold ? <BelowTheFold /> : null;
}

export async function loader() {
  await loadBelowTheFold();
  return {
    seo: pageMeta({
      title: `${profile.shortName} | Long Beach Island Home Repair & Renovation`,
      description: `Family-owned LBI contractor with ${profile.yearsExperience}+ years of experience: bathrooms, decks and stairs, Andersen windows, carpentry and home watch. Free estimates.`,
      path: "/",
      keywords: ["Long Beach Island contractor", "LBI home repair", "Manahawkin remodeling", "Andersen windows LBI"],
      jsonLd: [businessJsonLd()],
    }),
  };
}

/**
 * Runs on client-side navigation only (the first load uses the prerendered data): waits for the
 * sections' chunk as well, so they render with the hero instead of popping in after it, and links
 * to /#contact or /#chat find their target.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadBelowTheFold()]);
  return data;
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export const links: Route.LinksFunction = () => {
  // The hero picture is the largest paint: fetch it alongside the HTML rather than after layout.
  // (React Router's link type has no fetchPriority yet; React renders it as `fetchpriority`.)
  const heroPreload = {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(HERO_IMAGE, "avif"),
    imageSizes: "100vw",
    fetchPriority: "high",
  } as const;
  return [heroPreload];
};

export default function Home() {
  return (
    <>
      <HomeHero />
      <Suspense fallback={null}>
        <BelowTheFoldSections />
      </Suspense>
    </>
  );
}
