import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

/** The towns of one of the profile's lists, as map-pin chips. */
export function ServiceAreas({ section }: { section: SectionOf<"service-areas"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <ul className="mt-5 flex flex-wrap gap-3">
        {section.towns.map((town) => (
          <li
            key={town}
            className="flex items-center gap-2 rounded-full bg-sea-100 px-4 py-2 font-medium text-navy-900"
          >
            <Icon name="map-pin" className="size-4" />
            {town}
          </li>
        ))}
      </ul>
    </section>
  );
}
