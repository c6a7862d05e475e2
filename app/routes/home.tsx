/** The home page (spec §2 'Home page'). Sections live in components/sections/home. */
import { ContactSection } from "~/components/sections/contact-section";
import { AboutSection } from "~/components/sections/home/about-section";
import { AndersenSection } from "~/components/sections/home/andersen-section";
import { ChatSection } from "~/components/sections/home/chat-section";
import { HERO_IMAGE, HomeHero } from "~/components/sections/home/hero";
import { HomeWatchSection } from "~/components/sections/home/home-watch-section";
import { ServicesGridSection } from "~/components/sections/home/services-grid";
import { srcSet } from "~/components/ui/picture";
import { profile } from "~/content/profile";
import { businessJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${profile.shortName} | Long Beach Island Home Repair & Renovation`,
    description: `Family-owned LBI contractor with ${profile.yearsExperience}+ years of experience: bathrooms, decks and stairs, Andersen windows, carpentry and home watch. Free estimates.`,
    path: "/",
    keywords: ["Long Beach Island contractor", "LBI home repair", "Manahawkin remodeling", "Andersen windows LBI"],
    jsonLd: [businessJsonLd()],
  });

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
      <ServicesGridSection />
      <AndersenSection />
      <HomeWatchSection />
      <AboutSection />
      <ContactSection />
      <ChatSection />
    </>
  );
}
