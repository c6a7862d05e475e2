/**
 * What each page editor (a FAQ category, a service page, an article) shows around its form: the
 * way back, the page's name, what is live, the draft, the answer to the last thing done, and after
 * the form the page's history.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { headline, type ChangeAnswer } from "~/forms/change-answer";
import { Notice } from "~/owner/desk-frame";
import { LiveVersionLine, VersionHistory, type HistoryEntry } from "~/owner/version-history";
import { DraftLine, type DraftSummary } from "./draft-line";

/** What every editor's loader hands over beside its form (`editorPageData`). */
export interface EditorShared {
  history: HistoryEntry[];
  draft: DraftSummary | null;
  previewPath: string;
  widePreviewPath: string;
  versionsPath: string;
}

export function EditorFrame({
  back,
  title,
  live,
  built,
  shared,
  answer,
  busy,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  live: { version: number; publishedBy: string | null; publishedAt: string | null };
  /** What version 0 is, in words ("the words the site was built with"). */
  built: string;
  shared: EditorShared;
  answer: ChangeAnswer | undefined;
  busy: boolean;
  children: ReactNode;
}) {
  const shown = headline(answer);
  return (
    <>
      <p>
        <Link to={back.to} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          {back.label}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
      <LiveVersionLine live={live} built={built} />
      <DraftLine
        draft={shared.draft}
        previewPath={shared.previewPath}
        widePreviewPath={shared.widePreviewPath}
        versionsPath={shared.versionsPath}
        busy={busy}
      />
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {children}
      <VersionHistory
        id="page-history"
        entries={shared.history}
        liveVersion={live.version}
        busy={busy}
        action={shared.versionsPath}
      />
    </>
  );
}
