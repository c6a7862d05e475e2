import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

export function Checklist({ section }: { section: SectionOf<"checklist"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <ul className="mt-5 grid gap-3 md:grid-cols-2">
        {section.items.map((item) => (
          <li key={item} className="flex gap-3">
            <Icon name="check" className="mt-1 size-5 shrink-0 text-sea-600" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
