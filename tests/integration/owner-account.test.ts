/**
 * Changes to who and what can sign in, against SQLite and PostgreSQL with the real SMTP server:
 * an owner invited from the desk gets a setup link by email and every owner hears of it; a removed
 * owner loses sessions, passkeys and devices at once; a link for another device is announced; a
 * new passkey is emailed to its owner with the device's name and how to remove it; and the
 * command line does the same, for recovery.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { inviteOwner, linkAnotherDevice, removeOwnerAndTell, tellPasskeyAdded } from "~/owner/account-changes.server";
import { listAudit } from "~/owner/audit.server";
import { addOwner, ownerOfSetupToken, type Owner } from "~/owner/owners.server";
import { readSession } from "~/owner/sessions.server";
import { runOwnerCommand } from "../../scripts/owner";
import { backends, useHarness, type Harness } from "../support/harness";
import type { ReceivedMail } from "../support/smtp";
import { signedInOwner } from "../support/owner";

const ORIGIN = "https://site.causeway.test";

function mailTo(mails: ReceivedMail[], address: string): ReceivedMail[] {
  return mails.filter((mail) => mail.rcptTo.includes(address));
}

describe.each(backends)("changes to the owners on %s", (backend) => {
  const harness = useHarness(backend);
  let pat: Owner;
  beforeEach(async () => {
    const db = await harness().db();
    // Their sessions, passkeys, links and devices go with them (ON DELETE CASCADE).
    await db.deleteFrom("owners").execute();
    await db.deleteFrom("owner_audit").execute();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    pat = added.owner;
  });

  /** Waits for `count` emails, then a moment more to see that no other comes. */
  async function exactly(h: Harness, count: number): Promise<ReceivedMail[]> {
    await h.smtp.waitFor(count);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.smtp.received).toHaveLength(count);
    return h.smtp.received;
  }

  it("invites an owner: they get a one-time setup link by email, every owner hears of it, and the log says who", async () => {
    const db = await harness().db();
    const result = await inviteOwner(db, "Sam@Example.com", {
      by: { email: pat.email, client: null },
      origin: ORIGIN,
      siteUrl: harness().env.siteUrl,
      emailLink: true,
    });
    expect(result.status).toBe("invited");
    const mails = await exactly(harness(), 3);
    const [invitation] = mailTo(mails, "sam@example.com").filter((m) => m.mail.subject?.includes("invited"));
    const link = /https:\/\/site\.causeway\.test\/owner\/setup\?token=([\w-]+)/.exec(invitation?.mail.text ?? "");
    expect(link, invitation?.mail.text).not.toBeNull();
    expect((await ownerOfSetupToken(db, link?.[1]))?.email).toBe("sam@example.com");
    expect(invitation?.mail.text).toContain("pat@example.com invited you");
    expect(invitation?.mail.text).toMatch(/works once, for 30 minutes/);
    // Both owners, the new one included, hear that the owners changed.
    for (const address of ["pat@example.com", "sam@example.com"]) {
      const [notice] = mailTo(mails, address).filter(
        (m) => m.mail.subject === "sam@example.com is now an owner of the desk",
      );
      expect(notice?.mail.text, address).toContain("pat@example.com made sam@example.com an owner");
      expect(notice?.mail.text, address).toContain(`${harness().env.siteUrl}/owner/account`);
    }
    const audit = await listAudit(db);
    expect(audit.map((entry) => [entry.action, entry.actor, entry.detail])).toEqual(
      expect.arrayContaining([
        ["owner-added", "pat@example.com", "sam@example.com"],
        ["setup-link-issued", "pat@example.com", "sam@example.com"],
      ]),
    );
    // Twice is refused, and sends nothing.
    expect(
      (
        await inviteOwner(db, "sam@example.com", {
          by: { email: pat.email, client: null },
          origin: ORIGIN,
          siteUrl: "x",
          emailLink: true,
        })
      ).status,
    ).toBe("exists");
    await exactly(harness(), 3);
  });

  it("removes an owner: their sessions, passkeys and devices end at once, and they and every owner are told", async () => {
    const db = await harness().db();
    const { owner: sam, cookie } = await signedInOwner(db, ORIGIN, { email: "sam@example.com" });
    await db
      .insertInto("owner_passkeys")
      .values({
        id: "sams-passkey",
        owner_id: sam.id,
        public_key: Buffer.from("key"),
        counter: 0,
        transports: null,
        device_name: "Sam's phone",
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto("push_subscriptions")
      .values({
        id: "sams-device",
        owner_id: sam.id,
        endpoint: "https://fcm.googleapis.com/fcm/send/sams-device",
        p256dh: "x",
        auth: "y",
        device_name: "Android phone",
        created_at: new Date().toISOString(),
      })
      .execute();
    const removed = await removeOwnerAndTell(db, "sam@example.com", {
      by: { email: pat.email, client: null },
      siteUrl: harness().env.siteUrl,
    });
    expect(removed?.email).toBe("sam@example.com");
    expect(await readSession(db, new Request(`${ORIGIN}/owner`, { headers: { cookie } }))).toBeUndefined();
    expect(await db.selectFrom("owner_passkeys").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
    const mails = await exactly(harness(), 2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["pat@example.com", "sam@example.com"]);
    for (const mail of mails) {
      expect(mail.mail.subject).toBe("sam@example.com is no longer an owner of the desk");
      expect(mail.mail.text).toContain("pat@example.com removed sam@example.com");
    }
    expect((await listAudit(db))[0]).toMatchObject({
      action: "owner-removed",
      actor: "pat@example.com",
      detail: "sam@example.com",
    });
  });

  it("announces a link for another device to every owner, and a new passkey to its owner with how to remove it", async () => {
    const db = await harness().db();
    await addOwner(db, "sam@example.com");
    const link = await linkAnotherDevice(db, pat, {
      by: { email: pat.email, client: null },
      origin: ORIGIN,
      siteUrl: harness().env.siteUrl,
    });
    expect(link.url).toMatch(/^https:\/\/site\.causeway\.test\/owner\/setup\?token=[\w-]{40,}$/);
    let mails = await exactly(harness(), 2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["pat@example.com", "sam@example.com"]);
    // The link itself goes to nobody by email: it is shown to the owner who made it.
    for (const mail of mails) expect(mail.mail.text).not.toContain(link.url);

    harness().smtp.clear();
    await db
      .transaction()
      .execute((trx) => tellPasskeyAdded(trx, pat, "Pat's iPad", { siteUrl: harness().env.siteUrl, now: new Date() }));
    mails = await exactly(harness(), 1);
    expect(mails[0]?.rcptTo).toEqual(["pat@example.com"]);
    expect(mails[0]?.mail.subject).toBe("A passkey was added to your desk account: Pat's iPad");
    expect(mails[0]?.mail.text).toContain(`press Remove next to "Pat's iPad" under Your passkeys`);
    expect(mails[0]?.mail.text).toContain("Sign out everywhere");
    expect(mails[0]?.mail.text).toContain(`${harness().env.siteUrl}/owner/account`);
  });

  it("does the same from the command line, which prints the new owner's link instead of mailing it", async () => {
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(await runOwnerCommand(["add", "lee@example.com", "--origin", ORIGIN], harness().env, io)).toBe(0);
    expect(out.join("\n")).toMatch(/https:\/\/site\.causeway\.test\/owner\/setup\?token=/);
    const mails = await exactly(harness(), 2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["lee@example.com", "pat@example.com"]);
    for (const mail of mails) {
      expect(mail.mail.subject).toBe("lee@example.com is now an owner of the desk");
      expect(mail.mail.text).toContain("Someone on the server's command line made lee@example.com an owner");
    }
    expect(await runOwnerCommand(["remove", "lee@example.com"], harness().env, io)).toBe(0);
    await exactly(harness(), 4);
  });
});
