import { describe, expect, it } from "vitest";
import { invoiceDocument, receiptLines, type InvoiceFacts, type ReceiptFacts } from "./invoice-document";
import { ledgerYear } from "./ledger-csv.server";
import { readPaymentForm, receivedBeforeAgreement, readVoidReason } from "./payment-rules";
import {
  allocatePayments,
  daysBetween,
  dueDayOf,
  dueTermsText,
  invoiceNumber,
  invoiceState,
  owedOnInvoices,
  paymentSchedule,
  type ScheduledPayment,
} from "./payment-schedule";
import { checkWaysToPay, howToPayLines, type WaysToPayInput } from "./ways-to-pay";

const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";
const sum = (lines: readonly ScheduledPayment[]) => lines.reduce((total, line) => total + line.amountCents, 0);
const amounts = (lines: readonly ScheduledPayment[]) => lines.map((line) => line.amountCents);

const framingTerms = { depositPercent: 30, milestones: [{ percent: 40, label: "when the framing is inspected" }] };

describe("the payment schedule", () => {
  it("splits a $1,279.50 contract into deposit, milestone and final to the cent", () => {
    const lines = paymentSchedule(127_950, framingTerms);
    expect(lines).toEqual([
      { key: "deposit", label: "Deposit (30%)", amountCents: 38_385, final: false },
      { key: "milestone-1", label: "40% when the framing is inspected", amountCents: 51_180, final: false },
      { key: "final", label: "Final payment (30%, on completion)", amountCents: 38_385, final: true },
    ]);
    expect(sum(lines)).toBe(127_950);
  });

  it("lets the final payment take the cents the percentages leave over", () => {
    const lines = paymentSchedule(100_001, {
      depositPercent: 33,
      milestones: [{ percent: 33, label: "when the cabinets are hung" }],
    });
    expect(amounts(lines)).toEqual([33_000, 33_000, 34_001]);
    expect(lines.at(-1)?.label).toBe("Final payment (34%, on completion)");
    expect(sum(lines)).toBe(100_001);
  });

  it("asks small work without terms for one payment on completion", () => {
    expect(paymentSchedule(45_000, null)).toEqual([
      { key: "final", label: "Payment on completion", amountCents: 45_000, final: true },
    ]);
  });

  it("adds a signed change order to the final, or makes it a payment of its own when due when signed", () => {
    const lines = paymentSchedule(127_950, framingTerms, [
      { number: 1, amountCents: 25_000, dueWhenSigned: false },
      { number: 2, amountCents: 12_000, dueWhenSigned: true },
    ]);
    expect(lines.map((line) => [line.key, line.label, line.amountCents])).toEqual([
      ["deposit", "Deposit (30%)", 38_385],
      ["milestone-1", "40% when the framing is inspected", 51_180],
      ["change-2", "Change order 2", 12_000],
      ["final", "Final payment (30% and the change orders, on completion)", 63_385],
    ]);
    expect(lines.find((line) => line.key === "change-2")?.final).toBe(false);
    expect(sum(lines)).toBe(127_950 + 25_000 + 12_000);
  });

  it("takes work removed beyond the final from the payments before it, latest first, never below nothing", () => {
    // $600 off: the final's $383.85 is gone, and the other $216.15 comes off the milestone.
    const smaller = paymentSchedule(127_950, framingTerms, [{ number: 1, amountCents: -60_000, dueWhenSigned: false }]);
    expect(amounts(smaller)).toEqual([38_385, 29_565, 0]);
    expect(sum(smaller)).toBe(67_950);

    // $1,100 off: the final and the milestone are emptied, and the deposit gives up the rest.
    const much = paymentSchedule(127_950, framingTerms, [{ number: 1, amountCents: -110_000, dueWhenSigned: false }]);
    expect(amounts(much)).toEqual([17_950, 0, 0]);
    expect(sum(much)).toBe(17_950);

    // More taken out than the contract holds: every line stops at zero.
    const all = paymentSchedule(127_950, framingTerms, [{ number: 1, amountCents: -200_000, dueWhenSigned: true }]);
    expect(amounts(all)).toEqual([0, 0, 0]);
  });
});

