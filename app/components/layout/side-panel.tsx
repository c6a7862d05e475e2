/**
 * The side navigation panel: Navigation, Services and Contact groups.
 *
 * On wide screens it sits beside the page and can be collapsed to icons (Ctrl/Cmd+B, remembered
 * for 7 days in a cookie); below 768 px it is an off-canvas sheet. It is a native popover, so the
 * header's menu button opens it even before JavaScript loads.
 */
import { useCallback, useEffect, useSyncExternalStore, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Icon, type AnyIconName } from "~/ui/icon";
import { scrollToId, scrollToTop } from "~/ui/scroll";
import { mainNavigation } from "~/content/navigation";
import { phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { services } from "~/content/services";
import { LogoMark, LogoName } from "./logo";
import { useFacts } from "./site-live-data";
import { SIDE_PANEL_ID, readPanelState, serverPanelState, subscribePanelState, writePanelState } from "./panel-state";

const mainIcons: Record<string, AnyIconName> = {
  "/": "home",
  "/services": "wrench",
  "/blog": "clipboard",
  "/faq": "help",
};

function closeSheet() {
  const panel = document.getElementById(SIDE_PANEL_ID);
  if (panel?.matches(":popover-open")) panel.hidePopover();
}

function PanelLink({
  to,
  icon,
  label,
  active,
  onClick,
}: {
  to: string;
  icon: AnyIconName;
  label: string;
  active: boolean;
  onClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <li>
      <Link
        to={to}
        title={label}
        aria-current={active ? "page" : undefined}
        onClick={onClick}
        className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
          active ? "bg-sunset-500 text-navy-950" : "text-white hover:bg-navy-700"
        }`}
      >
        <Icon name={icon} className="size-5 shrink-0" />
        <span className="panel-label">{label}</span>
      </Link>
    </li>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-group-${title.toLowerCase()}`;
  return (
    <div className="mt-4">
      <h2 id={id} className="panel-label px-3 pb-1 text-xs font-semibold tracking-wider text-sea-100 uppercase">
        {title}
      </h2>
      <ul aria-labelledby={id} className="space-y-1">
        {children}
      </ul>
    </div>
  );
}

export function SidePanel() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const state = useSyncExternalStore(subscribePanelState, readPanelState, serverPanelState);
  const facts = useFacts();

  const toggle = useCallback(() => {
    writePanelState(readPanelState() === "collapsed" ? "open" : "collapsed");
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "b") {
        event.preventDefault();
        if (window.matchMedia("(min-width: 768px)").matches) toggle();
        else document.getElementById(SIDE_PANEL_ID)?.togglePopover();
      }
    };
    window.addEventListener("keydown", onKey);
    // The panel hydrates after the page starts: tests (and anyone debugging) can tell when its
    // shortcut and links are live.
    document.getElementById(SIDE_PANEL_ID)?.setAttribute("data-ready", "");
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // Every entry lands at the top of its page, smoothly.
  const onEntry = () => {
    closeSheet();
    scrollToTop();
  };

  const onEstimate = (event: MouseEvent<HTMLAnchorElement>) => {
    closeSheet();
    if (pathname === "/") {
      event.preventDefault();
      scrollToId("contact", 100);
    } else {
      event.preventDefault();
      void navigate("/#contact");
    }
  };

  return (
    <nav id={SIDE_PANEL_ID} popover="auto" aria-label="Site" className="side-panel flex-col bg-navy-900 text-white">
      <div className="flex items-center gap-3 border-b border-navy-700 p-3">
        <Link
          to="/"
          onClick={onEntry}
          className="flex min-h-11 items-center gap-3 rounded-lg"
          aria-label={`${profile.name}, home`}
        >
          <LogoMark className="size-10 shrink-0" />
          <LogoName className="panel-label panel-only-open text-sm" />
        </Link>
        <button
          type="button"
          popoverTarget={SIDE_PANEL_ID}
          popoverTargetAction="hide"
          className="ml-auto inline-flex size-11 items-center justify-center rounded-lg hover:bg-navy-700 md:hidden"
          aria-label="Close menu"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-2">
        <Group title="Navigation">
          {mainNavigation.map((item) => (
            <PanelLink
              key={item.url}
              to={item.url}
              icon={mainIcons[item.url] ?? "home"}
              label={item.title}
              active={pathname === item.url}
              onClick={onEntry}
            />
          ))}
        </Group>
        <Group title="Services">
          {services.map((s) => (
            <PanelLink
              key={s.slug}
              to={s.link}
              icon={s.icon}
              label={s.navTitle}
              active={pathname === s.link}
              onClick={onEntry}
            />
          ))}
        </Group>
        <Group title="Contact">
          <li>
            <a
              href={phoneHref(facts)}
              title={`Call ${facts.phoneDisplay}`}
              className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-white hover:bg-navy-700"
            >
              <Icon name="phone" className="size-5 shrink-0" />
              <span className="panel-label">{facts.phoneDisplay}</span>
            </a>
          </li>
          <PanelLink to="/#contact" icon="calendar" label="Get Estimate" active={false} onClick={onEstimate} />
        </Group>
      </div>
      <div className="panel-desktop-only border-t border-navy-700 p-2">
        <button
          type="button"
          onClick={toggle}
          aria-controls={SIDE_PANEL_ID}
          aria-expanded={state === "open"}
          aria-keyshortcuts="Control+B Meta+B"
          title="Collapse or expand the panel (Ctrl+B)"
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-white hover:bg-navy-700"
        >
          <Icon name="panel" className="size-5 shrink-0" />
          <span className="panel-label">{state === "open" ? "Collapse panel" : "Expand panel"}</span>
        </button>
      </div>
    </nav>
  );
}
