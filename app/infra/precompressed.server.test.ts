import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../tests/support/raw-request";
import { chooseEncoding, loadStaticFile, loadTextFiles, sendStaticFile } from "./precompressed.server";

describe("choosing an encoding", () => {
  const all = ["br", "gzip", "identity"] as const;
  it("prefers the smallest the client accepts, and honours q-values", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", all)).toBe("br");
    expect(chooseEncoding("gzip", all)).toBe("gzip");
    expect(chooseEncoding("x-gzip", all)).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip", all)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", all)).toBe("identity");
    expect(chooseEncoding("*", all)).toBe("br");
    expect(chooseEncoding("BR", all)).toBe("br");
  });
  it("sends the file as it is when nothing compressed is accepted or made", () => {
    expect(chooseEncoding(undefined, all)).toBe("identity");
    expect(chooseEncoding("", all)).toBe("identity");
    expect(chooseEncoding("deflate", all)).toBe("identity");
    expect(chooseEncoding("br", ["identity"])).toBe("identity");
    expect(chooseEncoding("gzip;q=banana", all)).toBe("gzip");
  });
  it("finds nothing acceptable when identity is refused and nothing else is there", () => {
    expect(chooseEncoding("identity;q=0", ["identity"])).toBeUndefined();
    expect(chooseEncoding("*;q=0", ["identity"])).toBeUndefined();
    expect(chooseEncoding("*;q=0, identity", ["identity"])).toBe("identity");
  });
});

describe("serving a file in its encodings", () => {
  let dir: string;
  let server: http.Server;
  let origin: string;
  const text = Buffer.from("<p>Hello from the shore</p>\n".repeat(200));
  const br = zlib.brotliCompressSync(text);
  const gz = zlib.gzipSync(text);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "page.html"), text);
    fs.writeFileSync(path.join(dir, "page.html.br"), br);
    fs.writeFileSync(path.join(dir, "page.html.gz"), gz);
    fs.writeFileSync(path.join(dir, "assets", "a.js"), "console.log(1)");
    fs.writeFileSync(path.join(dir, "photo.jpg"), "not text");
    const file = loadStaticFile(path.join(dir, "page.html"), {
      contentType: "text/html; charset=utf-8",
      cacheControl: "no-cache",
      headers: { "X-Page": "yes" },
    });
    server = http.createServer((req, res) => sendStaticFile(req, res, file));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string>, method = "GET") => rawRequest(origin, "/", { method, headers });

  it("sends the build's brotli, gzip or plain bytes, each with its own length and ETag", async () => {
    const b = await get({ "accept-encoding": "gzip, br" });
    const g = await get({ "accept-encoding": "gzip" });
    const i = await get({});
    expect([b.headers["content-encoding"], g.headers["content-encoding"], i.headers["content-encoding"]]).toEqual([
      "br",
      "gzip",
      undefined,
    ]);
    expect(b.body.equals(br)).toBe(true);
    expect(g.body.equals(gz)).toBe(true);
    expect(i.body.equals(text)).toBe(true);
    for (const r of [b, g, i]) {
      expect(r.headers.vary).toBe("Accept-Encoding");
      expect(r.headers["content-length"]).toBe(String(r.body.length));
      expect(r.headers["x-page"]).toBe("yes");
    }
    expect(new Set([b.headers.etag, g.headers.etag, i.headers.etag]).size).toBe(3);
  });

  it("answers HEAD with the headers only, and 304 for the client's current copy of that encoding", async () => {
    const head = await get({ "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(br.length));
    const etag = head.headers.etag ?? "";
    expect((await get({ "accept-encoding": "br", "if-none-match": etag })).status).toBe(304);
    expect((await get({ "accept-encoding": "br", "if-none-match": `W/${etag}` })).status).toBe(304);
    // The gzip copy's ETag differs, so a client switching encodings gets the bytes again.
    expect((await get({ "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
  });

  it("serves one range of the chosen encoding, 416 past its end, the whole file for several", async () => {
    const part = await get({ "accept-encoding": "gzip", range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${gz.length}`);
    expect(part.body.equals(gz.subarray(0, 10))).toBe(true);
    const tail = await get({ range: "bytes=-5" });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(text.subarray(text.length - 5))).toBe(true);
    const open = await get({ range: `bytes=${text.length - 3}-` });
    expect(open.body.equals(text.subarray(text.length - 3))).toBe(true);
    const beyond = await get({ range: `bytes=${text.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${text.length}`);
    const several = await get({ range: "bytes=0-1,4-5" });
    expect(several.status).toBe(200);
    expect(several.body.equals(text)).toBe(true);
    // A range of an older copy is not spliced onto this one.
    const stale = await get({ range: "bytes=0-9", "if-range": '"old"' });
    expect(stale.status).toBe(200);
  });

  it("answers 406 when the client refuses every encoding there is", async () => {
    const plainOnly = loadStaticFile(path.join(dir, "assets", "a.js"), {
      contentType: "text/javascript",
      cacheControl: "x",
    });
    const other = http.createServer((req, res) => sendStaticFile(req, res, plainOnly));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}`, {
      headers: { "accept-encoding": "br, identity;q=0" },
    });
    expect(response.status).toBe(406);
    await new Promise((resolve) => other.close(resolve));
  });

  it("loads the text files of a folder by URL path, leaving out what it is told to", () => {
    const files = loadTextFiles(
      dir,
      "",
      (f) => (f.startsWith("assets/") ? "immutable" : "short"),
      (f) => f.endsWith(".html"),
    );
    expect([...files.keys()]).toEqual(["/assets/a.js"]);
    expect(files.get("/assets/a.js")?.cacheControl).toBe("immutable");
  });
});
