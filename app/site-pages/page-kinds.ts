/**
 * The three kinds of page the owner writes, each a folder of Markdown files in `app/content/`: its
 * files as the repository holds them, where they live, and how the desk names one.
 */
import { articleFiles } from "~/content/articles.server";
import { faqFiles } from "~/content/faq.server";
import type { PageFiles } from "~/content/markdown";
import { serviceFiles } from "~/content/service-pages.server";

export const PAGE_KINDS = ["service", "faq", "article"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

interface KindFacts {
  /** The folder of `app/content/` its files live in. */
  folder: string;
  /** The repository's files: what the build renders, and the pages before any publish. */
  repository: PageFiles;
  /** Whether the owner may add a page of this kind, or only rewrite the repository's. */
  open: boolean;
  /** How the audit log and the desk name one page. */
  label(name: string): string;
}

export const pageKinds: Readonly<Record<PageKind, KindFacts>> = {
  service: {
    folder: "services",
    repository: serviceFiles,
    open: false,
    label: (name) => `the service page ${name}`,
  },
  faq: { folder: "faq", repository: faqFiles, open: false, label: (name) => `the FAQ's ${name} questions` },
  article: { folder: "blog", repository: articleFiles, open: true, label: (name) => `the article ${name}` },
};

/** A page's file within the repository, as the export writes it. */
export const pageFile = (kind: PageKind, name: string) => `app/content/${pageKinds[kind].folder}/${name}.md`;
