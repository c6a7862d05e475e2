/**
 * The sticky site header: home, services, the About menu, Live Chat and the estimate
 * button; social links and the phone number on wide screens; a call link and the menu on phones.
 * Its drop-down menus open on hover and keyboard focus with CSS alone, so they need no JavaScript.
 */
import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { Icon } from "~/ui/icon";
import { scrollToId } from "~/ui/scroll";
import { aboutNavigation, liveChatLink, serviceNavigation, type NavItem } from "~/content/navigation";
import { phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { EstimateButton } from "~/leads/estimate-button";
import { LogoMark } from "./logo";
import { SocialLinks } from "./social-links";
import { useFacts } from "./site-live-data";
import { SIDE_PANEL_ID } from "./panel-state";

const linkClass =
  "inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-semibold text-navy-900 hover:bg-sea-100";

function useHashLink() {
  const { pathname } = useLocation();
  // On the home page an in-page anchor scrolls smoothly instead of reloading the route.
  return (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (pathname === "/" && url.startsWith("/#")) {
      event.preventDefault();
      // Keep the router's own history state: only the address changes.
      history.replaceState(history.state, "", url);
      scrollToId(url.slice(2));
    }
  };
}

function DropDown({ label, to, items }: { label: string; to: string; items: readonly NavItem[] }) {
  const onHash = useHashLink();
  return (
    <li className="group relative">
      <Link to={to} className={linkClass} onClick={(e) => onHash(e, to)}>
        {label}
        <Icon name="chevron-down" className="ml-1 size-4" />
      </Link>
      <ul className="invisible absolute top-full left-0 z-40 min-w-60 rounded-lg border border-slate-200 bg-white p-2 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {items.map((item) => (
          <li key={item.url}>
            <Link
              to={item.url}
              onClick={(e) => onHash(e, item.url)}
              className="flex min-h-11 items-center rounded-md px-3 text-sm text-navy-900 hover:bg-sea-100"
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  const onHash = useHashLink();
  const facts = useFacts();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4">
        <button
          type="button"
          popoverTarget={SIDE_PANEL_ID}
          className="inline-flex size-11 items-center justify-center rounded-lg text-navy-900 hover:bg-sea-100 md:hidden"
          aria-label="Open menu"
        >
          <Icon name="menu" className="size-6" />
        </button>
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md" aria-label={`${profile.name}, home`}>
          <LogoMark className="size-9" />
          <span className="hidden text-base font-bold whitespace-nowrap text-navy-900 sm:inline md:hidden 2xl:inline">
            {profile.shortName}
          </span>
        </Link>
        <nav aria-label="Main" className="ml-2 hidden lg:block">
          <ul className="flex items-center">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            <DropDown label="Services" to="/services" items={serviceNavigation} />
            <DropDown label="About" to="/#about" items={aboutNavigation} />
            <li>
              <Link to={liveChatLink.url} className={linkClass} onClick={(e) => onHash(e, liveChatLink.url)}>
                {liveChatLink.title}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SocialLinks linkClassName="hidden size-11 items-center justify-center rounded-md text-navy-800 hover:bg-sea-100 lg:inline-flex" />
          <a
            href={phoneHref(facts)}
            className="hidden min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold whitespace-nowrap text-navy-900 hover:bg-sea-100 xl:inline-flex"
          >
            <Icon name="phone" className="size-4" />
            {facts.phoneDisplay}
          </a>
          <a
            href={phoneHref(facts)}
            className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-sea-100 xl:hidden"
          >
            <Icon name="phone" label={`Call ${facts.phoneDisplay}`} />
          </a>
          <EstimateButton size="narrow" className="ml-1 px-3 text-sm whitespace-nowrap sm:px-4">
            Get an Estimate
          </EstimateButton>
        </div>
      </div>
    </header>
  );
}
