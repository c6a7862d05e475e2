/**
 * Publishing one written page (a service page, a FAQ category, an article): each publish a new
 * version of that page, its whole Markdown file, with who made it and when, in one desk change that
 * moves the live version so every instance renders its pages again.
 *
 * A publish names the version the owner's form was filled from, and is refused as stale when
 * another publish of the same page landed in between, rather than silently undoing it. The check
 * cannot be raced: the change takes the live version's row first, so concurrent publishes queue on
 * it (SQLite has one writer at a time), and the version is part of the table's key.
 *
 * The Markdown is read as the public pages will read it, with the facts in force and with every
 * week of special hours, before it is stored: a page that would not render is never published.
 */
import type { Kysely } from "kysely";
import { firstHiddenCharacter } from "~/forms/plain-text";
import { currentFacts } from "~/facts/facts-source.server";
import type { Database } from "~/infra/schema.server";
import { timestamp, toDate } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange, type DeskChange } from "~/owner/desk-change.server";
import type { HistoryEntry } from "~/owner/version-history";
import { pageProblems } from "./copy-check.server";
import { publishPagePhotos } from "./page-picture-checks.server";
import { kebabCase } from "~/content/markdown";
import { PAGE_KINDS, pageKinds, type PageKind } from "./page-kinds";
import { filesWith, isOffSite, liveFiles, readPublishedPages } from "./site-pages-source.server";
import "./site-page-tables";

/** The largest page file a publish takes: the longest article is about 16 KB. */
export const MAX_PAGE_BYTES = 200_000;

export type PagePublishOutcome =
  | { ok: true; version: number }
  | { ok: false; reason: "stale" | "unchanged"; version: number }
  | { ok: false; reason: "invalid"; problems: string[] };

/** A move to a name that holds a page on the site. */
class Taken extends Error {
  constructor(readonly version: number) {
    super("taken");
  }
}

class Refused extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.reason);
  }
}

