/** The home page. Sections live in components/sections/home. */
import { HERO_IMAGE, HERO_SIZES, HomeHero, type HeroPicture } from "~/components/sections/home/hero";
import { later, partsReady, withParts } from "~/ui/later";
import { firstPicture } from "~/ui/first-picture.server";
import { imageEntry, imageFallbackUrl, srcSet } from "~/ui/picture";
import { profile } from "~/content/profile";
import { closedDaysSource } from "~/closed-days/closed-days-source.server";
import { readLive } from "~/live/snapshot.server";
import { reviewSource } from "~/reviews/review-source.server";
import { projectsSource } from "~/projects/projects-source.server";
import { businessJsonLd } from "~/seo/json-ld";
import { rangesAhead } from "~/content/business-facts";
import { liveFacts } from "~/facts/facts-source.server";
import { dayOf } from "~/time/business-time";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/home";

// Everything after the hero holds links, buttons and the contact form (whose own code waits until
// it is near or touched), so it hydrates from chunks of its own after the hero: the start-up
// JavaScript stays small and the hero is interactive sooner.
const sections = later(() => import("~/components/sections/home/below-the-fold"));
const recentWork = later(() => import("~/components/sections/recent-work"));

export async function loader() {
  await partsReady(sections, recentWork);
  const { width, height } = imageEntry(HERO_IMAGE);
  // The hero picture is the largest paint: a phone draws it from the HTML, a wider screen fetches
  // it alongside the HTML rather than after layout. (Built here, like the rest of the head, which
  // keeps the image manifest out of the browser.)
  const first = firstPicture(HERO_IMAGE, HERO_SIZES);
  const heroPicture: HeroPicture = {
    phoneCopy: first.phoneCopy,
    avif: srcSet(HERO_IMAGE, "avif"),
    webp: srcSet(HERO_IMAGE, "webp"),
    fallback: imageFallbackUrl(HERO_IMAGE),
    width,
    height,
  };
  // Pages are rendered again at the midnight a special range ends, so today's date drops it here.
  const { facts } = liveFacts();
  const seo = pageMeta({
    title: `${profile.shortName} | Long Beach Island Home Repair & Renovation`,
    description: `Family-owned LBI contractor with ${facts.figures.yearsExperience}+ years of experience: bathrooms, decks and stairs, Andersen windows, carpentry and home watch. Free estimates.`,
    path: "/",
    keywords: ["Long Beach Island contractor", "LBI home repair", "Manahawkin remodeling", "Andersen windows LBI"],
    jsonLd: [businessJsonLd(facts, rangesAhead(facts, dayOf(new Date())), readLive(closedDaysSource).upcoming)],
  });
  return {
    seo: [...seo, first.preload],
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
  return withParts(serverLoader(), sections, recentWork);
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero picture={loaderData.heroPicture} />
      <sections.Later pick={(m) => m.BeforeContact} props={{}} />
      <recentWork.Later pick={(m) => m.RecentProjects} props={{ projects: loaderData.projects }} />
      <recentWork.Later
        pick={(m) => m.ReviewsSection}
        props={{ reviews: loaderData.reviews, title: "What our customers say" }}
      />
      <recentWork.Later pick={(m) => m.ContactSection} props={{}} />
      <sections.Later pick={(m) => m.AfterContact} props={{}} />
    </>
  );
}
