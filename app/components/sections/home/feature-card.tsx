/** A small card of the home page's feature grids: icon, title (h3) and a sentence or two. */
import { Icon } from "~/ui/icon";
import type { IconName } from "~/content/icon-names";

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 2xl:grid-cols-4">
      {features.map((feature, index) => (
        <li
          key={feature.title}
          data-reveal
          style={{ transitionDelay: `${(index % 4) * 150}ms` }}
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-lg bg-sea-100 text-navy-800">
            <Icon name={feature.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-bold text-navy-900">{feature.title}</h3>
          <p className="mt-2 text-slate-700">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