async function newestVersion(db: Kysely<Database>, kind: PageKind, name: string) {
  return db
    .selectFrom("site_page_versions")
    .select(["version", "markdown", "moved_to"])
    .where("kind", "=", kind)
    .where("name", "=", name)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

type NewestVersion = NonNullable<Awaited<ReturnType<typeof newestVersion>>>;

const isKeyClash = (error: unknown) =>
  error instanceof Error && /unique|primary key|duplicate key/i.test(error.message);

type Refusal = Extract<PagePublishOutcome, { ok: false }>;

/**
 * One change to a page's versions, made on the version the owner's form showed: the live version
 * moves with it, and it is refused as stale when another change landed on the page in between. A
 * `Refused` thrown inside rolls the change back and is its answer; two changes racing on the same
 * version clash on the table's key, and the second is answered as stale.
 */
async function changeOnVersion<T>(
  db: Kysely<Database>,
  actor: Actor | null,
  now: Date,
  page: { kind: PageKind; name: string; basedOn: number },
  change: (at: DeskChange & { newest: NewestVersion | undefined; version: number }) => Promise<T>,
): Promise<T | Refusal> {
  try {
    return await deskChange(db, actor, now, async (desk) => {
      await desk.markLive();
      const newest = await newestVersion(desk.trx, page.kind, page.name);
      const version = Number(newest?.version ?? 0);
      if (version !== page.basedOn) throw new Refused({ ok: false, reason: "stale", version });
      return change({ ...desk, newest, version });
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isKeyClash(error))
      return {
        ok: false,
        reason: "stale",
        version: Number((await newestVersion(db, page.kind, page.name))?.version ?? 0),
      };
    throw error;
  }
}

/** Line endings as the repository's files have them, so a phone's CRLF is no change. */
const normalized = (markdown: string) => markdown.replace(/\r\n?/g, "\n");

/** What is wrong with the file itself, before it is read as a page. */
function fileProblems(kind: PageKind, name: string, markdown: string): string[] {
  if (Buffer.byteLength(markdown) > MAX_PAGE_BYTES)
    return [`the page is longer than ${MAX_PAGE_BYTES / 1000} KB; split it or shorten it`];
  if (!pageKinds[kind].open && !Object.hasOwn(pageKinds[kind].repository, name))
    return [`there is no ${kind === "faq" ? "FAQ category" : "service page"} named "${name}"`];
  const hidden = firstHiddenCharacter(markdown, true);
  if (hidden) return [`the text holds a hidden character (${hidden.codePoint}) that would not show on screen`];
  return [];
}

/**
 * Publishes `markdown` as the version of the page after `basedOn` (0: the repository's file was on
 * the form). `restoredFrom` marks a publish made by 'Restore'.
 */
export async function publishSitePage(
  db: Kysely<Database>,
  actor: Actor | null,
  input: { kind: PageKind; name: string; markdown: string; basedOn: number; restoredFrom?: number },
  now: Date = new Date(),
): Promise<PagePublishOutcome> {
  const { kind, name } = input;
  const markdown = normalized(input.markdown);
  const problems = fileProblems(kind, name, markdown);
  if (problems.length) return { ok: false, reason: "invalid", problems };
  return changeOnVersion(db, actor, now, input, async ({ trx, audit, newest, version }) => {
    const before = newest ? newest.markdown : pageKinds[kind].repository[name];
    if (before === markdown) throw new Refused({ ok: false, reason: "unchanged", version });
    // Read inside the change, after the live version's row is held, beside the kind's other pages
    // as published now: the FAQ's anchors and orders span its categories.
    const files = { ...filesWith(kind, await readPublishedPages(trx, kind)), [name]: markdown };
    const unreadable = pageProblems(kind, files, currentFacts());
    if (unreadable.length) throw new Refused({ ok: false, reason: "invalid", problems: unreadable });
    // The page's photos become public with it, in the same change; one not ready refuses it.
    const photoProblems = await publishPagePhotos(trx, markdown);
    if (photoProblems.length) throw new Refused({ ok: false, reason: "invalid", problems: photoProblems });
    const next = version + 1;
    await trx
      .insertInto("site_page_versions")
      .values({
        kind,
        name,
        version: next,
        markdown,
        published_by: actor?.email ?? "the command line",
        published_at: timestamp(now),
        restored_from: input.restoredFrom ?? null,
      })
      .execute();
    const label = pageKinds[kind].label(name);
    await audit(
      "site-page-published",
      input.restoredFrom
        ? `${label}, version ${next}, restoring version ${input.restoredFrom}`
        : `${label}, version ${next}`,
    );
    return { ok: true as const, version: next };
  });
}

/** What a version did, in the history's words. */
const changesOf = (v: PageVersion) =>
  v.offSite ? (v.movedTo ? `moved to the address ${v.movedTo}` : "taken off the site") : "published from the desk";

/**
 * A page's history as the desk lists it: its versions, then what the site was built with when the
 * repository has the page. A version that took the page off the site has nothing to restore.
 */
export async function pageHistoryEntries(db: Kysely<Database>, kind: PageKind, name: string): Promise<HistoryEntry[]> {
  const versions = await pageHistory(db, kind, name);
  if (versions.length === 0) return [];
  const built: HistoryEntry[] = Object.hasOwn(pageKinds[kind].repository, name)
    ? [{ version: 0, publishedBy: null, publishedAt: null, restoredFrom: null, changes: "the words in the repository" }]
    : [];
  return [
    ...versions.map((v) => ({
      version: v.version,
      publishedBy: v.publishedBy,
      publishedAt: v.publishedAt.toISOString(),
      restoredFrom: v.restoredFrom,
      changes: changesOf(v),
      restorable: !v.offSite,
    })),
    ...built,
  ];
}

/** Versions the desk's history lists, newest first. */
export const PAGE_HISTORY_LISTED = 20;

export interface PageVersion {
  version: number;
  publishedBy: string;
  publishedAt: Date;
  restoredFrom: number | null;
  /** Whether this version took the page off the site, and the name it moved to if it moved. */
  offSite: boolean;
  movedTo: string | null;
}

/** A page's newest versions, newest first. */
export async function pageHistory(db: Kysely<Database>, kind: PageKind, name: string): Promise<PageVersion[]> {
  const rows = await db
    .selectFrom("site_page_versions")
    .select(["version", "published_by", "published_at", "restored_from", "moved_to"])
    .select((eb) => eb(eb.fn("length", ["markdown"]), "=", 0).as("off_site"))
    .where("kind", "=", kind)
    .where("name", "=", name)
    .orderBy("version", "desc")
    .limit(PAGE_HISTORY_LISTED)
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    publishedBy: row.published_by,
    publishedAt: toDate(row.published_at),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    offSite: Boolean(row.off_site),
    movedTo: row.moved_to ?? null,
  }));
}

/** One version's file, for 'Restore': version 0 is the repository's. */
export async function readPageVersion(
  db: Kysely<Database>,
  kind: PageKind,
  name: string,
  version: number,
): Promise<string | undefined> {
  if (version === 0) return pageKinds[kind].repository[name];
  const row = await db
    .selectFrom("site_page_versions")
    .select("markdown")
    .where("kind", "=", kind)
    .where("name", "=", name)
    .where("version", "=", version)
    .executeTakeFirst();
  return row?.markdown;
}

/**
 * Publishes an earlier version of a page again, as the version after `basedOn`: 'Restore'. Undefined
 * when that version is not kept.
 */
export async function restoreSitePage(
  db: Kysely<Database>,
  actor: Actor,
  input: { kind: PageKind; name: string; version: number; basedOn: number },
  now: Date = new Date(),
): Promise<PagePublishOutcome | undefined> {
  const markdown = await readPageVersion(db, input.kind, input.name, input.version);
  if (markdown === undefined) return undefined;
  return publishSitePage(
    db,
    actor,
    { kind: input.kind, name: input.name, markdown, basedOn: input.basedOn, restoredFrom: input.version },
    now,
  );
}

