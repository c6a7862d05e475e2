/**
 * Where a link in an answer the owner writes may lead: the site's public pages as the notices'
 * picker offers them (the main pages, the services, the articles, the published projects), then a
 * call or a mail to the business. The editors offer these, and their publish takes no other.
 */
import { readLive } from "~/live/snapshot.server";
import { noticeLinkTargets } from "~/notices/notice-link-targets.server";
import { projectPath } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import { FACT_CHOICES, type LinkChoiceGroup } from "~/site-pages/faq-form";

export function answerLinkGroups(): LinkChoiceGroup[] {
  const projects = readLive(projectsSource).map((p) => ({ title: p.title, path: projectPath(p.slug) }));
  return [
    ...noticeLinkTargets(projects).groups.map((group) => ({
      label: group.label,
      choices: group.targets.map((target) => ({ title: target.title, to: target.path })),
    })),
    FACT_CHOICES,
  ];
}

/** Every place the picker offers, as a publish checks a posted link against. */
export const answerLinkPlaces = (): ReadonlySet<string> =>
  new Set(answerLinkGroups().flatMap((group) => group.choices.map((choice) => choice.to)));
