import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "~/settings/env.server";
import { SEAL_KEY_BYTES, SEAL_KEY_FILE, seal, sealKeyOf, unseal } from "./seal.server";

const dirs: string[] = [];
/** A fresh DATA_DIR: the key read from a folder is kept for the process, so each case takes its own. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seal-key-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const keyText = () => `${Buffer.alloc(SEAL_KEY_BYTES, 7).toString("base64url")}\n`;

describe("the key file DATA_DIR/seal.key, when SEAL_KEY is unset", () => {
  it("is made readable by the site's user only, and seals and opens with the key it holds", () => {
    const dir = dataDir();
    const key = sealKeyOf({ sealKey: undefined, dataDir: dir });
    expect(fs.statSync(path.join(dir, SEAL_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(unseal(key, "job-link", seal(key, "job-link", "token"))).toBe("token");
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o606])(
    "stops the server at start when the file's mode is %o, naming SEAL_KEY and the fix",
    (mode) => {
      const dir = dataDir();
      const file = path.join(dir, SEAL_KEY_FILE);
      fs.writeFileSync(file, keyText(), { mode });
      fs.chmodSync(file, mode);
      const read = () => sealKeyOf({ sealKey: undefined, dataDir: dir });
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(
        `Invalid configuration: SEAL_KEY is unset, and ${file} can be read or changed by others than its owner (mode ${mode.toString(8)}, not 600). Run \`chmod 600 ${file}\`, or set SEAL_KEY`,
      );
    },
  );

  it("takes a key file kept at 600 or 400", () => {
    for (const mode of [0o600, 0o400]) {
      const dir = dataDir();
      const file = path.join(dir, SEAL_KEY_FILE);
      fs.writeFileSync(file, keyText(), { mode });
      fs.chmodSync(file, mode);
      expect(sealKeyOf({ sealKey: undefined, dataDir: dir })).toEqual(Buffer.alloc(SEAL_KEY_BYTES, 7));
    }
  });

  it("is not read at all when SEAL_KEY is set", () => {
    const dir = dataDir();
    const file = path.join(dir, SEAL_KEY_FILE);
    fs.writeFileSync(file, keyText(), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const set = Buffer.alloc(SEAL_KEY_BYTES, 3);
    expect(sealKeyOf({ sealKey: set, dataDir: dir })).toBe(set);
  });
});
