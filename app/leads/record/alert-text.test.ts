import { describe, expect, it } from "vitest";
import { firstWords, newLeadAlert, reminderAlert } from "./alert-text";

const lead = {
  id: "0b7e5c1e-6f0a-4d59-9a57-2f4d3c1b2a10",
  name: "Dana Whitfield",
  address: "14 W 24th St, Ship Bottom, NJ 08008",
  description: "The deck stairs are loose after the storm and two boards on the landing have split. Also a railing.",
  photoCount: 3,
};

describe("the push a new lead sends", () => {
  it("names the person, the town, the photo count and the first words, and opens the lead", () => {
    expect(newLeadAlert(lead)).toEqual({
      title: "New lead: Dana Whitfield",
      body: "Ship Bottom · 3 photos\nThe deck stairs are loose after the storm and two boards on…",
      url: `/owner/leads/${lead.id}`,
      tag: `lead-${lead.id}`,
    });
  });

  it("leaves out a town it cannot tell and says when there are no photos", () => {
    const alert = newLeadAlert({ ...lead, address: "somewhere inland", photoCount: 0, description: "Fix door" });
    expect(alert.body).toBe("no photos\nFix door");
    expect(newLeadAlert({ ...lead, photoCount: 1 }).body).toContain("1 photo\n");
  });

  it("keeps a long name and a wall of text short", () => {
    const alert = newLeadAlert({ ...lead, name: "N".repeat(200), description: "x".repeat(5000) });
    expect(alert.title.length).toBeLessThanOrEqual("New lead: ".length + 60);
    expect(firstWords("x".repeat(5000)).length).toBe(120);
    expect(firstWords("  one\n\ntwo   three ")).toBe("one two three");
  });

  it("says how long a reminded lead has waited", () => {
    expect(reminderAlert(lead, 2).title).toBe("Still new after 2 business hours: Dana Whitfield");
    expect(reminderAlert(lead, 1).title).toBe("Still new after 1 business hour: Dana Whitfield");
  });
});
