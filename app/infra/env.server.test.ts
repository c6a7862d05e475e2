import { describe, expect, it } from "vitest";
import { profile } from "~/content/profile";
import { ConfigError, parseEnv } from "./env.server";

describe("site origin for email links", () => {
  it("defaults to the profile's address and takes SITE_URL's origin when set", () => {
    expect(parseEnv({}).siteUrl).toBe(profile.siteUrl);
    expect(parseEnv({ SITE_URL: "https://example.org/some/path/" }).siteUrl).toBe("https://example.org");
  });

  it("refuses a SITE_URL that is not http(s)", () => {
    expect(() => parseEnv({ SITE_URL: "ftp://example.org" })).toThrow(ConfigError);
    expect(() => parseEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
  });
});