describe("payments applied to invoices", () => {
  const invoices = [
    { id: "deposit", amountCents: 38_385, void: false },
    { id: "voided", amountCents: 51_180, void: true },
    { id: "milestone", amountCents: 51_180, void: false },
  ];

  it("pays the oldest invoice first and never a void one", () => {
    const { paid, aheadCents } = allocatePayments(invoices, 50_000);
    expect([...paid]).toEqual([
      ["deposit", 38_385],
      ["voided", 0],
      ["milestone", 11_615],
    ]);
    expect(aheadCents).toBe(0);
  });

  it("reports what is left after every invoice as paid ahead", () => {
    const { paid, aheadCents } = allocatePayments(invoices, 100_000);
    expect(paid.get("deposit")).toBe(38_385);
    expect(paid.get("voided")).toBe(0);
    expect(paid.get("milestone")).toBe(51_180);
    expect(aheadCents).toBe(10_435);
  });

  it("names each invoice's state from what it has been paid and its due day", () => {
    const invoice = { amountCents: 38_385, void: false, dueDay: "2026-12-13" };
    expect(invoiceState(invoice, 38_385, 0, "2027-01-05")).toBe("paid");
    expect(invoiceState(invoice, 38_384, 1, "2026-12-13")).toBe("due");
    expect(invoiceState(invoice, 38_384, 1, "2026-12-14")).toBe("overdue");
    expect(invoiceState(invoice, 10_000, 0, "2026-12-14")).toBe("settled");
    expect(invoiceState({ ...invoice, void: true }, 38_385, 0, "2026-12-01")).toBe("void");
  });

  it("asks no more in all than the contract's balance, the newest invoice giving way first", () => {
    // $10,000 at 30% and 40%, both invoiced; a signed -$4,000 change leaves $6,000, all still unpaid.
    const invoices = [
      { id: "deposit", unpaidCents: 300_000 },
      { id: "milestone", unpaidCents: 400_000 },
    ];
    const owed = owedOnInvoices(invoices, 600_000);
    expect([owed.get("deposit"), owed.get("milestone")]).toEqual([300_000, 300_000]);
    // Paid beyond the contract: nothing is owed on any invoice.
    expect([...owedOnInvoices(invoices, -5_000).values()]).toEqual([0, 0]);
    // Within the balance, each owes its unpaid part.
    expect([...owedOnInvoices(invoices, 900_000).values()]).toEqual([300_000, 400_000]);
  });
});

describe("invoice numbers and due days", () => {
  it("numbers an invoice by year and a four-digit sequence", () => {
    expect(invoiceNumber(2026, 7)).toBe("2026-0007");
    expect(invoiceNumber(2027, 1234)).toBe("2027-1234");
  });

  it("counts the due day from the day issued, across a month and a year", () => {
    expect(dueDayOf("2026-11-28", 0)).toBe("2026-11-28");
    expect(dueDayOf("2026-11-28", 15)).toBe("2026-12-13");
    expect(dueDayOf("2026-12-20", 15)).toBe("2027-01-04");
    expect(dueTermsText(0)).toBe("Due on receipt");
    expect(dueTermsText(15)).toBe("Net 15");
  });

  it("counts whole days between two days, across a clock change", () => {
    expect(daysBetween("2026-11-28", "2026-12-13")).toBe(15);
    expect(daysBetween("2026-03-01", "2026-03-15")).toBe(14);
    expect(daysBetween("2026-11-28", "2026-11-28")).toBe(0);
    expect(daysBetween("2026-12-13", "2026-11-28")).toBe(-15);
  });
});

describe("'Ways to pay'", () => {
  const good: WaysToPayInput = {
    checksPayableTo: "Barnegat Home Repair LLC",
    transferLine: "Zelle to pay@barnegathomerepair.com",
    payOnlineUrl: "https://pay.example-processor.com/barnegat",
    dueDays: "15",
  };

  it("takes a good setting, with the days as a number", () => {
    expect(checkWaysToPay(good)).toEqual({
      ok: true,
      ways: {
        checksPayableTo: "Barnegat Home Repair LLC",
        transferLine: "Zelle to pay@barnegathomerepair.com",
        payOnlineUrl: "https://pay.example-processor.com/barnegat",
        dueDays: 15,
      },
    });
    expect(checkWaysToPay({ ...good, transferLine: "", payOnlineUrl: "", dueDays: "0" })).toMatchObject({
      ok: true,
      ways: { dueDays: 0 },
    });
  });

  it("refuses an empty 'Checks payable to'", () => {
    expect(checkWaysToPay({ ...good, checksPayableTo: "" })).toEqual({
      ok: false,
      errors: { checksPayableTo: "Say who checks are made out to." },
    });
  });

  it("refuses a payment link that is not https, holds credentials or is not an address", () => {
    expect(checkWaysToPay({ ...good, payOnlineUrl: "http://pay.example-processor.com/barnegat" })).toMatchObject({
      ok: false,
      errors: { payOnlineUrl: expect.stringContaining("https://") },
    });
    expect(
      checkWaysToPay({ ...good, payOnlineUrl: "https://user:pass@pay.example-processor.com/barnegat" }),
    ).toMatchObject({
      ok: false,
      errors: { payOnlineUrl: "Paste the payment link exactly as your card processor gives it." },
    });
    expect(checkWaysToPay({ ...good, payOnlineUrl: "pay me online" })).toMatchObject({
      ok: false,
      errors: { payOnlineUrl: "Paste the whole address, starting with https://." },
    });
  });

  it("refuses days beyond 90 or not a number", () => {
    const daysError = { ok: false, errors: { dueDays: "A whole number of days from 0 (due on receipt) to 90." } };
    expect(checkWaysToPay({ ...good, dueDays: "91" })).toEqual(daysError);
    expect(checkWaysToPay({ ...good, dueDays: "abc" })).toEqual(daysError);
    expect(checkWaysToPay({ ...good, dueDays: "90" })).toMatchObject({ ok: true, ways: { dueDays: 90 } });
  });

  it("refuses a hidden character in the transfer line", () => {
    expect(checkWaysToPay({ ...good, transferLine: "Zelle to pay@barnegat\u200Bhomerepair.com" })).toMatchObject({
      ok: false,
      errors: { transferLine: expect.stringContaining("U+200B") },
    });
  });

  it("lists only the ways to pay that are set", () => {
    const ways = { checksPayableTo: "Barnegat Home Repair LLC", transferLine: "", payOnlineUrl: "", dueDays: 0 };
    expect(howToPayLines(ways)).toEqual(["By check, payable to Barnegat Home Repair LLC."]);
    expect(
      howToPayLines({ ...ways, transferLine: "Zelle to 609-555-0142", payOnlineUrl: "https://pay.example.com/b" }),
    ).toEqual([
      "By check, payable to Barnegat Home Repair LLC.",
      "By bank transfer or Zelle: Zelle to 609-555-0142",
      "Online by card: https://pay.example.com/b",
    ]);
  });
});

