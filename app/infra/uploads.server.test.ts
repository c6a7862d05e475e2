import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  FormParseError,
  parseFormRequest,
  readLimitedText,
  readSmallForm,
  readSmallJson,
  removeStaleUploads,
  SPOOL_PREFIX,
  type FormLimits,
} from "./uploads.server";

let spoolDir: string;
beforeEach(() => {
  spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
});
afterEach(() => {
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

const limits = (): FormLimits => ({
  maxFiles: 3,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 1536 * 1024,
  maxFields: 10,
  maxFieldBytes: 1024,
  isFileField: (name) => name === "photos",
  spoolDir,
});

function post(files: { name: string; bytes: Buffer }[], field = "photos"): Request {
  const form = new FormData();
  form.set("name", "Jane");
  for (const file of files) form.append(field, new File([new Uint8Array(file.bytes)], file.name));
  return new Request("http://localhost/estimate", { method: "POST", body: form });
}

/** Everything left in the spool folder, however deep. */
const leftovers = () => fs.readdirSync(spoolDir, { recursive: true });

describe("reading a form with files", () => {
  it("keeps each file on disk, byte for byte and in order, until the form is disposed of", async () => {
    const first = Buffer.alloc(700 * 1024, 1);
    const second = Buffer.from("second photo");
    const form = await parseFormRequest(
      post([
        { name: "a.jpg", bytes: first },
        { name: "b.jpg", bytes: second },
      ]),
      limits(),
    );

    expect(form.fields.get("name")).toBe("Jane");
    expect(form.files.map((file) => [file.fileName, file.size])).toEqual([
      ["a.jpg", first.length],
      ["b.jpg", second.length],
    ]);
    expect(fs.readFileSync(form.files[0]!.path).equals(first)).toBe(true);
    expect(fs.readFileSync(form.files[1]!.path).equals(second)).toBe(true);
    expect((fs.statSync(form.files[0]!.path).mode & 0o777).toString(8)).toBe("600");

    await form.dispose();
    expect(leftovers()).toEqual([]);
  });

  it("leaves nothing behind when it refuses the form", async () => {
    const tooLarge = post([{ name: "big.jpg", bytes: Buffer.alloc(1100 * 1024, 2) }]);
    await expect(parseFormRequest(tooLarge, limits())).rejects.toMatchObject({ reason: "file-too-large" });
    expect(leftovers()).toEqual([]);

    const tooMuch = post([
      { name: "a.jpg", bytes: Buffer.alloc(900 * 1024, 3) },
      { name: "b.jpg", bytes: Buffer.alloc(900 * 1024, 4) },
    ]);
    await expect(parseFormRequest(tooMuch, limits())).rejects.toBeInstanceOf(FormParseError);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a body sent without its length once it passes the ceiling, as one that declares it", async () => {
    // One field that never ends: past its own bound it is cut short, and the body is still read.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("name="));
      },
      pull(controller) {
        sent += chunk.byteLength;
        // Far past the ceiling (the total plus room for part headers) if nothing stops it.
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = new Request("http://localhost/estimate", {
      method: "POST",
      body: endless,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    await expect(parseFormRequest(chunked, limits())).rejects.toMatchObject({ reason: "total-too-large" });
  });

  it("writes nothing for a form without files or with files under other names", async () => {
    const form = await parseFormRequest(post([{ name: "x.txt", bytes: Buffer.from("x") }], "other"), limits());
    expect(form.files).toEqual([]);
    expect(leftovers()).toEqual([]);
    await form.dispose();
  });
});

describe("uploads left behind by a killed process", () => {
  it("are deleted once older than any request, while a request's folder in progress is kept", async () => {
    const stale = path.join(spoolDir, `${SPOOL_PREFIX}stale`);
    const current = path.join(spoolDir, `${SPOOL_PREFIX}current`);
    const unrelated = path.join(spoolDir, "someone-elses-folder");
    for (const folder of [stale, current, unrelated]) {
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, "0"), "photo");
    }
    // Every folder's time is set from the process's own clock, which the sweep compares with.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(current, new Date(), new Date());
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(unrelated, twoHoursAgo, twoHoursAgo);

    expect(await removeStaleUploads(spoolDir)).toBe(1);
    expect(fs.readdirSync(spoolDir).sort()).toEqual([`${SPOOL_PREFIX}current`, "someone-elses-folder"]);
  });
});

/** A body sent in `chunks` of `chunkBytes`, recording how much was read and whether reading was cut off. */
function streamed(chunks: number, chunkBytes: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent++;
      seen.pulled += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const init = { method: "POST", body, headers, duplex: "half" as const };
  return { request: new Request("http://localhost/owner/passkey", init), seen };
}

async function refusal(read: Promise<unknown>): Promise<Response> {
  const thrown = await read.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error("expected a Response to be thrown");
  return thrown;
}

describe("reading a small body", () => {
  const text = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/newsletter", { method: "POST", body, headers });

  it("reads text up to the limit and refuses one byte more, by its declared length or as it arrives", async () => {
    expect(await readLimitedText(text("héllo"), 6)).toBe("héllo");
    await expect(readLimitedText(text("héllo!"), 6)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readLimitedText(text("", { "Content-Length": "7" }), 6)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(await readLimitedText(new Request("http://localhost/newsletter", { method: "POST" }), 6)).toBe("");

    const { request, seen } = streamed(10, 1024);
    await expect(readLimitedText(request, 2048)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(4 * 1024);
  });

  it("refuses a form whose one value passes its limit rather than keeping it cut short", async () => {
    const form = (title: string) =>
      new Request("http://localhost/owner/site/articles/new", {
        method: "POST",
        body: new URLSearchParams({ intent: "start-article", title }),
      });
    expect((await readSmallForm(form("Deck footings"), 20, 1024)).get("title")).toBe("Deck footings");
    const refused = await refusal(readSmallForm(form("x".repeat(2000)), 20, 1024));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("The form is too large.");
  });

  it("reads JSON, answers a body that is not JSON with undefined, and one too large with a 413", async () => {
    expect(await readSmallJson(text('{"intent":"sign-in"}'))).toEqual({ intent: "sign-in" });
    expect(await readSmallJson(text('{"intent": '))).toBeUndefined();
    expect(await readSmallJson(new Request("http://localhost/owner/passkey", { method: "POST" }))).toBeUndefined();
    expect(await readSmallJson(text(JSON.stringify("x".repeat(8)), { "Content-Length": "10" }), 10)).toBe(
      "x".repeat(8),
    );

    const over = await refusal(readSmallJson(text(JSON.stringify("x".repeat(9))), 10));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: "The request is too large." });
  });

  it("reads a JSON body somewhat over the limit to its end before refusing it, and cuts off a far larger one", async () => {
    const drained = streamed(200, 1024);
    expect((await refusal(readSmallJson(drained.request))).status).toBe(413);
    expect(drained.seen).toEqual({ pulled: 200 * 1024, cancelled: false });

    const endless = streamed(10_000, 1024);
    expect((await refusal(readSmallJson(endless.request))).status).toBe(413);
    expect(endless.seen.cancelled).toBe(true);
    expect(endless.seen.pulled).toBeLessThan(1200 * 1024);

    const declared = streamed(10_000, 1024, { "Content-Length": String(2 * 1024 * 1024) });
    expect((await refusal(readSmallJson(declared.request))).status).toBe(413);
    expect(declared.seen.pulled).toBeLessThanOrEqual(1024);
  });
});
