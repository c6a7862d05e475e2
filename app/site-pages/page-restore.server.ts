/**
 * 'Restore' on a page editor's history: the version named is published again as a new one. Posted
 * to the pages' history route for every editor (`routes/owner.site-page-versions.ts`), which shows
 * the answer on the editor; the editor then reads what is live.
 */
import type { Kysely } from "kysely";
import type { IntentForm } from "~/infra/intents.server";
import { answerDone, answerRefused, type Answered } from "~/infra/page-post.server";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import type { PageKind } from "./page-kinds";
import { restoreSitePage } from "./site-pages-store.server";

const versionWords = (version: number) => (version === 0 ? "what the site was built with" : `version ${version}`);

export async function answerRestore(
  db: Kysely<Database>,
  actor: Actor,
  page: { kind: PageKind; name: string },
  form: IntentForm,
  after: { publishedSays: string; stale: string },
): Promise<Answered> {
  const number = (field: string) => {
    const value = form.get(field);
    return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
  };
  const version = number("version");
  const basedOn = number("basedOn");
  const notKept = () => answerRefused("restore", 404, { form: "That version is not kept." });
  if (version === undefined || basedOn === undefined) return notKept();
  const outcome = await restoreSitePage(db, actor, { ...page, version, basedOn });
  if (!outcome) return notKept();
  if (outcome.ok)
    return answerDone(
      "restore",
      `Restored ${versionWords(version)} as version ${outcome.version}. ${after.publishedSays}`,
    );
  if (outcome.reason === "invalid")
    return answerRefused("restore", 400, {
      form: `Nothing was published: ${versionWords(version)} no longer reads with the facts in force (${outcome.problems[0] ?? ""}).`,
    });
  if (outcome.reason === "stale") return answerRefused("restore", 409, { form: after.stale });
  return answerDone("restore", `Nothing was published: ${versionWords(version)} is what is live already.`);
}
