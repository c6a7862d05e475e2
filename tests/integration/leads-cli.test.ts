/** The owner's `npm run leads` command, against SQLite and PostgreSQL. */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { timestamp } from "~/infra/schema.server";
import { handleEstimateSubmission } from "~/leads/estimate.server";
import { runLeadsCommand } from "../../scripts/leads";
import { backends, eventually, useHarness, tableCounts, type Harness } from "../support/harness";
import { png, smallJpeg } from "../support/images";
import { estimateForm, post, validFields } from "../support/requests";

const run = promisify(execFile);

/** `npm run leads` against the harness's database, with CSV paths relative to `workDir`. */
async function runLeads(harness: Harness, workDir: string, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLeadsCommand(argv, harness.env, { out: (l) => out.push(l), err: (l) => err.push(l) }, workDir);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function submit(fields: Record<string, string>, photos: { name: string; data: Buffer }[] = []) {
  const outcome = await handleEstimateSubmission(post("/api/estimate", estimateForm(fields, photos)));
  if (!outcome.success || !outcome.leadId) throw new Error(`submission failed: ${JSON.stringify(outcome)}`);
  return outcome.leadId;
}

describe.each(backends)("npm run leads on %s", (backend) => {
  const harness = useHarness(backend);
  let workDir: string;

  beforeEach(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), "leads-cli-"));
  });
  afterEach(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  const leads = (...argv: string[]) => runLeads(harness(), workDir, argv);

  it("lists, exports with photos, and deletes requests", async () => {
    expect(await leads()).toMatchObject({ code: 0, out: "No estimate requests yet." });

    const withPhotos = await submit(
      {
        ...validFields,
        name: "Ann Photo",
        description: `=HYPERLINK("http://evil.example") ${"long text ".repeat(20)}`,
      },
      [
        { name: "deck.jpg", data: await smallJpeg() },
        { name: "rail.png", data: await png() },
      ],
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const plain = await submit({
      ...validFields,
      name: "Bob Plain",
      email: "bob@example.com",
      description: 'Fix, "quote"',
    });

    const listing = await leads();
    expect(listing.code).toBe(0);
    const lines = listing.out.split("\n");
    const bob = lines.findIndex((line) => line.includes("Bob Plain"));
    const ann = lines.findIndex((line) => line.includes("Ann Photo"));
    expect(bob).toBeGreaterThan(0);
    expect(ann).toBeGreaterThan(bob); // newest first
    expect(lines[bob]).toContain(plain.slice(0, 8));
    expect(lines[ann]).toMatch(/\s2\s+=HYPERLINK/);
    expect(lines[ann]).toContain(`=HYPERLINK("http://evil.example") ${"long text ".repeat(20)}`.slice(0, 60));
    expect(lines[ann]).not.toContain(`=HYPERLINK("http://evil.example") ${"long text ".repeat(20)}`.slice(0, 61));

    const exported = await leads("--csv", "requests.csv");
    expect(exported.code).toBe(0);
    expect(exported.out).toContain("Wrote 2 requests");
    const csv = await fs.readFile(path.join(workDir, "requests.csv"), "utf8");
    expect(csv.startsWith("\uFEFFid,received,name,email,phone,address,description,photo_count,photos\r\n")).toBe(true);
    expect(csv).toContain(`"Fix, ""quote"""`);
    // a formula is defused
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")`);
    const photoFiles = (await fs.readdir(path.join(workDir, "requests-photos"))).sort();
    expect(photoFiles).toEqual([`${withPhotos.slice(0, 8)}-1-deck.jpg`, `${withPhotos.slice(0, 8)}-2-rail.png`]);
    expect(csv).toContain(`requests-photos/${photoFiles[0]}; requests-photos/${photoFiles[1]}`);

    expect((await leads("--delete", "abc")).code).toBe(1);
    expect((await leads("--delete", "00000000")).err).toContain("No request");
    const deleted = await leads("--delete", withPhotos.slice(0, 8));
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain(`Deleted request ${withPhotos} from Ann Photo`);
    expect(deleted.out).toContain("with its 2 photos");
    const db = await harness().db();
    expect(await tableCounts(db)).toMatchObject({ leads: 1, photos: 0 });
    const outboxLeads = await db.selectFrom("outbox").select("lead_id").distinct().execute();
    expect(outboxLeads).toEqual([{ lead_id: plain }]);
  });

  it("exports confirmed subscribers only", async () => {
    const db = await harness().db();
    const now = timestamp();
    await db
      .insertInto("subscribers")
      .values([
        { id: "1", email: "yes@example.com", status: "confirmed", created_at: now, confirmed_at: now },
        { id: "2", email: "maybe@example.com", status: "pending", created_at: now },
        { id: "3", email: "gone@example.com", status: "unsubscribed", created_at: now, unsubscribed_at: now },
      ])
      .execute();
    const result = await leads("--subscribers", "--csv", "subs.csv");
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain("Wrote 1 confirmed subscriber");
    const csv = await fs.readFile(path.join(workDir, "subs.csv"), "utf8");
    expect(csv.split("\r\n")[0]).toBe("\uFEFFemail,confirmed_at");
    expect(csv).toContain("yes@example.com");
    expect(csv).not.toContain("maybe@example.com");
    expect(csv).not.toContain("gone@example.com");
  });

  it("explains its usage", async () => {
    expect((await leads("--help")).out).toContain("Usage: npm run leads");
    const wrong = await leads("--frobnicate");
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("unknown option --frobnicate");
    expect((await leads("--subscribers")).code).toBe(2);
  });

  it("runs as a command from the project folder", async () => {
    await submit({ ...validFields, name: "Cli Person" });
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/leads.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: harness().dataDir, DATABASE_URL: harness().env.databaseUrl ?? "", LOG_LEVEL: "warn" },
    });
    expect(stdout).toContain("Cli Person");
  });
});

describe.each(backends)("npm run leads without SMTP_URL on %s", (backend) => {
  const harness = useHarness(backend, { smtp: false });
  // nothing here writes a file
  const leads = (...argv: string[]) => runLeads(harness(), os.tmpdir(), argv);

  async function mailFiles(h: Harness): Promise<string[]> {
    return (await fs.readdir(path.join(h.dataDir, "outbox")).catch(() => [])).sort();
  }

  it("deletes the email files written about a request with the request", async () => {
    const gone = await submit({ ...validFields, name: "Gone Person" }, [{ name: "deck.jpg", data: await smallJpeg() }]);
    const kept = await submit({ ...validFields, name: "Kept Person", email: "kept@example.com" });
    await eventually(async () => (await mailFiles(harness())).length === 4);
    const keptFiles = (await mailFiles(harness())).filter((name) => name.includes(kept));
    expect(keptFiles).toHaveLength(2);

    const deleted = await leads("--delete", gone.slice(0, 8));
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain("with its 1 photo and 2 email files.");
    expect(await mailFiles(harness())).toEqual(keptFiles);
  });
});
