import { describe, expect, it } from "vitest";
import { daysList, monthBefore, monthBill, monthText, watchInvoiceDocument } from "./watch-invoice";

const prices = { priceCents: 8500, stormPriceCents: 12000 };

describe("a home watch month's bill", () => {
  it("charges each visit made at the visit's price and each storm check at its own", () => {
    const bill = monthBill(
      [
        { day: "2026-11-20", kind: "regular" },
        { day: "2026-11-06", kind: "regular" },
        { day: "2026-11-14", kind: "storm" },
        { day: "2026-11-13", kind: "regular" },
      ],
      prices,
      "2026-11",
    );
    expect(bill?.amountCents).toBe(3 * 8500 + 12000);
    expect(bill?.label).toBe("Home watch, November 2026: 3 visits, 1 storm check");
    expect(bill?.lines.map((l) => [l.kind, l.days.length, l.amountCents])).toEqual([
      ["regular", 3, 25500],
      ["storm", 1, 12000],
    ]);
    expect(bill?.lines[0]?.days).toEqual(["2026-11-06", "2026-11-13", "2026-11-20"]);
  });

  it("makes no bill without a visit made, or when every visit is free", () => {
    expect(monthBill([], prices, "2026-11")).toBeUndefined();
    expect(monthBill([{ day: "2026-11-14", kind: "storm" }], { priceCents: 8500, stormPriceCents: 0 }, "2026-11")).toBe(
      undefined,
    );
  });

  it("bills December's visits on January 1st, and names days and months as people read them", () => {
    expect(monthBefore("2027-01-01")).toBe("2026-12");
    expect(monthBefore("2026-11-01")).toBe("2026-10");
    expect(monthText("2026-12")).toBe("December 2026");
    expect(daysList(["2026-11-06"])).toBe("Nov 6");
    expect(daysList(["2026-11-30", "2026-12-07", "2026-12-14"])).toBe("Nov 30, Dec 7 and Dec 14");
  });

  it("writes the invoice's document with a line per kind of visit and the amount due", () => {
    const bill = monthBill([{ day: "2026-11-06", kind: "regular" }], prices, "2026-11");
    if (!bill) throw new Error("no bill");
    const document = watchInvoiceDocument({
      number: "2026-0007",
      bill,
      issuedDay: "2026-12-01",
      dueDay: "2026-12-15",
      contractor: {
        legalName: "Causeway Home Services LLC",
        shortName: "Causeway",
        address: "1 Main St, Ship Bottom, NJ",
        phone: "(609) 555-0100",
        email: "office@causeway.test",
        registration: "13VH00000000",
      },
      homeowner: { name: "Robin Shore", address: "8 Bay Avenue, Harvey Cedars, NJ" },
      planReference: "Home watch plan ABCD1234",
      waysToPay: { checksPayableTo: "Causeway Home Services LLC", transferLine: "", payOnlineUrl: "", dueDays: 14 },
    });
    expect(document.items).toEqual([
      expect.objectContaining({ description: "Home watch visit: Nov 6", quantity: "1", amount: "$85.00" }),
    ]);
    expect(document.totals).toEqual([{ label: "Amount due", amount: "$85.00" }]);
    expect(document.dates).toContain("Due date: Tuesday, December 15, 2026");
  });
});
