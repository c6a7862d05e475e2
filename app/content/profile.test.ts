import { describe, expect, it } from "vitest";
import { profile, validateProfile, type BusinessProfile } from "./profile";

describe("business profile", () => {
  it("is valid", () => {
    expect(validateProfile(profile)).toEqual([]);
  });

  it("catches a phone number shown and dialled differently", () => {
    const broken: BusinessProfile = { ...profile, phone: { display: "(609) 555-0199", e164: "+16095550142" } };
    expect(validateProfile(broken)).toContain("phone.display and phone.e164 name different numbers");
  });

  it("holds the business's published figures", () => {
    expect(profile.yearsExperience).toBe(40);
    expect(profile.yearsOnIsland).toBe(17);
    expect(profile.foundingYear).toBe(1984);
    expect(profile.rating).toMatchObject({ value: 4.9, best: 5 });
    expect(profile.areaServed.radiusMeters).toBe(50000);
    expect(profile.homeWatchAreas).toEqual([
      "Long Beach Island",
      "Surf City",
      "Ship Bottom",
      "Beach Haven",
      "Harvey Cedars",
      "Barnegat Light",
    ]);
  });
});
