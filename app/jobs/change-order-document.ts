/**
 * A change order as a document, in the shape of the quote's, so the quote's PDF code writes it and
 * its page shows it: the items added and taken out, the amount with the contract's tax, the
 * contract total before and after, the new completion date, the reason, and how it is signed.
 * Built only from what the change order stores, so the signed copy repeats the sent one exactly.
 * Pure; shared with the browser.
 */
import { contractorLines, type PaperDocument } from "~/paperwork/document";
import type { Contractor } from "~/paperwork/contract-terms";
import { paperCopyText } from "~/paperwork/contract-terms";
import { formatCents, formatQuantity, formatRate, lineCents } from "~/paperwork/money";
import { changeTotals, type ChangeOrderContent } from "./change-order-content";
import { dayLabel } from "./job-rules";

/** What the business and the homeowner were when the change order was sent, stored with it. */
export interface SentChangeOrder extends ChangeOrderContent {
  contractor: Contractor;
  homeowner: { name: string; address: string; email: string };
  jobTitle: string;
  taxRateMilliPercent: number;
  /** The contract total before this change: the contract and every change accepted until then. */
  totalBeforeCents: number;
  sentDay: string;
  sentBy: string;
}

export const CHANGE_CONSENT = "I agree to sign and receive this change order electronically";

export const changeOrderFileName = (number: number, signed: boolean) =>
  `change-order-${number}${signed ? "-signed" : ""}.pdf`;

export function changeOrderDocument(number: number, order: SentChangeOrder): PaperDocument {
  const totals = changeTotals(order.items, order.taxRateMilliPercent);
  const { contractor } = order;
  const signed = (cents: number) => (cents < 0 ? `(${formatCents(-cents)})` : formatCents(cents));
  return {
    title: `Change order ${number}`,
    reference: `To the contract for: ${order.jobTitle}`,
    contractor: contractorLines(contractor),
    homeowner: [order.homeowner.name, order.homeowner.address || "(address of the work as in the contract)"],
    dates: [
      `Written on ${dayLabel(order.sentDay)}`,
      order.completionDay
        ? `New completion date: ${dayLabel(order.completionDay)}`
        : "The completion date does not change.",
    ],
    items: order.items.map((item, position) => {
      const amount = lineCents(item.quantityHundredths, item.unitCents);
      return {
        position,
        description: `${item.removes ? "Taken out" : "Added"}: ${item.description}`,
        quantity: `${formatQuantity(item.quantityHundredths)}${item.unit ? ` ${item.unit}` : ""}`,
        unitPrice: formatCents(item.unitCents),
        amount: signed(item.removes ? -amount : amount),
        optional: false,
        included: true,
      };
    }),
    totals: [
      { label: "Net change", amount: signed(totals.netCents) },
      { label: `Sales tax (${formatRate(order.taxRateMilliPercent)})`, amount: signed(totals.taxCents) },
      { label: "This change", amount: signed(totals.totalCents) },
      { label: "Contract total before", amount: formatCents(order.totalBeforeCents) },
      { label: "Contract total with this change", amount: formatCents(order.totalBeforeCents + totals.totalCents) },
    ],
    sections: [
      { heading: "Why the work changes", paragraphs: [order.reason] },
      ...paymentSection(order.dueWhenSigned, totals.totalCents),
      {
        heading: "What signing means",
        paragraphs: [
          "This change order amends the contract named above. Everything else in the contract, its right-to-cancel notice, warranty and payment terms included, stays as it was.",
          "Until you sign it, it is only a proposal: we do not do the work it adds, or leave out the work it takes out, and the contract total does not change.",
          `${contractor.legalName} signs this change order by sending it. You sign it by typing your full name and accepting it online, after agreeing to sign and receive it electronically. ${paperCopyText(contractor)}`,
        ],
      },
    ],
    consent: CHANGE_CONSENT,
    paperCopy: paperCopyText(contractor),
  };
}

function paymentSection(dueWhenSigned: boolean | undefined, totalCents: number) {
  if (dueWhenSigned === undefined) return [];
  const paragraph = dueWhenSigned
    ? "This change is paid on its own: once you sign it, its amount is invoiced by itself rather than with the final payment."
    : totalCents < 0
      ? "What this change takes out comes off the final payment."
      : "This change is added to the final payment, due when the work is finished.";
  return [{ heading: "Payment", paragraphs: [paragraph] }];
}
