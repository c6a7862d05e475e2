/**
 * The owners' tables: their accounts, passkeys, sign-in codes and sessions, and the audit log.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export interface OwnersTable {
  id: string;
  email: string;
  created_at: Timestamp;
  /** 1: the owner gets the morning digest; 0: switched off on the account page. */
  daily_digest: ColumnType<number, number | undefined, number>;
  /** The name the owner gives on the account page, shown on home watch reports; "" until given. */
  display_name: ColumnType<string, string | undefined, string>;
}

export interface OwnerPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  owner_id: string;
  public_key: Buffer;
  /** bigint: node-postgres hands it over as a string. */
  counter: number | string;
  /** JSON array of transport names, as the browser reported them. */
  transports: string | null;
  device_name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface OwnerSetupTokensTable {
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OwnerChallengesTable {
  challenge: string;
  purpose: string;
  owner_id: string | null;
  expires_at: Timestamp;
}

export interface OwnerSessionsTable {
  id: string;
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** When the owner last proved who they are (passkey or code): downloads want it recent. */
  authenticated_at: Timestamp;
  /** The absolute end, however active the session is. */
  expires_at: Timestamp;
  method: string;
}

export interface OwnerSignInCodesTable {
  id: string;
  email: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * Wrong codes as an older release counted them. No longer written (the code lock counts in
 * `rate_limits`, see app/owner/code-lock.server.ts); kept because migrations keep every row, and
 * emptied by the hourly clean-up.
 */
export interface OwnerCodeFailuresTable {
  id: string;
  email: string;
  failed_at: Timestamp;
}

export interface OwnerAuditTable {
  id: string;
  at: Timestamp;
  /** The owner's email, or null for the command line and for strangers. */
  actor: string | null;
  action: string;
  detail: string;
  /** The client key (an IPv4 address or an IPv6 /64), when a request did it. */
  client: string | null;
}

declare module "~/infra/schema.server" {
  interface Database {
    owners: OwnersTable;
    owner_passkeys: OwnerPasskeysTable;
    owner_setup_tokens: OwnerSetupTokensTable;
    owner_challenges: OwnerChallengesTable;
    owner_sessions: OwnerSessionsTable;
    owner_sign_in_codes: OwnerSignInCodesTable;
    owner_code_failures: OwnerCodeFailuresTable;
    owner_audit: OwnerAuditTable;
  }
}
