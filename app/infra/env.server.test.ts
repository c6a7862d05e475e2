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

describe("proxy trust", () => {
  it("believes only a proxy on this machine unless told otherwise", () => {
    expect(parseEnv({}).trustProxy).toEqual(["loopback"]);
  });

  it("takes names, addresses and CIDR ranges, or false", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["yes", "10.0.0.0/33", "300.1.1.1", "1", "loopback,everyone"])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe("mail limits", () => {
  it("defaults to 30 confirmations an hour and 10 MB of encoded attachments", () => {
    const env = parseEnv({});
    expect(env.confirmationsPerHour).toBe(30);
    expect(env.mailMaxAttachmentBytes).toBe(10 * 1024 * 1024);
    expect(parseEnv({ MAIL_MAX_ATTACHMENTS_MB: "5" }).mailMaxAttachmentBytes).toBe(5 * 1024 * 1024);
  });

  it("refuses values that are not whole numbers in range", () => {
    expect(() => parseEnv({ CONFIRMATIONS_PER_HOUR: "0" })).toThrow(/CONFIRMATIONS_PER_HOUR/);
    expect(() => parseEnv({ CONFIRMATIONS_PER_HOUR: "many" })).toThrow(/CONFIRMATIONS_PER_HOUR/);
    expect(() => parseEnv({ MAIL_MAX_ATTACHMENTS_MB: "-1" })).toThrow(/MAIL_MAX_ATTACHMENTS_MB/);
  });
});
