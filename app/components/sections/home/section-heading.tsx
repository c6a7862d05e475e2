/** The opening of a home page section: a small label, the h2 and an introduction; it fades in when scrolled to. */
import type { ReactNode } from "react";

export const sectionHeadingClass = "text-3xl font-bold text-balance text-navy-900 md:text-4xl";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function SectionHeading({ id, eyebrow, title, children, className = "" }: SectionHeadingProps) {
  return (
    <div data-reveal className={className}>
      <p className="text-sm font-semibold tracking-wider text-sea-600 uppercase">{eyebrow}</p>
      <h2 id={id} className={`mt-2 ${sectionHeadingClass}`}>
        {title}
      </h2>
      {children ? <div className="mt-4 space-y-4 text-lg text-slate-700">{children}</div> : null}
    </div>
  );
}
