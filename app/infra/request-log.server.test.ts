import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { TOKEN_PATH_PREFIXES } from "~/route-registry";
import routes from "~/routes";
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

  it("hides a job link's token, with its photos' and documents' paths", () => {
    for (const path of [
      `/job/${token}`,
      `/JOB/${token}.data`,
      `/job/${token}/photos/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc-large.webp`,
      `/job/${token}/documents/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc`,
      `/%6Aob/${token}`,
      `/%256Aob/${token}`,
      `//job//${token}/`,
      `/job%2F${token}`,
      `/job\\${token}`,
      `/x/../job/${token}`,
      `/x/%2E%2E/job/${token}`,
      `/job/${token}%E0%A4%A`,
    ])
      expect(loggablePath(path), path).toBe("/job/…");
    expect(loggablePath("/job")).toBe("/job");
    expect(loggablePath("/job/")).toBe("/job/");
    expect(loggablePath("/owner/jobs/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc")).toBe(
      "/owner/jobs/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc",
    );
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
    expect(withoutSecrets(`no photo ${token}/photos/a.webp`, `/job/${token}/photos/a.webp`)).toBe("no photo …");
    expect(withoutSecrets(`no job ${token}`, `/x/../JOB/${token}`)).toBe("no job …");
  });

  it("keeps a message about an address without secrets as it is", () => {
    expect(withoutSecrets("Failed to decode /blog/%E0%A4%A", "/blog/%E0%A4%A")).toBe("Failed to decode /blog/%E0%A4%A");
    expect(withoutSecrets("page 2 of the list", "/owner?page=2")).toBe("page 2 of the list");
  });
});

/** Every route's path as `routes.ts` builds it, from the root. */
function routePaths(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [own, ...routePaths(entry.children ?? [], own)];
  });
}

describe("the one list of token paths", () => {
  it("names every route that takes a token in its path", () => {
    const withToken = routePaths(routes).filter((route) => route.split("/").includes(":token"));
    expect(withToken.length).toBeGreaterThanOrEqual(6);
    for (const route of withToken) {
      const prefix = route.slice(0, route.indexOf("/:token") + 1);
      expect(TOKEN_PATH_PREFIXES, route).toContain(prefix);
      // Whatever follows the token (a photo, a document) is hidden with it.
      expect(loggablePath(route.replace(":token", token)), route).toBe(`${prefix}…`);
    }
  });

  it("is the list nginx's access log hides, line for line", () => {
    const conf = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");
    const map = /map \$uri \$causeway_log_path \{\n([^}]*)\}/.exec(conf)?.[1] ?? "";
    const lines = map
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines).toEqual([
      ...TOKEN_PATH_PREFIXES.map((prefix) => {
        const name = prefix.slice(1, -1);
        return `"~*(^|[/\\x5c])${name}[/\\x5c]+[^/\\x5c]" "/${name}/...";`;
      }),
      '"~%" "/...";',
      "default $uri;",
    ]);
  });
});
