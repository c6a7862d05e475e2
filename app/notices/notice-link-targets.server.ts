/**
 * The pages the notice form's link picker offers, by their titles: the site's main pages, the
 * services, the articles and the published projects, then the business's phone. Each path is
 * offered only when `isPublicPage` takes it, the rule the server applies to the link when the
 * notice is posted, so the picker never offers a page the server would refuse.
 *
 * The projects are a sibling feature, so the page that shows the form hands in their titles and
 * paths (`readLive(projectsSource)`) rather than this module reading them.
 */
import { services } from "~/content/services";
import { isPublicPage } from "~/live/public-pages.server";
import { articlePath, servicePath } from "~/route-registry";
import { liveArticles } from "~/site-pages/site-pages-source.server";
import { PHONE_CHOICE, type LinkTarget, type LinkTargetGroup, type NoticeLinkTargets } from "./notice-link";

const MAIN_PAGES: readonly LinkTarget[] = [
  { title: "Home", path: "/" },
  { title: "Services", path: "/services" },
  { title: "Get an estimate", path: "/estimate" },
  { title: "Projects", path: "/projects" },
  { title: "Reviews", path: "/reviews" },
  { title: "Blog", path: "/blog" },
  { title: "FAQ", path: "/faq" },
  { title: "About us", path: "/about-us" },
  { title: "Privacy", path: "/privacy" },
];

export function noticeLinkTargets(projects: readonly LinkTarget[]): NoticeLinkTargets {
  const groups: LinkTargetGroup[] = [
    { label: "Pages", targets: [...MAIN_PAGES] },
    { label: "Services", targets: services.map((s) => ({ title: s.title, path: servicePath(s.slug) })) },
    { label: "Articles", targets: liveArticles().map((a) => ({ title: a.title, path: articlePath(a.slug) })) },
    { label: "Projects", targets: [...projects] },
  ];
  return {
    groups: groups
      .map((group) => ({ ...group, targets: group.targets.filter((target) => isPublicPage(target.path)) }))
      .filter((group) => group.targets.length > 0),
    phone: PHONE_CHOICE,
  };
}
