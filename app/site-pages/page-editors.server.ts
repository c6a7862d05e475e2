/**
 * What the three page editors (a FAQ category, a service page, an article) have in common, for the
 * routes that serve all of them: where each kind's editor and public page are, whether a page of a
 * kind exists, and a draft's fields written as the page's file, for the preview.
 */
import type { Kysely } from "kysely";
import type { CarriedForms } from "~/forms/carried-answer";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import type { Database } from "~/infra/schema.server";
import {
  articleEditorPath,
  faqCategoryEditorPath,
  pagePreviewPath,
  pageVersionsPath,
  servicePageEditorPath,
  widePreviewPath,
} from "~/owner/paths";
import { articlePath } from "~/route-registry";
import { articleValuesFrom } from "./article-form";
import { articleDraftFile, articleStatus } from "./article-edits.server";
import { faqCategoryFile, isFaqCategory } from "./faq-edits.server";
import { formValuesFrom } from "./faq-form";
import { PAGE_KINDS, type PageKind } from "./page-kinds";
import { isServicePage, servicePageDraftFile } from "./service-page-edits.server";
import { readDraft } from "./page-drafts.server";
import { pageHistoryEntries } from "./site-pages-store.server";
import type { DraftSummary } from "./draft-line";

/** Which answers an editor takes back from a redirect: its history's and draft's, an article's move and take-down. */
export const PAGE_CARRIED: CarriedForms = {
  intents: ["restore", "discard-draft", "publish", "take-down"],
  fields: [],
};

export const isPageKind = (value: string): value is PageKind => (PAGE_KINDS as readonly string[]).includes(value);

export function pageEditorPath(kind: PageKind, name: string): string {
  if (kind === "faq") return faqCategoryEditorPath(name);
  if (kind === "service") return servicePageEditorPath(name);
  return articleEditorPath(name);
}

/** The public page a page of the kind is shown on: a FAQ category is part of /faq. */
export function publicPagePath(kind: PageKind, name: string): string {
  if (kind === "faq") return "/faq";
  if (kind === "service") return `/services/${name}`;
  return articlePath(name);
}

/** Whether the page exists for its editor: a repository category or service, an article on the site or taken down. */
export async function pageExists(db: Kysely<Database>, kind: PageKind, name: string): Promise<boolean> {
  if (kind === "faq") return isFaqCategory(name);
  if (kind === "service") return isServicePage(name);
  const status = await articleStatus(db, name);
  return status !== undefined && status.on !== "moved";
}

/** A draft's fields as the page's file, as publishing them would write it. */
export async function draftFile(
  db: Kysely<Database>,
  kind: PageKind,
  name: string,
  fields: Readonly<Record<string, string>>,
  now: Date,
): Promise<string> {
  const get = (field: string) => fields[field] ?? "";
  if (kind === "faq") return faqCategoryFile(name, formValuesFrom(get)).markdown;
  if (kind === "service" && isServicePage(name)) return servicePageDraftFile(db, name, get);
  return articleDraftFile(db, name, articleValuesFrom(get), now);
}

/**
 * What every editor's page shows beside its form: the answer carried back from its history's or
 * draft's forms, the history, the draft's summary and its fields (the form starts from them when a
 * draft is kept), and where the preview and those forms are.
 */
export async function editorPageData(request: Request, db: Kysely<Database>, kind: PageKind, name: string) {
  const carried = takeCarriedAnswer(request, pageEditorPath(kind, name), [PAGE_CARRIED]);
  const [draft, history] = await Promise.all([readDraft(db, kind, name), pageHistoryEntries(db, kind, name)]);
  const summary: DraftSummary | null = draft
    ? { revision: draft.revision, savedBy: draft.savedBy, savedAt: draft.savedAt.toISOString(), basedOn: draft.basedOn }
    : null;
  const draftFields: Record<string, string> | undefined = draft
    ? { ...draft.fields, draftRevision: String(draft.revision) }
    : undefined;
  return {
    headers: carried.headers,
    draftFields,
    shared: {
      answer: carried.answer,
      history,
      draft: summary,
      previewPath: pagePreviewPath(kind, name),
      widePreviewPath: widePreviewPath(kind, name),
      versionsPath: pageVersionsPath(kind, name),
    },
  };
}
