/**
 * The systemd units in deploy/: `systemd-analyze verify` where systemd's tools are installed, and
 * always the directives the deployment depends on (the server's user, its restart policy, a stop
 * timeout above the server's own 10-second shutdown bound, and the sandbox that leaves it only
 * DATA_DIR to write). The settings file names only variables the server reads.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "~/settings/env.server";
import { startCommand } from "../support/start-command";

const deploy = path.resolve(import.meta.dirname, "../../deploy");
const UNITS = ["causeway.service", "causeway-backup.service", "causeway-backup.timer"];
const SHUTDOWN_BOUND_SECONDS = 10;

/** Directive → values, from the unit's sections (comments and blank lines skipped). */
function directives(unit: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(deploy, unit), "utf8").split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key = "", value = ""] = match;
    found.set(key, [...(found.get(key) ?? []), value]);
  }
  return found;
}

const systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((p) => fs.existsSync(p));

describe("the systemd units", () => {
  it.skipIf(!systemdAnalyze)("pass systemd-analyze verify without a warning", () => {
    // verify checks that ExecStart's program exists; node is the one running this test.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-units-"));
    try {
      for (const unit of UNITS) {
        const text = fs.readFileSync(path.join(deploy, unit), "utf8").replaceAll("/usr/bin/node", process.execPath);
        fs.writeFileSync(path.join(dir, unit), text);
      }
      const result = spawnSync(systemdAnalyze ?? "", ["verify", ...UNITS.map((unit) => path.join(dir, unit))], {
        encoding: "utf8",
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("run the server as its own user, as npm start does, restart it on failure, and wait longer than its shutdown bound", () => {
    const server = directives("causeway.service");
    expect(server.get("User")).toEqual(["causeway"]);
    expect(server.get("Restart")).toEqual(["on-failure"]);
    const stop = Number(/^(\d+)s?$/.exec(server.get("TimeoutStopSec")?.[0] ?? "")?.[1]);
    expect(stop).toBeGreaterThan(SHUTDOWN_BOUND_SECONDS);
    expect(stop).toBeLessThanOrEqual(30);
    // The same allocator settings and Node flags as `npm start`, without which photo uploads hold
    // far more memory.
    const { environment, args } = startCommand();
    const nodeFlags = args.slice(0, -1).join(" ");
    expect(server.get("ExecStart")?.[0]).toBe(
      `/usr/bin/node ${nodeFlags} /opt/causeway/build/server.js`.replace("  ", " "),
    );
    for (const [name, value] of Object.entries(environment))
      expect(server.get("Environment")).toContain(`${name}=${value}`);
  });

  it.each(["causeway.service", "causeway-backup.service"])("%s may write only to DATA_DIR", (unit) => {
    const found = directives(unit);
    expect(found.get("ProtectSystem")).toEqual(["strict"]);
    expect(found.get("ReadWritePaths")).toEqual(["/var/lib/causeway"]);
    expect(found.get("NoNewPrivileges")).toEqual(["yes"]);
    expect(found.get("PrivateTmp")).toEqual(["yes"]);
    expect(found.get("ProtectHome")).toEqual(["yes"]);
    expect(found.get("EnvironmentFile")).toEqual(["/etc/causeway/causeway.env"]);
    expect(found.get("User")).toEqual(["causeway"]);
  });

  it("back up every night with the backup command", () => {
    expect(directives("causeway-backup.timer").get("OnCalendar")?.[0]).toMatch(/^\*-\*-\* \d\d:\d\d(:\d\d)?$/);
    expect(directives("causeway-backup.timer").get("Persistent")).toEqual(["true"]);
    const backup = directives("causeway-backup.service");
    expect(backup.get("Type")).toEqual(["oneshot"]);
    expect(backup.get("ExecStart")?.[0]).toMatch(/scripts\/backup\.ts$/);
    // The program it names is where npm install puts it.
    const cli = /node_modules\/\S+/.exec(backup.get("ExecStart")?.[0] ?? "")?.[0] ?? "";
    expect(fs.existsSync(path.resolve(deploy, "..", cli))).toBe(true);
  });
});

describe("the settings file and the command wrapper", () => {
  it("names only variables the server reads, and keeps the server on loopback in DATA_DIR", () => {
    const text = fs.readFileSync(path.join(deploy, "causeway.env.example"), "utf8");
    const named = [...text.matchAll(/^#?([A-Z][A-Z_]+)=/gm)].map((m) => m[1] ?? "");
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect(ENV_VARIABLES, name).toContain(name);
    expect(text).toMatch(/^HOST=127\.0\.0\.1$/m);
    expect(text).toMatch(/^DATA_DIR=\/var\/lib\/causeway$/m);
  });

  it("has a command wrapper that a shell accepts and that runs only the site's commands", () => {
    const wrapper = path.join(deploy, "causeway-command");
    expect(() => execFileSync("sh", ["-n", wrapper])).not.toThrow();
    const refused = spawnSync("sh", [wrapper, "install"], { encoding: "utf8" });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("usage");
  });
});
