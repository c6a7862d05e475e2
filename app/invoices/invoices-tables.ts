/**
 * The money's tables: invoices with their yearly numbers, payments received, how the homeowner
 * pays, and the signed records kept after their lead is deleted. Added to the one `Database` that
 * every query is typed with (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface InvoiceNumbersTable {
  year: number;
  last: number;
}

export type InvoiceStatus = "open" | "void";

export interface InvoicesTable {
  id: string;
  /** "2026-0001": the year and the sequence within it. */
  number: string;
  year: number;
  sequence: number;
  /** Null once the lead is deleted: the invoice is kept, naming its customer itself. */
  job_id: Nullable<string>;
  lead_id: Nullable<string>;
  /** A home watch plan's month instead of a job's payment; null once the plan is deleted. */
  plan_id: Nullable<string>;
  /**
   * Which scheduled payment it asks for: "deposit", "milestone-1", "change-2", "final"; for a home
   * watch plan, its month: "month-2026-11".
   */
  schedule_key: string;
  label: string;
  customer_name: string;
  customer_email: string;
  customer_address: string;
  job_title: string;
  amount_cents: number;
  /** The contract's sales tax rate, in thousandths of a percent: the amount includes it. */
  tax_rate_milli_percent: number;
  /** YYYY-MM-DD in New Jersey. */
  issued_day: string;
  due_day: string;
  document_id: Nullable<string>;
  /** Paid is not stored: it follows from the payments recorded (see `invoices/payment-schedule.ts`). */
  status: InvoiceStatus;
  void_reason: Nullable<string>;
  voided_by: Nullable<string>;
  voided_at: Nullable<Date | string>;
  remind: ColumnType<number, number | undefined, number>;
  reminded_at: Nullable<Date | string>;
  created_by: string;
  created_at: Timestamp;
}

export type PaymentMethod = "check" | "cash" | "card" | "transfer" | "other";

export interface PaymentsTable {
  id: string;
  job_id: Nullable<string>;
  lead_id: Nullable<string>;
  plan_id: Nullable<string>;
  request_key: string;
  customer_name: string;
  job_title: string;
  amount_cents: number;
  method: PaymentMethod;
  received_day: string;
  /** The check's number, the transfer's confirmation; may be empty. */
  reference: string;
  receipt_document_id: Nullable<string>;
  status: "recorded" | "void";
  void_reason: Nullable<string>;
  voided_by: Nullable<string>;
  voided_at: Nullable<Date | string>;
  created_by: string;
  created_at: Timestamp;
}

export interface PaymentSettingsTable {
  id: number;
  checks_payable_to: string;
  /** Bank transfer or Zelle details, as the owner words them; may be empty. */
  transfer_line: string;
  /** The owner's own payment link from their card processor; may be empty. */
  pay_online_url: string;
  /** 0 for 'Due on receipt'. */
  due_days: number;
  updated_by: string;
  updated_at: Timestamp;
}

export type KeptRecordKind = "contract" | "cancellation" | "change-order" | "warranty";

export interface KeptRecordsTable {
  id: string;
  kind: KeptRecordKind;
  customer_name: string;
  customer_address: string;
  title: string;
  amount_cents: number;
  signed_day: string;
  document_id: Nullable<string>;
  /** YYYY-MM-DD: the last day it must be kept. */
  keep_until: string;
  created_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    invoice_numbers: InvoiceNumbersTable;
    invoices: InvoicesTable;
    payments: PaymentsTable;
    payment_settings: PaymentSettingsTable;
    kept_records: KeptRecordsTable;
  }
}
