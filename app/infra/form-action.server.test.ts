import { describe, expect, it } from "vitest";
import { formActions } from "~/route-registry";
import { formActionOf } from "./form-action.server";

describe("form action of a path", () => {
  it("finds the estimate action under every spelling the router accepts", () => {
    for (const path of [
      "/api/estimate",
      "/API/ESTIMATE",
      "/api/estimate/",
      "/api/%65stimate",
      "/api/%2565stimate",
      "//api//estimate",
      "/estimate",
      "/Estimate/",
      "/estimate.data",
      "/ESTIMATE.DATA?index",
    ])
      expect(formActionOf(path), path).toBe("estimate");
  });

  it("finds the newsletter action the same way", () => {
    for (const path of ["/api/newsletter", "/Api/Newsletter/", "/newsletter.data", "/%6Eewsletter"])
      expect(formActionOf(path), path).toBe("newsletter");
  });

  it("finds a review's post under any token and spelling, but not the reviews page", () => {
    for (const path of ["/review/abc", "/Review/AbC_-9/", "/review/abc.data", "/%72eview/abc"])
      expect(formActionOf(path), path).toBe("review");
    for (const path of ["/reviews", "/review", "/review/a/b", "/reviews/abc"])
      expect(formActionOf(path), path).toBeUndefined();
  });

  it("finds the visit confirmation under any token and spelling, and only one segment deep", () => {
    for (const path of ["/visit/abc", "/Visit/AbC_-9/", "/visit/abc.data", "/%76isit/abc"])
      expect(formActionOf(path), path).toBe("visit");
    for (const path of ["/visit", "/visit/", "/visit/a/b", "/visits/abc"])
      expect(formActionOf(path), path).toBeUndefined();
  });

  it("maps every registered address to its own action", () => {
    for (const [action, paths] of Object.entries(formActions))
      for (const path of paths) expect(formActionOf(path)).toBe(action);
  });

  it("finds nothing for other pages and for malformed escapes", () => {
    expect(formActionOf("/")).toBeUndefined();
    expect(formActionOf("/services")).toBeUndefined();
    expect(formActionOf("/api/estimates")).toBeUndefined();
    expect(formActionOf("/%E0%A4%A")).toBeUndefined();
  });
});
