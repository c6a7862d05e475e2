/** The owner's `npm run leads` command, against SQLite and PostgreSQL. */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enqueueMail, parseMailPayload } from "~/infra/outbox.server";
import { timestamp } from "~/infra/schema.server";
import { handleEstimateSubmission } from "~/leads/estimate.server";
import { HONEYPOT_FIELD } from "~/leads/honeypot";
import { purgeQuarantine } from "~/leads/record/quarantine.server";
import { runLeadsCommand } from "../../scripts/leads";
import { backends, eventually, LEADS_TO, useHarness, tableCounts, type Harness } from "../support/harness";
import { png, smallJpeg } from "../support/images";
import { bookVisit, insertLeadWithEverything } from "../support/leads";
import { estimateForm, post, validFields } from "../support/requests";
import { expectErrorOutput } from "../support/console-trap";

const run = promisify(execFile);

/** `npm run leads` against the harness's database, with CSV paths relative to `workDir`. */
async function runLeads(harness: Harness, workDir: string, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLeadsCommand(argv, harness.env, { out: (l) => out.push(l), err: (l) => err.push(l) }, workDir);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/**
 * `npm run leads` as the owner runs it: a process of its own. A deletion holds SQLite's write lock
 * while it deletes the lead's mail files; run in this process beside the harness's workers, whose
 * SQLite calls wait for the lock synchronously, it would hold up the very thread that must finish it.
 */
async function runLeadsProcess(harness: Harness, argv: string[]) {
  const child = run(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...argv], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: harness.dataDir, DATABASE_URL: harness.env.databaseUrl ?? "", LOG_LEVEL: "warn" },
  });
  try {
    const { stdout, stderr } = await child;
    return { code: 0, out: stdout.trimEnd(), err: stderr.trimEnd() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: (failed.stdout ?? "").trimEnd(), err: (failed.stderr ?? "").trimEnd() };
  }
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
    expect(
      csv.startsWith(
        "\uFEFFid,received,name,email,phone,address,description,status,lost_reason,source_page,photo_count,photos\r\n",
      ),
    ).toBe(true);
    expect(csv).toContain(`"Fix, ""quote"""`);
    // a formula is defused
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")`);
    const photoFiles = (await fs.readdir(path.join(workDir, "requests-photos"))).sort();
    expect(photoFiles).toEqual([`${withPhotos.slice(0, 8)}-1-deck.jpg`, `${withPhotos.slice(0, 8)}-2-rail.png`]);
    expect(csv).toContain(`${photoFiles[0]}; ${photoFiles[1]}`);

    expect((await leads("--delete", "abc")).code).toBe(1);
    expect((await leads("--delete", "00000000")).err).toContain("No request");
    const deleted = await runLeadsProcess(harness(), ["--delete", withPhotos.slice(0, 8)]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain(`Deleted request ${withPhotos} from Ann Photo`);
    expect(deleted.out).toContain("with its 2 photos");
    const db = await harness().db();
    expect(await tableCounts(db)).toMatchObject({ leads: 1, photos: 0 });
    const outboxLeads = await db.selectFrom("outbox").select("lead_id").distinct().execute();
    expect(outboxLeads).toEqual([{ lead_id: plain }]);
  });

  it("deletes a request as the desk does: every record of it, its mail files, its booked visit, and an audit entry", async () => {
    const db = await harness().db();
    const { id, mailFile } = await insertLeadWithEverything(db, harness().dataDir, { name: "Dana Deleted" });
    const kept = await insertLeadWithEverything(db, harness().dataDir, { name: "Kim Kept", email: "kim@example.com" });
    await bookVisit(db, id, { ownerEmail: "pat@causeway.test", siteUrl: harness().env.siteUrl, leadsTo: LEADS_TO });

    const deleted = await runLeadsProcess(harness(), ["--delete", id.slice(0, 8)]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain("with its 2 photos and 1 email file.");
    expect(deleted.out).toContain("Its booked visit is cancelled");

    for (const table of ["lead_photos", "lead_notes", "lead_events"] as const)
      expect(await db.selectFrom(table).select("lead_id").distinct().execute(), table).toEqual([{ lead_id: kept.id }]);
    expect(await db.selectFrom("site_visits").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("visit_windows").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([{ id: kept.id }]);
    await expect(fs.access(mailFile)).rejects.toThrow();
    await fs.access(kept.mailFile);
    // What stays about the deleted lead: its calendar cancellation to both sides, tied to no lead.
    const left = await db.selectFrom("outbox").select(["kind", "recipient", "lead_id", "payload"]).execute();
    const cancellations = left.filter((row) => row.kind === "visit-cancellation");
    expect(cancellations.map((row) => [row.recipient, row.lead_id]).sort()).toEqual([
      ["dana@example.com", null],
      ["pat@causeway.test", null],
    ]);
    for (const row of cancellations) {
      const [calendar] = parseMailPayload(row.payload).inlineAttachments ?? [];
      expect(calendar?.content).toContain("METHOD:CANCEL");
      expect(calendar?.content).toMatch(/UID:visit-[0-9a-f-]+@/);
    }
    expect(left.filter((row) => row.lead_id === id)).toEqual([]);
    const audit = await db.selectFrom("owner_audit").select(["actor", "action", "detail"]).execute();
    expect(audit).toEqual([{ actor: null, action: "lead-deleted", detail: id }]);
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
    expect((await leads("--mail", "--delete", "0b9c6e1a")).err).toContain("cannot be combined");
    expect((await leads("--retry")).code).toBe(2);
    expect((await leads("--unsubscribe", "not-an-address")).code).toBe(2);
  });

  it("lists undelivered mail, failed first, and queues a failed message again", async () => {
    // Deliberate: the worker logs the refusal as an error.
    expectErrorOutput(/mail failed permanently.*550/);
    expect(await leads("--mail")).toMatchObject({ code: 0, out: "No undelivered email: every message has been sent." });

    const db = await harness().db();
    harness().smtp.refuseWith(550);
    const leadId = await submit({ ...validFields, name: "Refused Person" });
    const failed = await eventually(async () => {
      const rows = await db.selectFrom("outbox").selectAll().where("lead_id", "=", leadId).execute();
      return rows.length === 2 && rows.every((row) => row.status === "failed") && rows;
    });
    harness().smtp.refuseWith(null);
    const owner = failed.find((row) => row.kind === "lead-owner-notification")!;
    const visitor = failed.find((row) => row.kind === "lead-visitor-confirmation")!;
    // queued for tomorrow, so the worker leaves it alone
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const pending = await enqueueMail(
      db,
      { kind: "newsletter-confirm", to: "later@example.com", subject: "Later", text: "t", html: "t" },
      tomorrow,
    );

    const listing = await leads("--mail");
    expect(listing.code).toBe(0);
    expect(listing.out).toContain("3 undelivered emails");
    const lines = listing.out.split("\n");
    const ownerLine = lines.find((line) => line.startsWith(owner.id.slice(0, 8)));
    expect(ownerLine).toMatch(/failed\s+lead-owner-notification\s+owner@causeway\.test\s+1\s+never\s+.*550/);
    expect(lines.find((line) => line.startsWith(visitor.id.slice(0, 8)))).toContain(validFields.email);
    const pendingLine = lines.findIndex((line) => line.startsWith(pending.slice(0, 8)));
    expect(lines[pendingLine]).toMatch(
      /pending\s+newsletter-confirm\s+later@example\.com\s+0\s+\d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    expect(pendingLine).toBeGreaterThan(lines.indexOf(ownerLine!));
    expect(listing.out).toContain("npm run leads -- --retry <id>");
    expect((await leads("--mail", "--limit", "1")).out).toContain("1 of 3 undelivered emails");

    expect(await leads("--retry", pending.slice(0, 8))).toMatchObject({ code: 1 });
    expect((await leads("--retry", pending.slice(0, 8))).err).toContain("has not failed: it is pending");
    expect((await leads("--retry", "zz")).err).toContain("is not an email id");
    expect((await leads("--retry", "00000000")).err).toContain("No undelivered email");

    const retried = await leads("--retry", owner.id.slice(0, 8));
    expect(retried).toMatchObject({ code: 0 });
    expect(retried.out).toContain(`Queued email ${owner.id} (lead-owner-notification to ${LEADS_TO}) again`);
    const [received] = await harness().smtp.waitFor(1);
    expect(received?.rcptTo).toEqual([LEADS_TO]);
    expect(received?.mail.subject).toBe("Estimate request from Refused Person");
    const sent = await eventually(async () => {
      const row = await db.selectFrom("outbox").selectAll().where("id", "=", owner.id).executeTakeFirstOrThrow();
      return row.status === "sent" && row;
    });
    // a fresh series of attempts: this was the first of it
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    const after = await leads("--mail");
    expect(after.out).toContain("2 undelivered emails");
    expect(after.out).not.toContain(owner.id.slice(0, 8));
    expect((await leads("--retry", owner.id)).err).toContain("No undelivered email");
  });

  it("asks for more of the id when a prefix matches several messages", async () => {
    const db = await harness().db();
    const now = timestamp();
    const failed = {
      kind: "newsletter-confirm",
      subject: "s",
      payload: JSON.stringify({ text: "t", html: "t" }),
      status: "failed" as const,
      next_attempt_at: now,
      created_at: now,
    };
    await db
      .insertInto("outbox")
      .values([
        { ...failed, id: "abcdef12-0000-4000-8000-000000000001", recipient: "a@example.com" },
        { ...failed, id: "abcdef12-0000-4000-8000-000000000002", recipient: "b@example.com" },
      ])
      .execute();
    const ambiguous = await leads("--retry", "abcdef12");
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.err).toContain("matches more than one email");
    expect(ambiguous.err).toContain("a@example.com");
    expect(ambiguous.err).toContain("b@example.com");
    expect(await leads("--retry", "abcdef12-0000-4000-8000-000000000002")).toMatchObject({ code: 0 });
    const [received] = await harness().smtp.waitFor(1);
    expect(received?.rcptTo).toEqual(["b@example.com"]);
    const first = await db.selectFrom("outbox").select("status").where("recipient", "=", "a@example.com").execute();
    expect(first).toEqual([{ status: "failed" }]);
  });

  it("removes a subscriber and the newsletter mail not yet sent to them", async () => {
    const db = await harness().db();
    const now = timestamp();
    await db
      .insertInto("subscribers")
      .values([
        { id: "1", email: "leaving@example.com", status: "confirmed", created_at: now, confirmed_at: now },
        { id: "2", email: "staying@example.com", status: "confirmed", created_at: now, confirmed_at: now },
      ])
      .execute();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const mail = (to: string) => ({
      kind: "newsletter-welcome" as const,
      to,
      subject: "Welcome",
      text: "t",
      html: "t",
    });
    await enqueueMail(db, mail("leaving@example.com"), tomorrow);
    await enqueueMail(db, mail("staying@example.com"), tomorrow);

    const removed = await leads("--unsubscribe", " Leaving@Example.com ");
    expect(removed.code).toBe(0);
    expect(removed.out).toBe("Removed subscriber leaving@example.com and 1 unsent newsletter email to it.");
    expect(await db.selectFrom("subscribers").select("email").execute()).toEqual([{ email: "staying@example.com" }]);
    expect(await db.selectFrom("outbox").select("recipient").execute()).toEqual([{ recipient: "staying@example.com" }]);

    const again = await leads("--unsubscribe", "leaving@example.com");
    expect(again).toMatchObject({ code: 1, err: "leaving@example.com is not a newsletter subscriber." });
  });

  it("lists requests held as suspected spam apart, and releases a genuine one with its emails", async () => {
    await submit({ ...validFields, name: "Real Person", email: "real@example.com" });
    const held = await submit(
      { ...validFields, name: "Autofilled Person", email: "autofilled@example.com", [HONEYPOT_FIELD]: "x" },
      [{ name: "deck.jpg", data: await smallJpeg() }],
    );
    await harness().smtp.waitFor(2);

    const normal = await leads();
    expect(normal.out).toContain("Real Person");
    expect(normal.out).not.toContain("Autofilled Person");

    const quarantine = await leads("--quarantine");
    expect(quarantine.code).toBe(0);
    expect(quarantine.out).toContain("Autofilled Person");
    expect(quarantine.out).toContain(held.slice(0, 8));
    expect(quarantine.out).not.toContain("Real Person");
    expect(harness().smtp.received.map((m) => m.rcptTo[0])).not.toContain("autofilled@example.com");

    expect(await leads("--release", "0000000000")).toMatchObject({ code: 1 });
    const released = await leads("--release", held.slice(0, 8));
    expect(released).toMatchObject({ code: 0 });
    expect(released.out).toContain("Autofilled Person");
    const mails = await harness().smtp.waitFor(4);
    const owner = mails.filter((m) => m.rcptTo.includes(LEADS_TO) && m.mail.subject?.includes("Autofilled Person"));
    expect(owner).toHaveLength(1);
    expect(owner[0]?.mail.attachments).toHaveLength(1);
    expect(mails.filter((m) => m.rcptTo.includes("autofilled@example.com"))).toHaveLength(1);

    expect((await leads()).out).toContain("Autofilled Person");
    expect((await leads("--quarantine")).out).toBe("No requests are held as suspected spam.");
    // Released once: a second release finds nothing to release.
    expect(await leads("--release", held)).toMatchObject({ code: 1 });
  });

  it("deletes held requests with their photos after 30 days, and never a normal request", async () => {
    const old = await submit({ ...validFields, [HONEYPOT_FIELD]: "x" }, [
      { name: "deck.jpg", data: await smallJpeg() },
    ]);
    const recent = await submit({ ...validFields, email: "recent@example.com", [HONEYPOT_FIELD]: "x" });
    const normal = await submit({ ...validFields, email: "normal@example.com" });
    const db = await harness().db();
    const daysAgo = (days: number) => timestamp(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
    await db
      .updateTable("leads")
      .set({ quarantined_at: daysAgo(31) })
      .where("id", "=", old)
      .execute();
    await db
      .updateTable("leads")
      .set({ quarantined_at: daysAgo(29) })
      .where("id", "=", recent)
      .execute();
    await db
      .updateTable("leads")
      .set({ created_at: daysAgo(400) })
      .where("id", "=", normal)
      .execute();

    expect(await purgeQuarantine(db)).toBe(1);
    const left = (await db.selectFrom("leads").select("id").execute()).map((row) => row.id).sort();
    expect(left).toEqual([recent, normal].sort());
    expect(await db.selectFrom("lead_photos").select("id").where("lead_id", "=", old).execute()).toEqual([]);
  });

  it("runs as a command from the project folder", async () => {
    await submit({ ...validFields, name: "Cli Person" });
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/leads.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        DATA_DIR: harness().dataDir,
        DATABASE_URL: harness().env.databaseUrl ?? "",
        LOG_LEVEL: "warn",
      },
    });
    expect(stdout).toContain("Cli Person");
  });
});

describe.each(backends)("npm run leads without SMTP_URL on %s", (backend) => {
  const harness = useHarness(backend, { smtp: false });

  async function mailFiles(h: Harness): Promise<string[]> {
    return (await fs.readdir(path.join(h.dataDir, "outbox")).catch(() => [])).sort();
  }

  it("deletes the email files written about a request with the request", async () => {
    const gone = await submit({ ...validFields, name: "Gone Person" }, [{ name: "deck.jpg", data: await smallJpeg() }]);
    const kept = await submit({ ...validFields, name: "Kept Person", email: "kept@example.com" });
    await eventually(async () => (await mailFiles(harness())).length === 4);
    const keptFiles = (await mailFiles(harness())).filter((name) => name.includes(kept));
    expect(keptFiles).toHaveLength(2);

    const deleted = await runLeadsProcess(harness(), ["--delete", gone.slice(0, 8)]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain("with its 1 photo and 2 email files.");
    expect(await mailFiles(harness())).toEqual(keptFiles);
  });
});
