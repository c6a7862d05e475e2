import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

/** Why choose us: short reasons on a tinted panel. */
export function Reasons({ section }: { section: SectionOf<"reasons"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <div className="rounded-2xl bg-sand-100 p-6 md:p-10">
        <h2 id={section.id} className={h2Class}>
          {section.heading}
        </h2>
        <ul className="mt-5 grid gap-3 md:grid-cols-2">
          {section.points.map((point) => (
            <li key={point} className="flex gap-3">
              <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-navy-800" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
