/**
 * A link to a section of this page ("#contact"). Without JavaScript it is a plain anchor (the
 * stylesheet smooths the jump unless reduced motion is preferred); once hydrated it scrolls itself
 * with the same preference, and updates the address without a router navigation.
 */
import type { MouseEvent, ReactNode } from "react";
import { scrollToId } from "~/ui/scroll";

interface SectionLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

export function SectionLink({ to, className, children }: SectionLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (!document.getElementById(to)) return;
    event.preventDefault();
    // Keep the router's own history state: replacing it with null would cost the page its scroll key.
    window.history.replaceState(window.history.state, "", `#${to}`);
    scrollToId(to);
  };
  return (
    <a href={`#${to}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
