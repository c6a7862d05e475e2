/** The home page (spec §2 'Home page'). Sections live in components/sections/home. */
import { businessJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { profile } from "~/content/profile";
import { ContactSection } from "~/components/sections/contact-section";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${profile.shortName} | Long Beach Island Home Repair & Renovation`,
    description: `Family-owned LBI contractor with ${profile.yearsExperience}+ years of experience: bathrooms, decks and stairs, Andersen windows, carpentry and home watch. Free estimates.`,
    path: "/",
    keywords: ["Long Beach Island contractor", "LBI home repair", "Manahawkin remodeling", "Andersen windows LBI"],
    jsonLd: [businessJsonLd()],
  });

export default function Home() {
  return (
    <>
      <section className="bg-navy-800 px-4 py-20 text-white">
        <h1 className="mx-auto max-w-5xl text-4xl font-bold">Home Repair &amp; Renovation for Long Beach Island</h1>
      </section>
      <section id="about" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-3xl font-bold text-navy-900">About {profile.shortName}</h2>
      </section>
      <ContactSection />
      <section id="chat" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-3xl font-bold text-navy-900">Live Chat</h2>
      </section>
    </>
  );
}
