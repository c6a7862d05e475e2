import { describe, expect, it } from "vitest";
import { firstFacts } from "./business-facts";
import { profile, validateProfile, type BusinessProfile } from "./profile";

describe("business profile", () => {
  it("is valid", () => {
    expect(validateProfile(profile)).toEqual([]);
  });

  it("catches a site address with a trailing slash", () => {
    const broken: BusinessProfile = { ...profile, siteUrl: "https://www.causewayhomerepair.example/" };
    expect(validateProfile(broken)).toContain("siteUrl must be an https origin without a trailing slash");
  });

  it("holds the business's fixed figures", () => {
    expect(profile.rating).toMatchObject({ value: 4.9, best: 5 });
    expect(profile.areaServed.radiusMeters).toBe(50000);
  });
});

describe("the first facts", () => {
  it("hold the figures and towns the site started with", () => {
    expect(firstFacts.figures).toMatchObject({ yearsExperience: 40, yearsOnIsland: 17, foundingYear: 1984 });
    expect(firstFacts.homeWatchAreas).toEqual([
      "Long Beach Island",
      "Surf City",
      "Ship Bottom",
      "Beach Haven",
      "Harvey Cedars",
      "Barnegat Light",
    ]);
  });
});
