/**
 * The built server sends the brotli and gzip copies the build made, by content negotiation: the
 * same bytes as the files on disk, so nothing is compressed per request for pages and assets.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { rawRequest, type RawAnswer } from "../support/raw-request";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(async () => server?.stop());

function raw(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return rawRequest(server.origin, urlPath, { method, headers });
}

function firstScript(): string {
  const html = fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
  const src = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error("no script in the home page");
  return src;
}

describe("precompressed pages and assets", () => {
  for (const [urlPath, file] of [
    ["/", "index.html"],
    ["/services/carpentry", "services/carpentry/index.html"],
    ["/sitemap.xml", "sitemap.xml"],
  ] as const)
    it(`${urlPath}: brotli, gzip and plain bytes are the build's files`, async () => {
      const onDisk = (suffix: string) => fs.readFileSync(path.join(clientDir, file + suffix));
      const br = await raw(urlPath, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.body.equals(onDisk(".br"))).toBe(true);
      const gzip = await raw(urlPath, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.body.equals(onDisk(".gz"))).toBe(true);
      // Not accepted: sent as it is. Deflate alone is not made at build, and not made here either.
      const plainAccepts: Record<string, string>[] = [
        {},
        { "accept-encoding": "identity" },
        { "accept-encoding": "deflate" },
      ];
      for (const accept of plainAccepts) {
        const plain = await raw(urlPath, accept);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.body.equals(onDisk(""))).toBe(true);
      }
      for (const r of [br, gzip]) {
        expect(r.headers.vary).toContain("Accept-Encoding");
        expect(r.headers["content-length"]).toBe(String(r.body.length));
      }
      expect(br.headers.etag).not.toBe(gzip.headers.etag);
      if (file.endsWith(".html")) expect(br.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    });

  it("a script under /assets comes compressed, cached for a year", async () => {
    const script = firstScript();
    const br = await raw(script, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.body.equals(fs.readFileSync(path.join(clientDir, `${script}.br`)))).toBe(true);
  });

  it("HEAD gives the headers of the chosen encoding without a body", async () => {
    const head = await raw("/", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(fs.statSync(path.join(clientDir, "index.html.br")).size));
  });

  it("answers a current ETag with 304 and serves byte ranges of the chosen encoding", async () => {
    const first = await raw("/", { "accept-encoding": "gzip" });
    const again = await raw("/", { "accept-encoding": "gzip", "if-none-match": first.headers.etag ?? "" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const part = await raw("/", { "accept-encoding": "gzip", range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${first.body.length}`);
    expect(part.body.equals(first.body.subarray(10, 20))).toBe(true);
    const beyond = await raw("/", { range: "bytes=99999999-" });
    expect(beyond.status).toBe(416);
  });

  it("what is rendered per request (the 404 page) is still compressed on the fly", async () => {
    const missing = await raw("/no-such-page", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
  });
});
