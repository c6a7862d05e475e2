/**
 * The quotes' tables: the facts every written contract states, and each version of a lead's quote.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export interface ContractFactsTable {
  id: number;
  insurer_name: string;
  insurer_phone: string;
  consumer_affairs_phone: string;
  warranty: string;
  /** JSON: see `quotes/contract-facts-rules.ts`. */
  payment_terms: string;
  certificate_document_id: string | null;
  updated_by: string;
  updated_at: Timestamp;
}

export type QuoteStatus = "draft" | "sent" | "replaced" | "accepted" | "cancelled";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface QuoteVersionsTable {
  id: string;
  lead_id: string;
  version: number;
  status: QuoteStatus;
  /** JSON: see `quotes/quote-content.ts`. */
  content: string;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Nullable<Date | string>;
  /** YYYY-MM-DD in New Jersey: the last day it can be accepted. */
  valid_until: Nullable<string>;
  token_hash: Nullable<string>;
  forward_key: Nullable<string>;
  forward_sealed: Nullable<string>;
  document_id: Nullable<string>;
  /**
   * JSON, set when the version is sent: the business, the contract facts, the certificate and the
   * notices' words it was sent with (see `paperwork/contract-terms.ts`). Null on a draft.
   */
  terms: Nullable<string>;
  remind: ColumnType<number, number | undefined, number>;
  reminded_at: Nullable<Date | string>;
  accepted_at: Nullable<Date | string>;
  accepted_name: Nullable<string>;
  accepted_ip: Nullable<string>;
  accepted_user_agent: Nullable<string>;
  /** JSON array of the optional items' positions the homeowner chose. */
  accepted_items: Nullable<string>;
  accepted_total_cents: Nullable<number>;
  /** SHA-256 (hex) of the PDF the homeowner accepted, stored as `accepted_document_id`. */
  accepted_sha256: Nullable<string>;
  accepted_document_id: Nullable<string>;
  signed_document_id: Nullable<string>;
  cancel_until: Nullable<Date | string>;
  cancelled_at: Nullable<Date | string>;
  /** The record of the homeowner's cancellation, mailed to both sides. */
  cancellation_document_id: Nullable<string>;
}

declare module "~/infra/schema.server" {
  interface Database {
    contract_facts: ContractFactsTable;
    quote_versions: QuoteVersionsTable;
  }
}
