import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

/** What the service includes: an intro, then titled points in two columns. */
export function FeatureList({ section }: { section: SectionOf<"feature-list"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{section.intro}</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {section.items.map((f) => (
          <li key={f.title} className="flex gap-3">
            <Icon name="check" className="mt-1 size-5 shrink-0 text-sea-600" />
            <div>
              <h3 className="font-semibold text-navy-900">{f.title}</h3>
              <p className="text-slate-700">{f.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
