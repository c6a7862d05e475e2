/**
 * One section of a service page, drawn by its kind. A page is the list of sections its content
 * file gives (`content/services/<slug>.md`), so what a page shows is decided there, not here.
 */
import type { ServiceSection } from "~/content/service-page-schema";
import { Banner } from "./banner";
import { CallToAction } from "./call-to-action";
import { CardGrid } from "./card-grid";
import { Checklist } from "./checklist";
import { FeatureList } from "./feature-list";
import type { PictureFiles } from "~/ui/picture";
import { Gallery } from "./gallery";
import { Hero } from "./hero";
import { Questions } from "./questions";
import { Reasons } from "./reasons";
import { ServiceAreas } from "./service-areas";

/**
 * `heroImage`: the service's picture (from service-details.ts), which the hero shows behind its text
 * unless the owner gave it a photo. `photos`: the files of the owner's photos the page names.
 */
export function Section({
  section,
  heroImage,
  photos,
}: {
  section: ServiceSection;
  heroImage: string;
  photos: Readonly<Record<string, PictureFiles>>;
}) {
  switch (section.kind) {
    case "hero":
      return <Hero section={section} image={heroImage} photo={section.photo ? photos[section.photo] : undefined} />;
    case "banner":
      return <Banner section={section} />;
    case "card-grid":
      return <CardGrid section={section} />;
    case "feature-list":
      return <FeatureList section={section} />;
    case "checklist":
      return <Checklist section={section} />;
    case "reasons":
      return <Reasons section={section} />;
    case "service-areas":
      return <ServiceAreas section={section} />;
    case "gallery":
      return <Gallery section={section} photos={photos} />;
    case "questions":
      return <Questions section={section} />;
    case "call-to-action":
      return <CallToAction section={section} />;
    default: {
      // A new kind in the schema without a component here fails the type check.
      const unknownKind: never = section;
      throw new Error(`No component for the section ${JSON.stringify(unknownKind)}`);
    }
  }
}
