import { describe, expect, it } from "vitest";
import { profile } from "~/content/profile";
import { readBuildSettings } from "./build-settings";

describe("build-time settings", () => {
  it("default to the profile's address and no chat", () => {
    expect(readBuildSettings({})).toEqual({ siteUrl: profile.siteUrl, chatEmbedUrl: "" });
    expect(readBuildSettings({ SITE_URL: "", CHAT_EMBED_URL: "" })).toEqual({
      siteUrl: profile.siteUrl,
      chatEmbedUrl: "",
    });
  });

  it("keep only SITE_URL's origin, and the chat address as given", () => {
    expect(
      readBuildSettings({ SITE_URL: "https://example.org/a/", CHAT_EMBED_URL: "https://chat.example.net/embed?x=1" }),
    ).toEqual({
      siteUrl: "https://example.org",
      chatEmbedUrl: "https://chat.example.net/embed?x=1",
    });
  });

  it.each([
    ["SITE_URL", "example.org"],
    ["SITE_URL", "ftp://example.org"],
    ["CHAT_EMBED_URL", "javascript:alert(1)"],
  ])("refuse %s=%j naming the variable", (variable, value) => {
    expect(() => readBuildSettings({ [variable]: value })).toThrow(new RegExp(`Invalid configuration: ${variable} `));
  });
});
