import { describe, expect, it } from "vitest";
import { loggablePath, withoutSecrets } from "./request-log.server";

const token = "Zm9vYmFyLXRva2VuLXRoYXQtaXMtYS1jcmVkZW50aWFs";

describe("the path a log line keeps", () => {
  it("hides a visit link's token under every spelling the router accepts", () => {
    for (const path of [
      `/visit/${token}`,
      `/Visit/${token}/`,
      `/visit/${token}.data`,
      `//visit//${token}`,
      `/%76isit/${token}`,
      `/%2576isit/${token}`,
      `/visit/${token}/anything`,
      `/visit/${token}?x=1`,
      `/visit/${token}%E0%A4%A`,
    ])
      expect(loggablePath(path), path).toBe("/visit/…");
  });

  it("hides a quote link's token the same way", () => {
    for (const path of [`/quote/${token}`, `/QUOTE/${token}.data`, `//quote/${token}/`, `/%71uote/${token}%E0%A4%A`])
      expect(loggablePath(path), path).toBe("/quote/…");
    expect(loggablePath("/quote")).toBe("/quote");
  });

  it("hides a review link's token the same way, and leaves the reviews page alone", () => {
    for (const path of [
      `/review/${token}`,
      `/Review/${token}/`,
      `/review/${token}.data`,
      `/%72eview/${token}`,
      `/review/${token}?unsubscribe`,
      `/review/${token}%E0%A4%A`,
    ])
      expect(loggablePath(path), path).toBe("/review/…");
    expect(loggablePath("/reviews")).toBe("/reviews");
    expect(loggablePath("/reviews.data")).toBe("/reviews.data");
  });

  it("drops every query, where the setup and newsletter links carry theirs", () => {
    expect(loggablePath(`/owner/setup?token=${token}`)).toBe("/owner/setup");
    expect(loggablePath(`/newsletter/confirm?token=${token}`)).toBe("/newsletter/confirm");
    expect(loggablePath(`/newsletter/unsubscribe?token=${token}`)).toBe("/newsletter/unsubscribe");
  });

  it("leaves other paths as they came", () => {
    expect(loggablePath("/services/decks-and-stairs")).toBe("/services/decks-and-stairs");
    expect(loggablePath("/visitors")).toBe("/visitors");
    expect(loggablePath("/visit")).toBe("/visit");
  });
});

describe("an error message about the request", () => {
  it("loses the token it quotes, raw or decoded", () => {
    const url = `/visit/${token}%E0%A4%A`;
    expect(withoutSecrets(`Failed to decode param '${token}%E0%A4%A'`, url)).toBe("Failed to decode param '…'");
    expect(withoutSecrets(`no visit ${token}`, `/Visit/${token}`)).toBe("no visit …");
    expect(withoutSecrets(`bad token ${token}`, `/owner/setup?token=${token}&x=1`)).toBe("bad token …");
  });

  it("keeps a message about an address without secrets as it is", () => {
    expect(withoutSecrets("Failed to decode /blog/%E0%A4%A", "/blog/%E0%A4%A")).toBe("Failed to decode /blog/%E0%A4%A");
    expect(withoutSecrets("page 2 of the list", "/owner?page=2")).toBe("page 2 of the list");
  });
});
