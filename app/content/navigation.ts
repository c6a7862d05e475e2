/**
 * Navigation lists: what the header, side panel and footer link to. Service entries come from the
 * services list, so a renamed service is renamed everywhere.
 */
import { services } from "./services";

export interface NavItem {
  title: string;
  url: string;
}

export const mainNavigation: readonly NavItem[] = [
  { title: "Home", url: "/" },
  { title: "Services", url: "/services" },
  { title: "Blog", url: "/blog" },
  { title: "FAQ", url: "/faq" },
];

export const serviceNavigation: readonly NavItem[] = services.map((s) => ({ title: s.navTitle, url: s.link }));

export const aboutNavigation: readonly NavItem[] = [
  { title: "About Us", url: "/#about" },
  { title: "Blog", url: "/blog" },
  { title: "FAQ", url: "/faq" },
];

export const liveChatLink: NavItem = { title: "Live Chat", url: "/#chat" };
