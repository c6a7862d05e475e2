/**
 * The desk's sections, laid out for the hand that holds the phone. Below 768 px a bar at the
 * bottom of the screen, within the thumb's reach, holds the four sections used most and 'More',
 * which opens the rest above the bar; from 768 px every section sits in one row under the header.
 * Nothing scrolls sideways at any width. A count that needs the owner (new leads, late jobs,
 * overdue invoices) shows on its section, and on 'More' while 'More' hides it.
 */
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { DESK_HOME } from "./paths";

/** What waits for the owner, counted by the desk's layout on every page. */
export interface DeskCounts {
  newLeads: number;
  lateJobs: number;
  overdueInvoices: number;
}

export const NO_COUNTS: DeskCounts = { newLeads: 0, lateJobs: 0, overdueInvoices: 0 };

export interface DeskSection {
  to: string;
  label: string;
  /** In the phone's bar rather than behind 'More'. */
  inBar: boolean;
  /** Paths below the section's own that belong to it (a lead's page belongs to Leads). */
  within?: string;
  count?: { of: keyof DeskCounts; word: string };
}

/** In the order of the wide row. The bar's four are those a contractor opens between jobs. */
export const DESK_SECTIONS: readonly DeskSection[] = [
  { to: DESK_HOME, label: "Leads", inBar: true, within: "/owner/leads/", count: { of: "newLeads", word: "new" } },
  { to: "/owner/jobs", label: "Jobs", inBar: true, within: "/owner/jobs/", count: { of: "lateJobs", word: "late" } },
  { to: "/owner/quarantine", label: "Spam", inBar: false },
  { to: "/owner/subscribers", label: "Subscribers", inBar: false },
  { to: "/owner/stats", label: "Numbers", inBar: false, count: { of: "overdueInvoices", word: "overdue" } },
  { to: "/owner/site", label: "Site", inBar: true, within: "/owner/site/" },
  { to: "/owner/reviews", label: "Reviews", inBar: false },
  { to: "/owner/projects", label: "Projects", inBar: true, within: "/owner/projects/" },
  { to: "/owner/watch", label: "Watch", inBar: false, within: "/owner/watch/" },
  { to: "/owner/account", label: "Account", inBar: false },
];

/** "page" on the section's own page, "true" on a page inside it, nothing elsewhere. */
export function currentness(section: DeskSection, pathname: string): "page" | "true" | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === section.to) return "page";
  if (section.within && path.startsWith(section.within)) return "true";
  return undefined;
}

/** The badge's number, with its word for a screen reader: "3 new". */
function CountBadge({ count, word }: { count: number; word: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-1 inline-block min-w-5 rounded-full bg-sunset-500 px-1.5 text-center text-xs leading-5 font-bold text-navy-950">
      {count}
      <span className="sr-only"> {word}</span>
    </span>
  );
}

/** The current section is white and underlined in the sunset colour, the others pale until hovered. */
const tone = (current: boolean) =>
  current ? "border-sunset-500 text-white" : "border-transparent text-sea-100 hover:text-white";

const countOf = (section: DeskSection, counts: DeskCounts) => (section.count ? counts[section.count.of] : 0);

function SectionLink({
  section,
  counts,
  pathname,
  className,
  onChoose,
}: {
  section: DeskSection;
  counts: DeskCounts;
  pathname: string;
  className: (current: boolean) => string;
  onChoose?: () => void;
}) {
  const current = currentness(section, pathname);
  return (
    <Link to={section.to} aria-current={current} onClick={onChoose} className={className(current !== undefined)}>
      {section.label}
      {section.count ? <CountBadge count={countOf(section, counts)} word={section.count.word} /> : null}
    </Link>
  );
}

/** Every section in one row, from 768 px up. */
export function WideDeskNavigation({ counts }: { counts: DeskCounts }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Desk" className="mx-auto hidden max-w-5xl px-1 md:block">
      <ul className="flex">
        {DESK_SECTIONS.map((section) => (
          <li key={section.to} className="flex-1">
            <SectionLink
              section={section}
              counts={counts}
              pathname={pathname}
              className={(current) =>
                `flex min-h-11 items-center justify-center border-b-4 px-1 text-sm font-semibold ${tone(current)}`
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

const barTarget = (current: boolean) =>
  `flex min-h-14 w-full flex-col items-center justify-center border-t-4 px-0.5 text-xs font-semibold ${tone(current)}`;

/**
 * The phone's bar. 'More' is a disclosure built on <details>, so it opens without the page's script
 * too; with it, the list closes on a tap elsewhere, on Escape (focus back on 'More') and when a
 * section is chosen.
 */
export function PhoneDeskNavigation({ counts }: { counts: DeskCounts }) {
  const { pathname } = useLocation();
  const more = useRef<HTMLDetailsElement>(null);
  const hidden = DESK_SECTIONS.filter((section) => !section.inBar);
  const hiddenCount = hidden.reduce((sum, section) => sum + countOf(section, counts), 0);
  const currentHidden = hidden.some((section) => currentness(section, pathname) !== undefined);

  // Closed at once when a section is chosen or the browser goes Back or Forward: not when the new
  // page renders, which comes after its data and could close a list opened in the meantime.
  const close = () => {
    if (more.current) more.current.open = false;
  };
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (more.current?.open && event.target instanceof Node && !more.current.contains(event.target))
        more.current.open = false;
    };
    window.addEventListener("popstate", close);
    document.addEventListener("pointerdown", outside);
    return () => {
      window.removeEventListener("popstate", close);
      document.removeEventListener("pointerdown", outside);
    };
  }, []);

  return (
    <nav
      aria-label="Desk"
      className="fixed inset-x-0 bottom-0 z-20 bg-navy-900 pb-[env(safe-area-inset-bottom)] text-white shadow-[0_-2px_6px_rgb(0_0_0/0.25)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {DESK_SECTIONS.filter((section) => section.inBar).map((section) => (
          <li key={section.to}>
            <SectionLink section={section} counts={counts} pathname={pathname} className={barTarget} />
          </li>
        ))}
        <li>
          <details
            ref={more}
            onKeyDown={(event) => {
              if (event.key !== "Escape" || !more.current?.open) return;
              more.current.open = false;
              more.current.querySelector("summary")?.focus();
            }}
          >
            <summary
              className={`${barTarget(currentHidden)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
            >
              <span>
                More
                {hiddenCount > 0 ? <CountBadge count={hiddenCount} word="waiting" /> : null}
              </span>
              {currentHidden ? <span className="sr-only">, holds the current section</span> : null}
            </summary>
            <ul className="absolute inset-x-0 bottom-full border-t border-navy-700 bg-navy-900 py-1 shadow-[0_-2px_6px_rgb(0_0_0/0.25)]">
              {hidden.map((section) => (
                <li key={section.to}>
                  <SectionLink
                    section={section}
                    counts={counts}
                    pathname={pathname}
                    onChoose={close}
                    className={(current) =>
                      `flex min-h-12 items-center border-l-4 px-4 text-base font-semibold ${tone(current)}`
                    }
                  />
                </li>
              ))}
            </ul>
          </details>
        </li>
      </ul>
    </nav>
  );
}
