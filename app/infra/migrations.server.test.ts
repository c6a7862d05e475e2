import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "./migrations.server";

const folder = path.join(import.meta.dirname, "migrations");

describe("the migration list", () => {
  it("holds every file of migrations/, each named as the migration it exports, in order", async () => {
    const files = fs
      .readdirSync(folder)
      .filter((file) => /^\d{4}_.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .sort();
    expect(migrations.map((migration) => `${migration.name}.ts`)).toEqual(files);
    for (const file of files) {
      const exported = Object.values((await import(path.join(folder, file))) as Record<string, unknown>);
      expect(exported).toEqual([migrations.find((migration) => `${migration.name}.ts` === file)]);
    }
  });

  it("never reuses a number", () => {
    const numbers = migrations.map((migration) => migration.name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
