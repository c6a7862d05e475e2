import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

// The schema allows 2 or 4 cards: two side by side, or four that fold to two rows of two.
const columns = (count: number) => (count === 2 ? "md:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-4");

export function CardGrid({ section }: { section: SectionOf<"card-grid"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <div className="mt-6">
        <ul className={`grid gap-5 ${columns(section.cards.length)}`}>
          {section.cards.map((c) => (
            <li key={c.title} data-reveal className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-sea-100 text-navy-800">
                <Icon name={c.icon} />
              </span>
              <h3 className="mt-3 text-lg font-bold text-navy-900">{c.title}</h3>
              <p className="mt-2 text-slate-700">{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
