/** The Andersen windows section of the home page: what certified installation means on the island. */
import { Link } from "react-router";
import { buttonClass } from "~/ui/button";
import { EstimateButton } from "~/leads/estimate-button";
import { FeatureGrid, type Feature } from "./feature-card";
import { SectionHeading } from "./section-heading";
import { SectionPicture } from "./section-picture";

const features: readonly Feature[] = [
  {
    icon: "award",
    title: "Certified Andersen Installation",
    text: "We are certified to install Andersen windows and doors, and we follow Andersen's instructions on every unit, from the rough opening to the last bead of sealant.",
  },
  {
    icon: "sun",
    title: "Energy Efficiency",
    text: "We help you choose among Andersen's Low-E glass options for each exposure, then insulate and air-seal around every frame so drafts stop at the window.",
  },
  {
    icon: "storm",
    title: "Sealed Against Wind-Driven Rain",
    text: "Sill pans, flashing lapped in the right order and sealant where it belongs keep nor'easter rain out of the wall, not just off the glass.",
  },
  {
    icon: "clipboard",
    title: "Warranty Registration",
    text: "We register your new windows and doors with Andersen and hand you the paperwork, so the product warranty is on file beside our own workmanship guarantee.",
  },
];

export function AndersenSection() {
  return (
    <section aria-labelledby="andersen-heading" className="bg-sea-50">
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <SectionHeading
            id="andersen-heading"
            eyebrow="Andersen windows & doors"
            title="Windows installed for the weather off the ocean"
          >
            <p>
              On the island a window takes rain driven sideways by a nor&apos;easter, salt spray on the glass and
              hardware, and hard afternoon sun. A good window only performs as well as its installation.
            </p>
            <p>
              We install Andersen replacement windows and patio doors flashed into the wall and finished with trim that
              matches your house, and we repair the windows you already have when a repair makes more sense.
            </p>
            <div className="flex flex-wrap gap-3 pt-2">
              <Link to="/services/andersen-windows" className={buttonClass("secondary")}>
                Andersen window services
              </Link>
              <EstimateButton>Get Free Estimate</EstimateButton>
            </div>
          </SectionHeading>
          <SectionPicture
            name="home-andersen"
            alt="A new white window and a sliding patio door in a cedar-shingled wall, looking out over the bay"
          />
        </div>
        <div className="mt-12">
          <FeatureGrid features={features} />
        </div>
      </div>
    </section>
  );
}