/** The most characters of an article's address after /blog/. */
export const MAX_ADDRESS = 80;

/** Pages of the site whose words link to one of `paths`, as the desk names them. */
function pagesLinkingTo(paths: readonly string[], except: { kind: PageKind; name: string }): string[] {
  const escaped = paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const link = new RegExp(`\\]\\((?:${escaped.join("|")})(?:[#?][^)]*)?\\)`);
  return PAGE_KINDS.flatMap((kind) =>
    Object.entries(liveFiles(kind))
      .filter(([name, markdown]) => !(kind === except.kind && name === except.name) && link.test(markdown))
      .map(([name]) => pageKinds[kind].label(name)),
  );
}

/**
 * Takes a page the owner may add (an article) off the site, as the version after `basedOn`: its
 * address answers 410 from then on, and 'Restore' puts an earlier version back. Refused while
 * another page of the site links to it, since that link would lead nowhere.
 */
export async function takeDownSitePage(
  db: Kysely<Database>,
  actor: Actor,
  /** `paths`: the page's address, and the old addresses that lead to it. */
  input: { kind: PageKind; name: string; paths: readonly string[]; basedOn: number },
  now: Date = new Date(),
): Promise<PagePublishOutcome> {
  const { kind, name } = input;
  if (!pageKinds[kind].open) return { ok: false, reason: "invalid", problems: ["this page cannot be taken down"] };
  return changeOnVersion(db, actor, now, input, async ({ trx, audit, newest, version }) => {
    if (newest ? isOffSite(newest) : !Object.hasOwn(pageKinds[kind].repository, name))
      throw new Refused({ ok: false, reason: "unchanged", version });
    const linking = pagesLinkingTo(input.paths, input);
    if (linking.length)
      throw new Refused({
        ok: false,
        reason: "invalid",
        problems: [`${linking.join(", ")} ${linking.length === 1 ? "links" : "link"} to it: change that link first`],
      });
    const next = version + 1;
    await trx
      .insertInto("site_page_versions")
      .values({
        kind,
        name,
        version: next,
        markdown: "",
        published_by: actor.email,
        published_at: timestamp(now),
        restored_from: null,
      })
      .execute();
    await audit("site-page-taken-down", `${pageKinds[kind].label(name)}, version ${next}`);
    return { ok: true as const, version: next };
  });
}

export type PageMoveOutcome = PagePublishOutcome | { ok: false; reason: "taken"; version: number };

/**
 * Publishes a page the owner may add (an article) under a new name, `markdown` naming it so, and
 * takes the old name off the site as moved there, in one change: the old address then answers with
 * a permanent redirect. The new name must hold no page on the site; one taken down before may be
 * used again, its versions going on from its last.
 */
export async function moveSitePage(
  db: Kysely<Database>,
  actor: Actor,
  input: { kind: PageKind; name: string; to: string; markdown: string; basedOn: number },
  now: Date = new Date(),
): Promise<PageMoveOutcome> {
  const { kind, name, to } = input;
  const markdown = normalized(input.markdown);
  if (!pageKinds[kind].open) return { ok: false, reason: "invalid", problems: ["this page cannot move"] };
  if (!kebabCase.test(to) || to.length > MAX_ADDRESS)
    return { ok: false, reason: "invalid", problems: ["the address takes lower-case letters, digits and dashes"] };
  const problems = fileProblems(kind, to, markdown);
  if (problems.length) return { ok: false, reason: "invalid", problems };
  try {
    return await changeOnVersion(db, actor, now, input, async ({ trx, audit, version }) => {
      const published = await readPublishedPages(trx, kind);
      const files = filesWith(kind, published);
      if (!Object.hasOwn(files, name)) throw new Refused({ ok: false, reason: "stale", version });
      if (Object.hasOwn(files, to)) throw new Taken(version);
      const { [name]: _moved, ...others } = files;
      const unreadable = pageProblems(kind, { ...others, [to]: markdown }, currentFacts());
      if (unreadable.length) throw new Refused({ ok: false, reason: "invalid", problems: unreadable });
      const photoProblems = await publishPagePhotos(trx, markdown);
      if (photoProblems.length) throw new Refused({ ok: false, reason: "invalid", problems: photoProblems });
      const targetVersion = Number((await newestVersion(trx, kind, to))?.version ?? 0) + 1;
      const row = { kind, published_by: actor.email, published_at: timestamp(now), restored_from: null };
      await trx
        .insertInto("site_page_versions")
        .values([
          { ...row, name, version: version + 1, markdown: "", moved_to: to },
          { ...row, name: to, version: targetVersion, markdown },
        ])
        .execute();
      await audit("site-page-moved", `${pageKinds[kind].label(name)} moved to ${to}, version ${targetVersion} there`);
      return { ok: true as const, version: targetVersion };
    });
  } catch (error) {
    if (error instanceof Taken) return { ok: false, reason: "taken", version: error.version };
    throw error;
  }
}
