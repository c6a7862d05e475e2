/** The home watch section of the home page: weekly checks on an empty house through the off-season. */
import { Link } from "react-router";
import { buttonClass } from "~/ui/button";
import { useFacts } from "~/components/layout/site-live-data";
import { FeatureGrid, type Feature } from "./feature-card";
import { SectionHeading } from "./section-heading";
import { SectionPicture } from "./section-picture";

const features: readonly Feature[] = [
  {
    icon: "calendar",
    title: "Weekly Visits",
    text: "A walk-through inside and out every week the house is empty, following the same checklist: heat, water, doors, windows and the roofline.",
  },
  {
    icon: "camera",
    title: "Photo Reports",
    text: "Photos and notes after every visit, sent wherever you spend the winter, so you see the house without driving down.",
  },
  {
    icon: "storm",
    title: "Storm Checks",
    text: "After nor'easters and high winds we check the house as soon as the roads allow, and tell you what we found.",
  },
  {
    icon: "key",
    title: "Key Holding & Vendor Access",
    text: "We keep your key or door code and let in the plumber, cleaner or delivery you schedule, then lock up behind them.",
  },
];

export function HomeWatchSection() {
  const [island, ...towns] = useFacts().homeWatchAreas;
  const townList = towns.length > 1 ? `${towns.slice(0, -1).join(", ")} and ${towns.at(-1)}` : towns.join("");
  return (
    <section aria-labelledby="home-watch-heading" className="mx-auto max-w-7xl px-4 py-16 md:py-20">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className="lg:order-2">
          <SectionHeading
            id="home-watch-heading"
            eyebrow="Off-season home watch"
            title="Someone local checking on your house all winter"
          >
            <p>
              From fall to spring many island houses sit empty. A frozen pipe, a tripped breaker or a door blown open in
              a nor&apos;easter can go unnoticed for weeks. We visit every week, send you photos, and because we are a
              repair crew too, we can fix what we find.
            </p>
            <p>
              Visits across {island}, including {townList}.
            </p>
            <div className="pt-2">
              <Link to="/services/home-watch" className={buttonClass("secondary")}>
                Learn more about home watch
              </Link>
            </div>
          </SectionHeading>
        </div>
        <SectionPicture
          name="home-home-watch"
          alt="A shuttered, raised shore cottage in winter snow, with a home watch visitor checking the front door with a flashlight and clipboard"
          className="lg:order-1"
        />
      </div>
      <div className="mt-12">
        <FeatureGrid features={features} />
      </div>
    </section>
  );
}
