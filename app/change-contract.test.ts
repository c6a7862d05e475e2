/**
 * The one way a change is made, held against the code: every transaction opens through
 * inTransaction (or deskChange on it), so what a commit owes (waking the mail and push workers,
 * telling the other instances) runs after it, once; the workers are woken only by queuing; and the
 * audit log is written only by a desk change.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(app).map((file) => ({
  file: path.relative(app, file).split(path.sep).join("/"),
  text: fs.readFileSync(file, "utf8"),
}));

/** The files whose code (not their comments) matches `pattern`. */
function filesCalling(pattern: RegExp): string[] {
  return files
    .filter(({ text }) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "")))
    .map(({ file }) => file)
    .sort();
}

describe("one contract for a change", () => {
  it("opens every transaction through inTransaction, but for the migrations and a restore", () => {
    // A migration and a restore run before or instead of the app: nothing they write owes mail.
    expect(filesCalling(/\.transaction\(\)/)).toEqual([
      "infra/migrations.server.ts",
      "infra/transaction.server.ts",
      "ops/restore.server.ts",
    ]);
  });

  it("wakes the mail and push workers only where a message is queued", () => {
    expect(filesCalling(/\bnudgeMailWorkers\b/)).toEqual(["infra/outbox.server.ts", "infra/push-outbox.server.ts"]);
  });

  it("writes the audit log only inside a desk change", () => {
    expect(filesCalling(/\brecordAudit\(/)).toEqual(["owner/audit.server.ts", "owner/desk-change.server.ts"]);
  });

  it("tells the other instances of a new version only after a commit", () => {
    expect(filesCalling(/\bannounceLiveChange\(\)/)).toEqual(["live/version.server.ts"]);
  });

  it("the guard reads code, not the comments that explain it", () => {
    const probe = /\bnudgeMailWorkers\(\)/;
    expect(probe.test("// calls nudgeMailWorkers() after".replace(/\/\/[^\n]*/g, ""))).toBe(false);
    expect(probe.test("  nudgeMailWorkers();")).toBe(true);
  });
});
