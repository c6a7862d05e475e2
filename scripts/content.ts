/**
 * `npm run content -- export [--to <folder>]`: writes what the owner published from the desk back
 * into the repository's files, in the format the build reads, so a developer can commit it and the
 * next build (and every new install) starts from it. The business facts go to
 * `app/content/business-facts.json`; each published service page, FAQ category and article to its
 * Markdown file in `app/content/services/`, `faq/` and `blog/`. Reads the same configuration as the server (DATA_DIR or
 * DATABASE_URL). Run with --help.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import prettier from "prettier";
import { ownerPhotoId, ownerPhotoRefs } from "~/content/owner-photos";
import type { Database } from "~/infra/schema.server";
import type { BusinessFacts } from "~/content/business-facts";
import { openMigratedDatabase } from "~/infra/db.server";
import { readPublishedFacts } from "~/facts/facts-source.server";
import { PAGE_KINDS, pageFile } from "~/site-pages/page-kinds";
import { readPublishedPages } from "~/site-pages/site-pages-source.server";
import type { Env } from "~/settings/env.server";
import { localTime, runWhenInvoked, type CommandIo } from "./command";

const HELP = `Usage: npm run content -- export [--to <folder>]

  export           write what the desk published into the repository's files: the business
                   facts to app/content/business-facts.json, each service page, FAQ category
                   and article to its Markdown file in app/content/services/, faq/ and blog/,
                   and the photos they show to images/src/
  --to <folder>    the repository to write into (default: this one)

Nothing is written while the desk has published nothing: the files already hold what is in force.
The database is the server's: DATABASE_URL if set, else DATA_DIR/site.db (DATA_DIR defaults to ./data).`;

export const FACTS_FILE = "app/content/business-facts.json";

/** The facts as the repository keeps them: JSON laid out by the repository's own formatter settings. */
export async function factsFileText(facts: BusinessFacts, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(facts, null, 2), { ...options, filepath: file });
}

/**
 * The owner's photos a page names, written beside the build's pictures (its largest WebP, already
 * stripped of metadata) under the name the page gives them, so the build makes them and the page
 * draws them with no database. A photo already there is left as it is: a name never shows other bytes.
 */
async function writePagePhotos(db: Kysely<Database>, root: string, markdown: string): Promise<string[]> {
  const written: string[] = [];
  for (const ref of ownerPhotoRefs(markdown)) {
    const relative = `images/src/${ref}.webp`;
    const file = path.join(root, relative);
    if (await fs.stat(file).catch(() => undefined)) continue;
    const largest = await db
      .selectFrom("site_photo_files")
      .select("data")
      .where("photo_id", "=", ownerPhotoId(ref))
      .where("format", "=", "webp")
      .orderBy("width", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!largest) continue;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, largest.data);
    written.push(`Wrote ${relative}: a photo the page shows.`);
  }
  return written;
}

export async function runContentCommand(
  argv: readonly string[],
  env: Env,
  io: CommandIo,
  cwd: string = process.cwd(),
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "help" || command === "--help" || command === undefined) {
    io.out(HELP);
    return command === undefined ? 2 : 0;
  }
  const toAt = rest.indexOf("--to");
  const to = toAt >= 0 ? rest[toAt + 1] : undefined;
  if (command !== "export" || (toAt >= 0 && !to) || rest.length !== (toAt >= 0 ? 2 : 0)) {
    io.err(
      `content: ${command === "export" ? "export takes only --to <folder>" : `unknown command "${command}"`}\n\n${HELP}`,
    );
    return 2;
  }
  const root = path.resolve(cwd, to ?? ".");
  const handle = await openMigratedDatabase(env);
  try {
    const written: string[] = [];
    const published = await readPublishedFacts(handle.db);
    if (published) {
      const file = path.join(root, FACTS_FILE);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, await factsFileText(published.facts, file));
      written.push(
        `Wrote ${FACTS_FILE}: version ${published.version}, published by ${published.publishedBy} at ${localTime(published.publishedAt)}.`,
      );
    }
    for (const kind of PAGE_KINDS)
      for (const page of await readPublishedPages(handle.db, kind)) {
        // The stored page is the whole file as the build reads it; only the line end is the repository's.
        const relative = pageFile(kind, page.name);
        const file = path.join(root, relative);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, page.markdown.endsWith("\n") ? page.markdown : `${page.markdown}\n`);
        written.push(
          `Wrote ${relative}: version ${page.version}, published by ${page.publishedBy} at ${localTime(page.publishedAt)}.`,
        );
        written.push(...(await writePagePhotos(handle.db, root, page.markdown)));
      }
    io.out(
      written.length
        ? written.join("\n")
        : "Nothing published from the desk yet: the repository's files are the ones in force.",
    );
    return 0;
  } finally {
    await handle.close();
  }
}

await runWhenInvoked(import.meta.url, "content", runContentCommand);