describe("'Record a payment' and a void's reason", () => {
  const today = "2026-11-28";
  const earliest = "2025-11-27";
  const payment = { amount: "383.85", method: "check", receivedDay: "2026-11-27", reference: "Check 1042" };

  it("reads the amount in dollars as cents", () => {
    expect(readPaymentForm(form(payment), today, earliest)).toEqual({
      ok: true,
      payment: { amountCents: 38_385, method: "check", receivedDay: "2026-11-27", reference: "Check 1042" },
    });
  });

  it("refuses an amount of nothing or not an amount", () => {
    expect(readPaymentForm(form({ ...payment, amount: "0" }), today, earliest)).toMatchObject({
      ok: false,
      errors: { amount: expect.any(String) },
    });
    expect(readPaymentForm(form({ ...payment, amount: "abc" }), today, earliest)).toMatchObject({
      ok: false,
      errors: { amount: expect.any(String) },
    });
  });

  it("refuses a date after today or more than a year before, naming the field", () => {
    const between = "The date received must fall between November 27, 2025 and November 28, 2026.";
    for (const receivedDay of ["2026-11-29", "2025-11-26", "0000-01-01", "9999-12-31"])
      expect(readPaymentForm(form({ ...payment, receivedDay }), today, earliest), receivedDay).toEqual({
        ok: false,
        errors: { receivedDay: between },
      });
    expect(receivedBeforeAgreement("2026-11-02", "2026-11-03")).toBe(
      "The date received comes before the contract was agreed, on November 3, 2026: check it.",
    );
    expect(receivedBeforeAgreement("2026-11-03", "2026-11-03")).toBeUndefined();
    expect(readPaymentForm(form({ ...payment, receivedDay: today }), today, earliest)).toMatchObject({ ok: true });
  });

  it("refuses an unknown method and a reference over 80 characters", () => {
    expect(readPaymentForm(form({ ...payment, method: "bitcoin" }), today, earliest)).toEqual({
      ok: false,
      errors: { method: "Choose how it was paid." },
    });
    expect(readPaymentForm(form({ ...payment, reference: "x".repeat(81) }), today, earliest)).toEqual({
      ok: false,
      errors: { reference: "At most 80 characters." },
    });
    expect(readPaymentForm(form({ ...payment, reference: "x".repeat(80) }), today, earliest)).toMatchObject({
      ok: true,
    });
  });

  it("asks why a record is voided, and keeps the reason", () => {
    expect(readVoidReason(form({ reason: "   " }))).toEqual({
      ok: false,
      error: "Say why: the reason is kept with the record.",
    });
    expect(readVoidReason(form({ reason: " Check returned by the bank " }))).toEqual({
      ok: true,
      reason: "Check returned by the bank",
    });
  });
});

describe("the accountant's year", () => {
  const today = "2026-11-28";

  it("is this year when none is asked for, and a year within the business's life otherwise", () => {
    expect(ledgerYear(null, today)).toBe(2026);
    expect(ledgerYear("", today)).toBe(2026);
    expect(ledgerYear("2026", today)).toBe(2026);
    expect(ledgerYear("2027", today)).toBe(2027);
  });

  it("refuses what is not a year, a year before 2000, and a year two past today's", () => {
    expect(ledgerYear("20x6", today)).toBeUndefined();
    expect(ledgerYear("1999", today)).toBeUndefined();
    expect(ledgerYear("2028", today)).toBeUndefined();
  });
});

