/**
 * Changes to who and what can sign in to the desk, made on the Account page or on the server's
 * command line: inviting an owner, removing one, a setup link for another device. Each change,
 * its audit entry and an email to every owner commit in one transaction, so no owner can be added
 * or removed, and no device linked, without all of them hearing of it.
 */
import type { Kysely, Transaction } from "kysely";
import { profile } from "~/content/profile";
import { buttonHtml, emailDocument, html, type SafeHtml } from "~/infra/mail-format.server";
import { enqueueMail, type MailKind } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { formatDateTimeWithZone } from "~/time/business-time";
import { deskChange } from "./desk-change.server";
import {
  addOwner,
  issueSetupLink,
  removeOwner,
  SETUP_LINK_MINUTES,
  type ChangeOptions,
  type Owner,
} from "./owners.server";

export const ACCOUNT_PATH = "/owner/account";

interface AccountMail {
  kind: MailKind;
  subject: string;
  /** Paragraphs, each the same in the text and the HTML body. */
  lines: string[];
  link?: { href: string; label: string };
}

function accountMail(to: string, mail: AccountMail) {
  const text = [...mail.lines, ...(mail.link ? [`${mail.link.label}: ${mail.link.href}`] : [])].join("\n\n");
  const body: SafeHtml = html`${mail.lines.map((line) => html`<p>${line}</p>`)}
  ${mail.link ? buttonHtml(mail.link.href, mail.link.label) : ""}`;
  return {
    kind: mail.kind,
    to,
    subject: mail.subject,
    text: `${text}\n`,
    html: emailDocument(mail.subject, body, html`${profile.name}: the lead desk's account emails.`),
  };
}

const actorName = (by: string | null | undefined) => by ?? "Someone on the server's command line";

/** Queues `mail` for every owner (and `alsoTo`), in the transaction that made the change. */
async function tellOwners(trx: Transaction<Database>, mail: AccountMail, alsoTo: string[] = []): Promise<void> {
  const owners = await trx.selectFrom("owners").select("email").execute();
  const recipients = new Set([...owners.map((o) => o.email), ...alsoTo]);
  for (const to of recipients) await enqueueMail(trx, accountMail(to, mail));
}

function whereToCheck(siteUrl: string): string {
  return `The desk's Account page lists every owner and every passkey: ${siteUrl}${ACCOUNT_PATH}`;
}

export type InviteResult =
  { status: "invited"; owner: Owner; link: { url: string; expiresAt: Date } } | { status: "invalid-email" | "exists" };

/**
 * Makes `email` an owner with a one-time setup link. From the desk the invitee gets the link by
 * email; the command line prints it instead (`emailLink: false`). Every other owner is told.
 */
export async function inviteOwner(
  db: Kysely<Database>,
  email: string,
  options: ChangeOptions & { origin: string; siteUrl: string; emailLink: boolean },
): Promise<InviteResult> {
  const result = await deskChange(
    db,
    options.by ?? null,
    options.now ?? new Date(),
    async ({ trx }): Promise<InviteResult> => {
      const added = await addOwner(trx, email, options);
      if (!added.added) return { status: added.reason };
      const link = await issueSetupLink(trx, added.owner, options.origin, options);
      const until = formatDateTimeWithZone(link.expiresAt);
      const by = actorName(options.by?.email);
      await tellOwners(trx, {
        kind: "owner-account-change",
        subject: `${added.owner.email} is now an owner of the desk`,
        lines: [
          `${by} made ${added.owner.email} an owner of the ${profile.shortName} lead desk. They can see every lead, and invite or remove owners.`,
          `Not expected? Remove them on the Account page, and sign out everywhere. ${whereToCheck(options.siteUrl)}`,
        ],
      });
      if (options.emailLink)
        await enqueueMail(
          trx,
          accountMail(added.owner.email, {
            kind: "owner-invitation",
            subject: `You are invited to the ${profile.shortName} lead desk`,
            lines: [
              `${by} invited you to the ${profile.shortName} lead desk, where the business's estimate requests arrive.`,
              `Open this link on the phone or computer you will use. It makes a passkey there, so that device signs you in with its fingerprint, face or screen lock. The link works once, for ${SETUP_LINK_MINUTES} minutes (until ${until}).`,
            ],
            link: { href: link.url, label: "Set up my passkey" },
          }),
        );
      return { status: "invited", owner: added.owner, link };
    },
  );
  return result;
}

/** Removes an owner: their sessions, passkeys and notified devices end now. All owners and they are told. */
export async function removeOwnerAndTell(
  db: Kysely<Database>,
  email: string,
  options: ChangeOptions & { siteUrl: string },
): Promise<Owner | undefined> {
  const removed = await deskChange(db, options.by ?? null, options.now ?? new Date(), async ({ trx }) => {
    const owner = await removeOwner(trx, email, options);
    if (!owner) return undefined;
    await tellOwners(
      trx,
      {
        kind: "owner-account-change",
        subject: `${owner.email} is no longer an owner of the desk`,
        lines: [
          `${actorName(options.by?.email)} removed ${owner.email} from the ${profile.shortName} lead desk. Their sessions, passkeys and notified devices ended at once.`,
          whereToCheck(options.siteUrl),
        ],
      },
      [owner.email],
    );
    return owner;
  });
  return removed;
}

/** A one-time setup link that adds a device to `owner`'s account; every owner is told it was made. */
export async function linkAnotherDevice(
  db: Kysely<Database>,
  owner: Owner,
  options: ChangeOptions & { origin: string; siteUrl: string },
): Promise<{ url: string; expiresAt: Date }> {
  const link = await deskChange(db, options.by ?? null, options.now ?? new Date(), async ({ trx }) => {
    const issued = await issueSetupLink(trx, owner, options.origin, options);
    await tellOwners(trx, {
      kind: "owner-account-change",
      subject: `A setup link for another device of ${owner.email}`,
      lines: [
        `${actorName(options.by?.email)} made a link that adds a device to ${owner.email}'s account on the ${profile.shortName} lead desk. It works once, until ${formatDateTimeWithZone(issued.expiresAt)}.`,
        `Not expected? Sign in, check the passkeys on the Account page, and sign out everywhere. ${whereToCheck(options.siteUrl)}`,
      ],
    });
    return issued;
  });
  return link;
}

/** Tells an owner a passkey was added to their account, naming the device and how to remove it. */
export async function tellPasskeyAdded(
  trx: Kysely<Database>,
  owner: Owner,
  deviceName: string,
  options: { siteUrl: string; now: Date },
): Promise<void> {
  await enqueueMail(
    trx,
    accountMail(owner.email, {
      kind: "owner-passkey-added",
      subject: `A passkey was added to your desk account: ${deviceName}`,
      lines: [
        `A passkey named "${deviceName}" was added to your account on the ${profile.shortName} lead desk, ${formatDateTimeWithZone(options.now)}. It can sign in as you until it is removed.`,
        `Not you? Open the Account page, press Remove next to "${deviceName}" under Your passkeys, then Sign out everywhere. If your own passkey is not at hand, sign in with an emailed code.`,
      ],
      link: { href: `${options.siteUrl}${ACCOUNT_PATH}`, label: "Open the Account page" },
    }),
  );
}
