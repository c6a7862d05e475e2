/** The company mark (the same drawing as public/logo.svg) with the business name beside it. */
import { profile } from "~/content/profile";

const [nameLine1, nameLine2] = (() => {
  const at = profile.name.indexOf(" & ");
  return at === -1 ? [profile.name, ""] : [profile.name.slice(0, at), profile.name.slice(at + 1)];
})();

/**
 * Drawn in the page rather than fetched: as an <img> it was a request of its own on every page,
 * and the server's renderer announced it in the head ahead of the page's main picture, with which
 * it then shared a phone's first round trips.
 */
export function LogoMark({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width={40} height={40} aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#0f3b5f" />
      <path
        d="M12 29L32 12L52 29M19 23V33H45V23"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M24 33v6M40 33v6" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M10 46q5.5-5 11 0t11 0t11 0t11 0" fill="none" stroke="#f2a65a" strokeWidth="4.5" strokeLinecap="round" />
      <path
        d="M17 54q3.75-3.5 7.5 0t7.5 0t7.5 0t7.5 0"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The name in two lines, as the side panel and footer show it. */
export function LogoName({ className = "" }: { className?: string }) {
  return (
    <span className={`flex flex-col leading-tight ${className}`}>
      <span className="font-bold">{nameLine1}</span>
      {nameLine2 ? <span className="text-sm opacity-90">{nameLine2}</span> : null}
    </span>
  );
}
