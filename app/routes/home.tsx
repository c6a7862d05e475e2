/** The home page. Sections live in components/sections/home. */
import { Suspense, use } from "react";
import { ContactSection } from "~/components/sections/contact-section";
import { HERO_IMAGE, HERO_SIZES, HomeHero, type HeroPicture } from "~/components/sections/home/hero";
import { imageEntry, imageFallbackUrl, srcSet } from "~/components/ui/picture";
import { profile } from "~/content/profile";
import { closedDaysSource } from "~/closed-days/closed-days-source.server";
import { readLive } from "~/live/snapshot.server";
import { ReviewsSection } from "~/reviews/review-list";
import { reviewSource } from "~/reviews/review-source.server";
import { RecentProjects } from "~/projects/project-cards";
import { projectsSource } from "~/projects/projects-source.server";
import { businessJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/home";

// The sections around the contact form hold only links and buttons, so they hydrate from their own
// chunk after the hero: the start-up JavaScript stays small and the hero is interactive sooner.
// Their HTML is prerendered in full (the loader has the chunk ready before the server renders), and
// until it arrives in the browser their links work as plain HTML. React.lazy would not do: on the
// server it suspends once, and the HTML would then hold the sections in a hidden template that
// only a script reveals.
type Sections = typeof import("~/components/sections/home/below-the-fold");
let sections: Sections | undefined;
let sectionsLoading: Promise<void> | undefined;
const loadSections = () =>
  (sectionsLoading ??= import("~/components/sections/home/below-the-fold").then((m) => {
    sections = m;
  }));

function LazySections({ part }: { part: keyof Sections }) {
  // Suspends only in the browser, while the chunk loads; React keeps the server's HTML meanwhile.
  if (!sections) use(loadSections());
  const Part = sections?.[part];
  return Part ? <Part /> : null;
}

export async function loader() {
  await loadSections();
  const { width, height } = imageEntry(HERO_IMAGE);
  const heroPicture: HeroPicture = {
    avif: srcSet(HERO_IMAGE, "avif"),
    webp: srcSet(HERO_IMAGE, "webp"),
    fallback: imageFallbackUrl(HERO_IMAGE),
    width,
    height,
  };
  const seo = pageMeta({
    title: `${profile.shortName} | Long Beach Island Home Repair & Renovation`,
    description: `Family-owned LBI contractor with ${profile.yearsExperience}+ years of experience: bathrooms, decks and stairs, Andersen windows, carpentry and home watch. Free estimates.`,
    path: "/",
    keywords: ["Long Beach Island contractor", "LBI home repair", "Manahawkin remodeling", "Andersen windows LBI"],
    jsonLd: [businessJsonLd(readLive(closedDaysSource).upcoming)],
  });
  // The hero picture is the largest paint: fetch it alongside the HTML rather than after layout.
  // (A head link built here, like the rest of the head, keeps the image manifest out of the browser.)
  const preloadHero = {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: heroPicture.avif,
    imageSizes: HERO_SIZES,
    fetchPriority: "high",
  } as const;
  return {
    seo: [...seo, preloadHero],
    heroPicture,
    reviews: readLive(reviewSource).reviews.slice(0, 3),
    projects: readLive(projectsSource).slice(0, 3),
  };
}

/**
 * Runs on client-side navigation only (the first load uses the prerendered data): waits for the
 * sections' chunk as well, so they render with the hero instead of popping in after it, and links
 * to /#contact or /#chat find their target.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadSections()]);
  return data;
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero picture={loaderData.heroPicture} />
      <Suspense fallback={null}>
        <LazySections part="BeforeContact" />
      </Suspense>
      <RecentProjects projects={loaderData.projects} />
      <ReviewsSection reviews={loaderData.reviews} title="What our customers say" />
      <ContactSection />
      <Suspense fallback={null}>
        <LazySections part="AfterContact" />
      </Suspense>
    </>
  );
}
