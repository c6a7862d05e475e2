import { describe, expect, it } from "vitest";
import { paymentLines } from "~/paperwork/payment-terms";
import { checkContractFacts, type ContractFactsInput } from "./contract-facts-rules";

const input: ContractFactsInput = {
  insurerName: "Barnegat Mutual Insurance",
  insurerPhone: "(609) 555-0190",
  consumerAffairsPhone: "+1 973-504-6200",
  warranty: "Two years on workmanship.",
  depositPercent: "30",
  milestones: "40 when the framing is inspected",
};

describe("the contract facts", () => {
  it("take phone numbers as people write them, and state the payment terms with a final payment on completion", () => {
    const checked = checkContractFacts(input);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(paymentLines(checked.facts.payment)).toEqual([
      "30% of the total as a deposit when you accept.",
      "40% when the framing is inspected.",
      "30% when the work is finished. The final payment is never due before the work is complete.",
    ]);
  });

  it("refuse terms that leave nothing due on completion, and name each missing fact", () => {
    expect(checkContractFacts({ ...input, depositPercent: "40", milestones: "60 when framed" })).toEqual({
      ok: false,
      errors: {
        milestones: "The deposit and milestones must leave a final payment, due only when the work is finished.",
      },
    });
    const empty = checkContractFacts({ ...input, insurerName: "", insurerPhone: "call us", warranty: "" });
    expect(!empty.ok && Object.keys(empty.errors)).toEqual(["insurerName", "insurerPhone", "warranty"]);
  });
});
