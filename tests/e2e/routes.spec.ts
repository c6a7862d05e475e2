/** Every public route answers with its status, title, heading, canonical link and JSON-LD. */
import { expect, test } from "../support/e2e";

const pages: [path: string, title: RegExp, canonical: string, jsonLdType: string][] = [
  ["/", /Causeway Home Repair/, "/", "GeneralContractor"],
  ["/services", /Home Services for Long Beach Island/, "/services", "ItemList"],
  ["/services/bathroom-renovations", /Bathroom/, "/services/bathroom-renovations", "Service"],
  ["/services/decks-and-stairs", /Deck/, "/services/decks-and-stairs", "Service"],
  ["/services/andersen-windows", /Andersen/, "/services/andersen-windows", "Service"],
  ["/services/handyman-services", /Handyman/, "/services/handyman-services", "Service"],
  ["/services/carpentry", /Carpentry/i, "/services/carpentry", "Service"],
  ["/services/ground-level-remodeling", /Ground Level/i, "/services/ground-level-remodeling", "Service"],
  ["/services/home-watch", /Home Watch/i, "/services/home-watch", "Service"],
  ["/services/outdoor-showers", /Outdoor Shower/i, "/services/outdoor-showers", "Service"],
  ["/estimate", /Request Your Free Estimate/, "/estimate", "BreadcrumbList"],
  ["/faq", /Frequently Asked Questions/, "/faq", "FAQPage"],
  ["/blog", /Blog/, "/blog", "BreadcrumbList"],
  [
    "/blog/andersen-windows-professional-handyman-services",
    /Andersen/,
    "/blog/andersen-windows-professional-handyman-services",
    "BlogPosting",
  ],
  ["/blog/pre-storm-checklist-lbi-shore-homes", /Storm/i, "/blog/pre-storm-checklist-lbi-shore-homes", "BlogPosting"],
  ["/blog/off-season-home-watch-lbi", /Home Watch/i, "/blog/off-season-home-watch-lbi", "BlogPosting"],
  ["/blog/drywall-patching-guide", /Drywall/, "/blog/drywall-patching-guide", "BlogPosting"],
  ["/privacy", /Privacy/, "/privacy", "BreadcrumbList"],
];

const aliases: [alias: string, primary: string][] = [
  ["/windows-and-doors", "/services/andersen-windows"],
  ["/decks-and-stairs", "/services/decks-and-stairs"],
  ["/bathroom", "/services/bathroom-renovations"],
  ["/testimonials", "/faq"],
  ["/ground-level-remodeling", "/services/ground-level-remodeling"],
  ["/outdoor-showers", "/services/outdoor-showers"],
  ["/carpentry", "/services/carpentry"],
];

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => (JSON.parse(m[1] ?? "{}") as { "@type": string })["@type"],
  );

test.describe("prerendered HTML, read without JavaScript", () => {
  for (const [path, title, canonical, type] of pages) {
    test(`${path} answers 200 with its title, h1, canonical and JSON-LD`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(title);
      expect(html).toMatch(/<h1[\s>]/);
      expect(new URL(canonicalOf(html) ?? "x:").pathname).toBe(canonical);
      expect(jsonLdTypes(html)).toContain(type);
      expect(html).not.toContain('rel="modulepreload"');
    });
  }

  for (const [alias, primary] of aliases) {
    test(`alias ${alias} shows ${primary} with a canonical link to it`, async ({ request }) => {
      const [aliased, original] = await Promise.all([request.get(alias, { maxRedirects: 0 }), request.get(primary)]);
      expect(aliased.status()).toBe(200);
      const html = await aliased.text();
      expect(new URL(canonicalOf(html) ?? "x:").pathname).toBe(primary);
      const h1 = (text: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)?.[1];
      expect(h1(html)).toBe(h1(await original.text()));
    });
  }

  test("a clean URL is served directly and a trailing slash redirects to it", async ({ request }) => {
    expect((await request.get("/services", { maxRedirects: 0 })).status()).toBe(200);
    const slash = await request.get("/services/", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe("/services");
  });

  test("HEAD works on pages", async ({ request }) => {
    const response = await request.head("/faq");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
  });

  test("/contact redirects permanently to the home page's contact section", async ({ request }) => {
    const response = await request.get("/contact", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/#contact");
  });

  test("sitemap lists every page once, aliases excluded, with priorities", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    for (const [path] of pages) expect(locs).toContain(path);
    for (const [alias] of aliases) expect(locs).not.toContain(alias);
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).toMatch(/<loc>[^<]*\/<\/loc>\s*<changefreq>weekly<\/changefreq>\s*<priority>1\.0<\/priority>/);
    expect(xml).toMatch(/drywall-patching-guide<\/loc>\s*<lastmod>2025-09-17<\/lastmod>/);
  });

  test("robots.txt allows all but the owner's desk and names the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    expect(text).toContain("Disallow: /owner");
    expect(text).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });

  test("assets are cached for a year and pages carry security headers", async ({ request }) => {
    const page = await request.get("/");
    const headers = page.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const asset = /src="(\/assets\/[^"]+\.js)"|import\("(\/assets\/[^"]+\.js)"\)/.exec(await page.text());
    const assetPath = asset?.[1] ?? asset?.[2];
    expect(assetPath).toBeTruthy();
    const assetResponse = await request.get(assetPath ?? "");
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("responses are compressed", async ({ request }) => {
    const response = await request.get("/faq", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("/healthz answers 200", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
  });
});

test.describe("not found and errors", () => {
  test("an unknown path answers 404 with the not-found page, logged to the console", async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(/status of 404/, /404 Error: User attempted/);
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => messages.some((m) => m.includes("/no-such-page"))).toBe(true);
  });

  test("an unknown article or service answers 404 too", async ({ request }) => {
    expect((await request.get("/blog/no-such-article")).status()).toBe(404);
    expect((await request.get("/services/no-such-service")).status()).toBe(404);
  });

  test("an unexpected error shows the error screen with status and message", async ({ request }) => {
    // The FAQ page takes no form posts, so React Router answers 405 through the root error boundary.
    const response = await request.post("/faq", { form: { x: "1" } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("405");
    expect(html).not.toMatch(/at \w+ \(/);
  });
});
