import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteLeadMailFiles, mailFileDirectory, mailFileName } from "./mail-files.server";
import { pruneExpiredMailFiles } from "./retention.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const LEAD = "6f1d2c3b-aaaa-4bbb-8ccc-111122223333";
const OTHER_LEAD = "6f1d2c3b-dddd-4eee-8fff-444455556666";

describe("mail files", () => {
  let dataDir: string;
  let directory: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-files-"));
    directory = mailFileDirectory(dataDir);
    await fs.mkdir(directory);
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function write(row: Parameters<typeof mailFileName>[0], ageDays = 0): Promise<string> {
    const file = path.join(directory, mailFileName(row));
    await fs.writeFile(file, "Subject: test\r\n\r\nbody\r\n");
    const when = new Date(Date.now() - ageDays * DAY_MS);
    await fs.utimes(file, when, when);
    return path.basename(file);
  }

  const row = (id: string, kind: string, leadId: string | null) => ({
    id,
    kind,
    lead_id: leadId,
    created_at: "2025-07-04T14:30:00.123Z",
  });

  it("names a file by time, kind and message, and by lead when it is about one", () => {
    expect(mailFileName(row("m1", "lead-owner-notification", LEAD))).toBe(
      `2025-07-04T14-30-00-123Z-lead-owner-notification-m1-lead-${LEAD}.eml`,
    );
    expect(mailFileName(row("m2", "newsletter-confirm", null))).toBe(
      "2025-07-04T14-30-00-123Z-newsletter-confirm-m2.eml",
    );
  });

  it("deletes a lead's files and nobody else's", async () => {
    await write(row("m1", "lead-owner-notification", LEAD));
    await write(row("m2", "lead-visitor-confirmation", LEAD));
    const other = await write(row("m3", "lead-owner-notification", OTHER_LEAD));
    const newsletter = await write(row("m4", "newsletter-confirm", null));
    await fs.writeFile(path.join(directory, "notes.txt"), LEAD);

    expect(await deleteLeadMailFiles(dataDir, LEAD)).toBe(2);
    expect((await fs.readdir(directory)).sort()).toEqual([newsletter, other, "notes.txt"].sort());
    expect(await deleteLeadMailFiles(dataDir, LEAD)).toBe(0);
  });

  it("deletes files older than sent mail is kept, and only .eml files", async () => {
    await write(row("old", "lead-owner-notification", LEAD), 31);
    const recent = await write(row("recent", "lead-owner-notification", OTHER_LEAD), 29);
    const oldOther = path.join(directory, "keep.txt");
    await fs.writeFile(oldOther, "not mail");
    const long = new Date(Date.now() - 400 * DAY_MS);
    await fs.utimes(oldOther, long, long);

    expect(await pruneExpiredMailFiles(dataDir)).toBe(1);
    expect((await fs.readdir(directory)).sort()).toEqual(["keep.txt", recent].sort());
  });

  it("does nothing when no mail was ever written as a file", async () => {
    await fs.rm(directory, { recursive: true });
    expect(await pruneExpiredMailFiles(dataDir)).toBe(0);
    expect(await deleteLeadMailFiles(dataDir, LEAD)).toBe(0);
  });
});
