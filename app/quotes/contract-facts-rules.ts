/**
 * The business's contract facts as the owner enters them on the Site page: the insurer, the
 * Division of Consumer Affairs' number, the warranty and the payment terms. Payment terms are a
 * deposit and milestones in percent of the total; what they leave is due on completion, and must
 * be more than nothing, so the final payment can never fall due before the work is finished.
 * Pure; shared with the browser.
 */

import { hiddenCharacterError } from "~/forms/plain-text";
import type { Milestone, PaymentTerms } from "~/paperwork/payment-terms";

export const FACT_TEXT_MAX = 4_000;
export const MILESTONES_MAX = 4;

export interface ContractFactsInput {
  insurerName: string;
  insurerPhone: string;
  consumerAffairsPhone: string;
  warranty: string;
  depositPercent: string;
  /** One milestone a line: "30 when the framing is inspected". */
  milestones: string;
}

export type ContractFactsErrors = Partial<Record<keyof ContractFactsInput | "certificate", string>>;

export interface CheckedFacts {
  insurerName: string;
  insurerPhone: string;
  consumerAffairsPhone: string;
  warranty: string;
  payment: PaymentTerms;
}

const PHONE = /^[+(\d][\d\s().-]{6,24}$/;

function phoneError(value: string, label: string): string | undefined {
  if (!value) return `Enter the ${label}.`;
  if (!PHONE.test(value) || value.replace(/\D/g, "").length < 7) return `Enter the ${label} as a phone number.`;
  return undefined;
}

/** The milestones as typed, one a line; undefined with the reason when a line is not "percent words". */
export function parseMilestones(text: string): { milestones: Milestone[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MILESTONES_MAX) return { error: `At most ${MILESTONES_MAX} milestones.` };
  const milestones: Milestone[] = [];
  for (const line of lines) {
    const match = /^(\d{1,2})\s*%?\s+(.{3,120})$/.exec(line);
    if (!match)
      return {
        error: `Write each milestone as a percent and when it is due, e.g. "30 when the framing is inspected".`,
      };
    milestones.push({ percent: Number(match[1]), label: match[2] ?? "" });
  }
  return { milestones };
}

export function checkContractFacts(
  input: ContractFactsInput,
): { ok: true; facts: CheckedFacts } | { ok: false; errors: ContractFactsErrors } {
  const errors: ContractFactsErrors = {};
  if (!input.insurerName) errors.insurerName = "Enter the insurer's name.";
  else if (input.insurerName.length > 120) errors.insurerName = "At most 120 characters.";
  const insurerPhone = phoneError(input.insurerPhone, "insurer's telephone number");
  if (insurerPhone) errors.insurerPhone = insurerPhone;
  const dcaPhone = phoneError(input.consumerAffairsPhone, "Division of Consumer Affairs' telephone number");
  if (dcaPhone) errors.consumerAffairsPhone = dcaPhone;
  if (!input.warranty) errors.warranty = "Write the warranty you give.";
  else if (input.warranty.length > FACT_TEXT_MAX) errors.warranty = `At most ${FACT_TEXT_MAX} characters.`;
  const deposit = /^\d{1,2}$/.test(input.depositPercent) ? Number(input.depositPercent) : undefined;
  if (deposit === undefined) errors.depositPercent = "A whole percent from 0 to 99.";
  const parsed = parseMilestones(input.milestones);
  if ("error" in parsed) errors.milestones = parsed.error;
  else if (deposit !== undefined) {
    const before = deposit + parsed.milestones.reduce((sum, m) => sum + m.percent, 0);
    if (before >= 100)
      errors.milestones = "The deposit and milestones must leave a final payment, due only when the work is finished.";
  }
  const labels: [keyof ContractFactsInput, string, boolean][] = [
    ["insurerName", "The insurer's name", false],
    ["insurerPhone", "The insurer's telephone number", false],
    ["consumerAffairsPhone", "The Division of Consumer Affairs' number", false],
    ["warranty", "The warranty", true],
    ["milestones", "The milestones", true],
  ];
  for (const [field, label, multiline] of labels) {
    const hidden = hiddenCharacterError(input[field], label, multiline);
    if (hidden) errors[field] = hidden;
  }
  if (Object.keys(errors).length > 0 || deposit === undefined || "error" in parsed) return { ok: false, errors };
  return {
    ok: true,
    facts: {
      insurerName: input.insurerName,
      insurerPhone: input.insurerPhone,
      consumerAffairsPhone: input.consumerAffairsPhone,
      warranty: input.warranty,
      payment: { depositPercent: deposit, milestones: parsed.milestones },
    },
  };
}

export function milestonesText(milestones: readonly Milestone[]): string {
  return milestones.map((m) => `${m.percent} ${m.label}`).join("\n");
}
