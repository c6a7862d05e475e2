/** The banner that opens an inner page: heading, intro and optional actions over a navy band. */
import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-navy-800 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 md:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wider text-sand-200 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold text-balance md:text-5xl">{title}</h1>
        {intro ? <div className="mt-4 max-w-3xl text-lg text-sea-100">{intro}</div> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
