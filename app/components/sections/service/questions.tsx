import { Prose } from "~/ui/prose";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

/** The questions written in the page's Markdown body, answered in place. */
export function Questions({ section }: { section: SectionOf<"questions"> }) {
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <dl className="mt-5 space-y-5">
        {section.questions.map((q) => (
          <div key={q.question}>
            <dt className="font-semibold text-navy-900">{q.question}</dt>
            <dd className="mt-1 text-slate-700">
              <Prose paragraphs={q.answer} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
