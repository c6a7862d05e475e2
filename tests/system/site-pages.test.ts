/**
 * The written pages against the built server: a service page and a new article published as
 * versions of their Markdown reach every page, the sitemap and the feed of every instance within
 * seconds, with the page's own script hashes, and publishing the repository's file again serves the
 * build's own bytes. Prints the time from a publish to the page on the last instance.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { articleFiles } from "~/content/articles.server";
import { serviceFiles } from "~/content/service-pages.server";
import { publishSitePage } from "~/site-pages/site-pages-store.server";
import { builtSites, postgresForThisFile, stopAfterEachTest, waitFor, whileServerRuns } from "../support/system";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");
const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const DECKS = "decks-and-stairs";
const OLD_HEADING = "Decks and stairs for raised shore homes, built to take the weather";
const NEW_HEADING = "Decks and stairs in PVC, composite or pressure-treated, built for the weather";
const decksFile = serviceFiles[DECKS] ?? "";
const SLUG = "deck-footings-after-a-noreaster";
const TITLE = "Checking Deck Footings After a Nor'easter";

const article = (articleFiles["drywall-patching-guide"] ?? "")
  .replace("id: 4", "id: 5")
  .replace("slug: drywall-patching-guide", `slug: ${SLUG}`)
  .replace(/^title: .*$/m, `title: "${TITLE}"`)
  .replace("date: 2025-09-17\ndateModified: 2025-09-17", "date: 2026-11-20\ndateModified: 2026-11-20");

const text = async (origin: string, urlPath: string) => (await fetch(`${origin}${urlPath}`)).text();
const builtDecks = () => fs.readFileSync(path.join(clientDir, "services", DECKS, "index.html"), "utf8");

describe.each([
  ["postgres", 2],
  ["sqlite", 1],
] as const)("written pages on %s", (backend, instances) => {
  it(`reach every page of ${instances} instance(s), the sitemap and the feed, and the repository's file serves the build's bytes`, async () => {
    const s = await site(backend, instances);
    const last = s.origins.at(-1) ?? "";
    expect(await text(last, `/services/${DECKS}`)).toBe(builtDecks());
    const published = await whileServerRuns(() =>
      publishSitePage(s.db, null, {
        kind: "service",
        name: DECKS,
        markdown: decksFile.replace(`heading: ${OLD_HEADING}`, `heading: ${NEW_HEADING}`),
        basedOn: 0,
      }),
    );
    expect(published).toEqual({ ok: true, version: 1 });
    const ms = await waitFor(async () => (await text(last, `/services/${DECKS}`)).includes(NEW_HEADING));
    // Published from outside the instances, as a command line would: none is nudged, so this
    // includes up to one two-second poll before the render.
    console.log(
      `site-pages (${backend}): a service page published to it on instance ${instances}: ${Math.round(ms)} ms`,
    );
    for (const origin of s.origins) {
      for (const urlPath of [`/services/${DECKS}`, "/decks-and-stairs"]) {
        const html = await text(origin, urlPath);
        expect(html, urlPath).toContain(`${NEW_HEADING}</h1>`);
        expect(html, urlPath).not.toContain(OLD_HEADING);
      }
      // A client-side navigation reads the same words from the page's data.
      expect(await text(origin, `/services/${DECKS}.data`)).toContain(NEW_HEADING);
    }

    expect(
      await whileServerRuns(() =>
        publishSitePage(s.db, null, { kind: "article", name: SLUG, markdown: article, basedOn: 0 }),
      ),
    ).toEqual({ ok: true, version: 1 });
    for (const origin of s.origins) {
      // Served from the render made once for the publish: the policy names the page's own scripts.
      // (While that render runs, the server answers a page it does not have yet from the new
      // snapshot, with a nonce.)
      await waitFor(async () => {
        const answer = await fetch(`${origin}/blog/${SLUG}`);
        return answer.status === 200 && !(answer.headers.get("content-security-policy") ?? "").includes("nonce-");
      }, 5_000);
      const response = await fetch(`${origin}/blog/${SLUG}`);
      const html = await response.text();
      expect(html).toContain("<h1");
      expect(html).toContain("Checking Deck Footings After a Nor&#x27;easter");
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        (m) => JSON.parse(m[1] ?? "null") as { "@type"?: string; headline?: string },
      );
      expect(jsonLd.find((d) => d["@type"] === "BlogPosting")?.headline).toBe(TITLE);
      const { inlineScriptHashes } = await import("~/infra/finish-page.server");
      const policy = response.headers.get("content-security-policy") ?? "";
      for (const hash of inlineScriptHashes(html)) expect(policy).toContain(`'${hash}'`);
      expect(await text(origin, "/blog")).toContain(`href="/blog/${SLUG}"`);
      expect(await text(origin, "/sitemap.xml")).toContain(`/blog/${SLUG}</loc>`);
      expect(await text(origin, "/blog/rss.xml")).toContain(`<title>${TITLE}</title>`);
    }

    // The repository's own file published again: the page is the build's, byte for byte.
    expect(
      await whileServerRuns(() =>
        publishSitePage(s.db, null, { kind: "service", name: DECKS, markdown: decksFile, basedOn: 1 }),
      ),
    ).toEqual({ ok: true, version: 2 });
    for (const origin of s.origins)
      await waitFor(async () => (await text(origin, `/services/${DECKS}`)) === builtDecks());
  });
});