describe("the invoice and the receipt", () => {
  const facts: InvoiceFacts = {
    number: "2026-0007",
    label: "Deposit (30%)",
    amountCents: 38_385,
    issuedDay: "2026-11-28",
    dueDay: "2026-12-13",
    dueDays: 15,
    contractor: {
      legalName: "Barnegat Home Repair LLC",
      shortName: "Barnegat Home Repair",
      address: "12 Bay Avenue, Manahawkin, NJ 08050",
      phone: "609-555-0142",
      email: "office@barnegathomerepair.com",
      registration: "13VH01234500",
    },
    homeowner: { name: "Dana Whitfield", address: "48 Ocean Drive, Ship Bottom, NJ 08008", email: "dana@example.com" },
    jobTitle: "Rear deck rebuild",
    contractTotalCents: 127_950,
    taxRateMilliPercent: 6_625,
    paidSoFarCents: 20_000,
    paidOnItCents: 0,
    waysToPay: { checksPayableTo: "Barnegat Home Repair LLC", transferLine: "", payOnlineUrl: "", dueDays: 15 },
  };

  it("carries the invoice number and its due date", () => {
    const document = invoiceDocument(facts);
    expect(document.title).toBe("Invoice");
    expect(document.reference).toContain("2026-0007");
    expect(document.dates).toContain("Invoice number: 2026-0007");
    expect(document.dates.some((line) => line.startsWith("Due date: ") && line.includes("December 13, 2026"))).toBe(
      true,
    );
    expect(document.dates).not.toContain("Due on receipt");

    const onReceipt = invoiceDocument({ ...facts, dueDays: 0, dueDay: facts.issuedDay });
    expect(onReceipt.dates).toContain("Due on receipt");
    expect(onReceipt.dates.some((line) => line.startsWith("Due date:"))).toBe(false);
  });

  it("sets out the contract's totals and this invoice's amount", () => {
    expect(invoiceDocument(facts).totals).toEqual([
      { label: "Contract total", amount: "$1,279.50" },
      { label: "Paid so far", amount: "$200.00" },
      { label: "Balance of the contract", amount: "$1,079.50" },
      { label: "Amount due on this invoice", amount: "$383.85" },
    ]);
  });

  it("never asks again for what was received before the invoice was sent", () => {
    const partly = invoiceDocument({ ...facts, paidOnItCents: 20_000 });
    expect(partly.totals.slice(-2)).toEqual([
      { label: "Of this invoice, already received", amount: "$200.00" },
      { label: "Amount due on this invoice", amount: "$183.85" },
    ]);
    expect(partly.sections.map((section) => section.heading)).not.toContain("Paid");
    const paid = invoiceDocument({ ...facts, paidOnItCents: 38_385 });
    expect(paid.totals.at(-1)).toEqual({ label: "Amount due on this invoice", amount: "$0.00" });
    expect(paid.sections[0]?.heading).toBe("Paid");
  });

  it("repeats the contract's sales tax, naming the rate only when there is one", () => {
    const taxText = (taxRateMilliPercent: number) =>
      invoiceDocument({ ...facts, taxRateMilliPercent })
        .sections.find((section) => section.heading === "Sales tax")
        ?.paragraphs.join(" ");
    expect(taxText(6_625)).toContain("6.625%");
    expect(taxText(6_625)).not.toContain("no sales tax");
    expect(taxText(0)).toBe("The contract charges no sales tax, and none is added to this payment.");
  });

  it("writes a receipt naming the method, the reference and the balance", () => {
    const receipt: ReceiptFacts = {
      amountCents: 38_385,
      method: "check",
      reference: "1042",
      receivedDay: "2026-11-30",
      homeownerName: "Dana Whitfield",
      jobTitle: "Rear deck rebuild",
      contractTotalCents: 127_950,
      paidSoFarCents: 58_385,
      appliedTo: ["2026-0007 (paid)"],
    };
    const lines = receiptLines(receipt);
    expect(lines).toContain("Paid by: Check, reference 1042");
    expect(lines).toContain("Amount received: $383.85");
    expect(lines).toContain("Counted towards invoice 2026-0007 (paid).");
    expect(lines).toContain(
      "Contract total: $1,279.50. Paid so far, this payment included: $583.85. Balance of the contract: $695.65.",
    );
    const ahead = receiptLines({ ...receipt, method: "transfer", reference: "", appliedTo: [] });
    expect(ahead).toContain("Paid by: Bank transfer");
    expect(ahead).toContain("Paid ahead of any invoice.");
  });
});
