import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FormParseError, parseFormRequest, removeStaleUploads, SPOOL_PREFIX, type FormLimits } from "./uploads.server";

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
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(unrelated, twoHoursAgo, twoHoursAgo);

    expect(await removeStaleUploads(spoolDir)).toBe(1);
    expect(fs.readdirSync(spoolDir).sort()).toEqual([`${SPOOL_PREFIX}current`, "someone-elses-folder"]);
  });
});
