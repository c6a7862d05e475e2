import type { SectionOf } from "~/content/service-page-schema";
import { EstimateButton } from "~/leads/estimate-button";
import { CallButton } from "./call-button";

/** The closing band: one more invitation to ask for an estimate or call. */
export function CallToAction({ section }: { section: SectionOf<"call-to-action"> }) {
  return (
    <section aria-labelledby={section.id} className="bg-navy-800 px-4 py-14 text-center text-white">
      <h2 id={section.id} className="text-2xl font-bold md:text-3xl">
        {section.heading}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-sea-100">{section.text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <EstimateButton>{section.estimateButton}</EstimateButton>
        {section.callButton ? <CallButton label={section.callButton} /> : null}
      </div>
    </section>
  );
}
