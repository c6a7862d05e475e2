/** The About section (id "about", the target of /about-us and the header's About link). */
import { buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { useFacts } from "~/components/layout/site-live-data";
import { SectionHeading } from "./section-heading";
import { SectionPicture } from "./section-picture";
import { SectionLink } from "./section-link";

const smallNumbers = ["no", "one", "two", "three", "four", "five", "six"];
const inWords = (n: number) => smallNumbers[n] ?? String(n);

export function AboutSection() {
  const facts = useFacts();
  const { figures } = facts;
  const highlights: readonly string[] = [
    `${figures.yearsExperience}+ years of experience`,
    `${figures.yearsOnIsland}+ years on LBI`,
    ...facts.claims,
  ];
  return (
    <section id="about" aria-labelledby="about-heading" className="bg-sand-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:py-20 lg:grid-cols-2">
        <SectionPicture
          name="home-about"
          alt="A carpenter's workbench with hand tools on a pegboard, beside a window looking out on the bay"
        />
        <SectionHeading
          id="about-heading"
          eyebrow={`About ${profile.shortName}`}
          title={`A family business since ${figures.foundingYear}`}
        >
          <p>
            We are family-owned, with {inWords(figures.generations)} generations of craftsmen and more than{" "}
            {figures.yearsExperience} years in the trades. For the last {figures.yearsOnIsland} years most of our work
            has been on Long Beach Island, just over the Causeway from our shop in {facts.address.locality}.
          </p>
          <p>
            That time on the island shows in the details: stainless fasteners where the salt air eats steel, flood-zone
            rules for the ground level of elevated homes, and schedules built around rental turnovers and owners who are
            away for the off-season.
          </p>
          <ul className="grid gap-x-6 gap-y-2 text-base text-ink sm:grid-cols-2">
            {highlights.map((fact) => (
              <li key={fact} className="flex items-center gap-2 font-medium">
                <Icon name="check" className="size-5 shrink-0 text-sea-600" />
                {fact}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">NJ Home Improvement Contractor Reg. #{facts.hicRegistration}</p>
          <div className="flex flex-wrap gap-3 pt-2">
            <SectionLink to="contact" className={buttonClass("primary")}>
              Schedule Your Free Consultation
            </SectionLink>
            <a href={phoneHref(facts)} className={buttonClass("ghost", "ring-1 ring-navy-800/30")}>
              <Icon name="phone" className="size-4" /> Call {facts.phoneDisplay}
            </a>
          </div>
        </SectionHeading>
      </div>
    </section>
  );
}
