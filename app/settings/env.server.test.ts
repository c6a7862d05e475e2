import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import webpush from "web-push";
import { BUILD_VARIABLES } from "~/settings/build-settings";
import {
  ConfigError,
  DEFAULT_PUSH_SERVICE_HOSTS,
  ENV_VARIABLES,
  parseEnv,
  type Env,
  type EnvVariable,
} from "./env.server";

const vapid = webpush.generateVAPIDKeys();

interface Case {
  /** What an unset variable gives. */
  unset: Partial<Env>;
  /** Values that are taken, with what they give. */
  valid: [string, Partial<Env>][];
  /** Values that stop the server. */
  invalid: string[];
}

const cases: Record<EnvVariable, Case> = {
  PORT: { unset: { port: 3000 }, valid: [["8080", { port: 8080 }]], invalid: ["eighty", "70000", "-1", "80.5"] },
  HOST: { unset: { host: "0.0.0.0" }, valid: [["127.0.0.1", { host: "127.0.0.1" }]], invalid: [] },
  DATABASE_URL: {
    unset: { databaseUrl: undefined },
    valid: [["postgres://u:p@db:5432/site", { databaseUrl: "postgres://u:p@db:5432/site" }]],
    invalid: ["mysql://db/site", "not a url"],
  },
  DATA_DIR: {
    unset: { dataDir: path.resolve("./data") },
    valid: [["/var/lib/site", { dataDir: "/var/lib/site" }]],
    invalid: [],
  },
  BACKUP_DIR: {
    unset: { backupDir: path.resolve("./data/backups") },
    valid: [["/srv/backups", { backupDir: "/srv/backups" }]],
    invalid: [],
  },
  BACKUP_KEEP: { unset: { backupKeep: 14 }, valid: [["3", { backupKeep: 3 }]], invalid: ["0", "all", "-2"] },
  PG_BIN_DIR: {
    unset: { pgBinDir: undefined },
    valid: [["/usr/lib/postgresql/16/bin", { pgBinDir: "/usr/lib/postgresql/16/bin" }]],
    invalid: [],
  },
  SMTP_URL: {
    unset: { smtpUrl: undefined },
    valid: [["smtps://u:p@mail.example.com:465", { smtpUrl: "smtps://u:p@mail.example.com:465" }]],
    invalid: ["http://mail.example.com", "mail.example.com"],
  },
  MAIL_FROM: {
    unset: { mailFrom: `${profile.name} <${firstFacts.email}>` },
    valid: [["Estimates <estimates@example.com>", { mailFrom: "Estimates <estimates@example.com>" }]],
    invalid: ["estimates", "a@b"],
  },
  LEADS_TO: {
    unset: { leadsTo: firstFacts.email },
    valid: [["owner@example.com", { leadsTo: "owner@example.com" }]],
    invalid: ["owner"],
  },
  RATE_LIMIT_MAX: { unset: { rateLimitMax: 10 }, valid: [["0", { rateLimitMax: 0 }]], invalid: ["ten", "-5"] },
  TRUST_PROXY: {
    unset: { trustProxy: ["loopback"] },
    valid: [
      ["loopback, 10.0.0.0/8, fd00::/8", { trustProxy: ["loopback", "10.0.0.0/8", "fd00::/8"] }],
      ["false", { trustProxy: false }],
    ],
    invalid: ["yes", "10.0.0.0/33", "300.1.1.1", "1", "loopback,everyone"],
  },
  CONFIRMATIONS_PER_HOUR: {
    unset: { confirmationsPerHour: 30 },
    valid: [["5", { confirmationsPerHour: 5 }]],
    invalid: ["0", "many"],
  },
  MAIL_MAX_ATTACHMENTS_MB: {
    unset: { mailMaxAttachmentBytes: 10 * 1024 * 1024 },
    valid: [["5", { mailMaxAttachmentBytes: 5 * 1024 * 1024 }]],
    invalid: ["-1", "2000", "lots"],
  },
  MAIL_RETRY_BASE_MS: {
    unset: { mailRetryBaseMs: 30_000 },
    valid: [["500", { mailRetryBaseMs: 500 }]],
    invalid: ["0", "soon"],
  },
  NODE_ENV: { unset: { nodeEnv: "production" }, valid: [["development", { nodeEnv: "development" }]], invalid: [] },
  LOG_LEVEL: { unset: { logLevel: "info" }, valid: [["WARN", { logLevel: "warn" }]], invalid: ["loud"] },
  SITE_URL: {
    unset: { siteUrl: profile.siteUrl },
    valid: [["https://example.org/some/path/", { siteUrl: "https://example.org" }]],
    invalid: ["ftp://example.org", "not a url"],
  },
  // Each key alone is refused (both or neither); the pair is taken in the test below.
  VAPID_PUBLIC_KEY: {
    unset: { vapidKeys: undefined },
    valid: [],
    invalid: [vapid.publicKey, vapid.privateKey, "not base64!", Buffer.alloc(65, 4).toString("base64")],
  },
  VAPID_PRIVATE_KEY: {
    unset: { vapidKeys: undefined },
    valid: [],
    invalid: [vapid.privateKey, vapid.publicKey, "short"],
  },
  PUSH_SERVICE_HOSTS: {
    unset: { pushServiceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS] },
    valid: [
      ["fcm.googleapis.com, 127.0.0.1:9999", { pushServiceHosts: ["fcm.googleapis.com", "127.0.0.1:9999"] }],
      ["*.Push.Apple.com", { pushServiceHosts: ["*.push.apple.com"] }],
    ],
    invalid: ["https://fcm.googleapis.com", "*", "*.com/x", " , ", "a..b"],
  },
  REMINDER_AFTER_HOURS: {
    unset: { reminderAfterHours: 2 },
    valid: [
      ["4", { reminderAfterHours: 4 }],
      ["0", { reminderAfterHours: 0 }],
    ],
    invalid: ["two", "1.5", "-1", "5000"],
  },
  SEAL_KEY: {
    unset: { sealKey: undefined },
    valid: [[Buffer.alloc(32, 7).toString("base64url"), { sealKey: Buffer.alloc(32, 7) }]],
    invalid: [
      "short",
      Buffer.alloc(31, 7).toString("base64url"),
      Buffer.alloc(32, 7).toString("base64"),
      "x".repeat(44),
    ],
  },
};

