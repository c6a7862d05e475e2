/**
 * A crawl from the home page and from the sitemap: every internal link, image, script and
 * stylesheet answers, and every in-page anchor (#about, #contact, #chat, …) exists on its page.
 * Links to other hosts (social pages, maps) are listed but not fetched: this machine has no internet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapPaths, startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(async () => server?.stop());

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/**
 * The addresses in a srcset, read as a browser reads them: an address runs to the next space, so a
 * data address keeps the comma inside it, and a comma after the descriptors ends a candidate.
 */
function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  for (let rest = srcset; ;) {
    rest = rest.replace(/^[\s,]+/, "");
    if (!rest) return urls;
    const url = /^\S+/.exec(rest)?.[0] ?? "";
    rest = rest.slice(url.length);
    if (url.endsWith(",")) urls.push(url.replace(/,+$/, ""));
    else {
      urls.push(url);
      rest = rest.replace(/^[^,]*/, "");
    }
  }
}

function references(html: string): { links: string[]; resources: string[] } {
  const attr = (name: string) =>
    [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, "g"))].map((m) => decode(m[1] ?? ""));
  const anchors = [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => decode(m[1] ?? ""));
  const srcsets = attr("srcset").concat(attr("srcSet")).flatMap(srcsetUrls);
  const scriptsAndImages = [...html.matchAll(/<(?:script|img|source|iframe)\s[^>]*src="([^"]*)"/g)].map((m) =>
    decode(m[1] ?? ""),
  );
  const linkTags = [...html.matchAll(/<link\s[^>]*href="([^"]*)"/g)].map((m) => decode(m[1] ?? ""));
  const moduleImports = [...html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+)"/g)].map(
    (m) => m[1] ?? "",
  );
  return {
    links: anchors,
    resources: [...srcsets, ...scriptsAndImages, ...linkTags, ...moduleImports].filter(Boolean),
  };
}

describe("links", () => {
  it("every internal link, resource and anchor resolves", async () => {
    const origin = server.origin;
    const pages = new Map<string, string>();
    const queue = ["/", ...(await sitemapPaths(origin))];
    const checked = new Map<string, number>();
    const problems: string[] = [];
    const external = new Set<string>();

    const check = async (url: URL, from: string) => {
      const key = url.pathname + url.search;
      if (!checked.has(key)) {
        const response = await fetch(url, { redirect: "follow" });
        checked.set(key, response.status);
        if (response.ok && (response.headers.get("content-type") ?? "").includes("text/html"))
          pages.set(new URL(response.url).pathname, await response.text());
      }
      const status = checked.get(key) ?? 0;
      if (status >= 400) problems.push(`${from} → ${key}: ${status}`);
    };

    const seen = new Set<string>();
    while (queue.length) {
      const path = queue.shift() ?? "/";
      if (seen.has(path)) continue;
      seen.add(path);
      await check(new URL(path, origin), "(start)");
      const html = pages.get(path);
      if (!html) continue;
      const { links, resources } = references(html);
      for (const href of [...links, ...resources]) {
        // A data address is the resource itself, carried in the page.
        if (/^(tel|mailto|data):/.test(href)) continue;
        const url = new URL(href, new URL(path, origin));
        if (url.origin !== origin) {
          external.add(url.origin);
          continue;
        }
        await check(url, path);
        if (links.includes(href) && !seen.has(url.pathname)) queue.push(url.pathname);
        if (url.hash) {
          const target = pages.get(new URL(url.pathname, origin).pathname) ?? "";
          const id = decodeURIComponent(url.hash.slice(1));
          if (!target.includes(`id="${id}"`))
            problems.push(`${path} → ${url.pathname}${url.hash}: no element with that id`);
        }
      }
    }
    console.log(
      `links: ${seen.size} pages crawled, ${checked.size} internal URLs checked, other hosts linked: ${[...external].join(", ")}`,
    );
    expect(seen.size).toBeGreaterThanOrEqual(18);
    for (const anchor of ["about", "contact", "chat"]) expect(pages.get("/") ?? "").toContain(`id="${anchor}"`);
    expect(problems).toEqual([]);
  }, 120_000);
});
