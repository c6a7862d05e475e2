import { Icon } from "~/ui/icon";
import type { SectionOf } from "~/content/service-page-schema";

/** A short statement on a bright band, such as a certification. */
export function Banner({ section }: { section: SectionOf<"banner"> }) {
  return (
    <section aria-labelledby={section.id} className="bg-sunset-500 text-navy-950">
      <div className="mx-auto flex max-w-6xl items-start gap-4 px-4 py-6">
        <Icon name={section.icon} className="size-8 shrink-0" />
        <div>
          <h2 id={section.id} className="text-xl font-bold">
            {section.heading}
          </h2>
          <p className="mt-1">{section.text}</p>
        </div>
      </div>
    </section>
  );
}