describe("runtime settings", () => {
  it("puts backups under DATA_DIR unless BACKUP_DIR says otherwise", () => {
    expect(parseEnv({ DATA_DIR: "/var/lib/site" }).backupDir).toBe("/var/lib/site/backups");
    expect(parseEnv({ DATA_DIR: "/var/lib/site", BACKUP_DIR: "/mnt/b" }).backupDir).toBe("/mnt/b");
  });

  it("has a case here for every variable the schema reads", () => {
    expect(Object.keys(cases).sort()).toEqual([...ENV_VARIABLES].sort());
  });

  describe.each(Object.entries(cases))("%s", (variable, { unset, valid, invalid }) => {
    it("has a default when unset or empty", () => {
      expect(parseEnv({})).toMatchObject(unset);
      expect(parseEnv({ [variable]: "" })).toMatchObject(unset);
    });

    it.each(valid)("takes %j", (value, expected) => {
      expect(parseEnv({ [variable]: value })).toMatchObject(expected);
    });

    it.skipIf(invalid.length === 0).each(invalid)("refuses %j with a message naming the variable", (value) => {
      expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
      expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`Invalid configuration: ${variable} `));
    });
  });

  it("never quotes a secret it refuses in its message", () => {
    for (const [variable, value] of [
      ["SEAL_KEY", `${"k".repeat(40)}!!!`],
      ["VAPID_PRIVATE_KEY", "secret-private-key-value"],
      ["DATABASE_URL", "mysql://site:hunter2secret@db/site"],
      ["SMTP_URL", "http://mail:hunter2secret@mail.example.com"],
    ] as const) {
      let message = "";
      try {
        parseEnv({ [variable]: value });
      } catch (error) {
        message = String(error);
      }
      expect(message, variable).toMatch(new RegExp(`Invalid configuration: ${variable} `));
      expect(message, variable).not.toContain(value.includes("hunter2") ? "hunter2" : value);
    }
  });
});

describe("the VAPID key pair", () => {
  it("is taken when both keys are set", () => {
    expect(parseEnv({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey })).toMatchObject({
      vapidKeys: { publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    });
  });

  it("is refused with one key missing, naming the one that is set", () => {
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
      /VAPID_PRIVATE_KEY is set without VAPID_PUBLIC_KEY/,
    );
  });
});

describe("the README's configuration tables", () => {
  /** The variables each table of the README's Configuration section names, table by table. */
  function readmeTables(): string[][] {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    const start = readme.indexOf("\n## Configuration");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    // Consecutive lines starting with "|" are one table: a header, its separator, then the rows.
    const tables = section.split(/\n(?!\|)/).map((block) => block.split("\n").filter((line) => line.startsWith("|")));
    return tables
      .filter((lines) => lines.length > 0)
      .map((lines) =>
        lines.slice(2).flatMap((line) => {
          const names = [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? "");
          expect(names, `a row that names no variable: ${line.slice(0, 50)}`).not.toEqual([]);
          return names;
        }),
      );
  }

  it("list exactly the variables of the two schemas: runtime first, then build-time", () => {
    const [runtime = [], buildTime = []] = readmeTables();
    expect([...buildTime].sort()).toEqual([...BUILD_VARIABLES].sort());
    // SITE_URL is a build-time setting the server may also be given: it is listed once, there.
    expect([...runtime].sort()).toEqual(ENV_VARIABLES.filter((name) => !buildTime.includes(name)).sort());
  });
});
