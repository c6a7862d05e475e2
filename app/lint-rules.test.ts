/**
 * What `npm run lint` refuses besides an import across a layer (those are probed in
 * app/architecture.test.ts): a file app/layers.ts does not place, an import of a computed path,
 * and desk code imported by any public code, the public pages and the root route included.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

// The first lint loads the TypeScript parser, which takes seconds on a busy machine.
describe("npm run lint refuses what the layers could not check", { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  /** The messages of the layers rule on `text` linted as the file `file`. */
  const layerMessages = async (file: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === "architecture/layers").map((m) => m.message);
  };
  const refusal = async (file: string, from: string) =>
    (await layerMessages(file, `import { x } from "${from}";\nexport const y = x;\n`))[0];

  describe("a file the table does not place", () => {
    it("is refused, at app/'s top or in a folder", async () => {
      expect(await layerMessages("app/stray.ts", "export const y = 1;\n")).toEqual([
        expect.stringMatching(/^app\/stray\.ts is placed in no layer of app\/layers\.ts/),
      ]);
      expect((await layerMessages("app/stray/probe.tsx", "export const y = 1;\n"))[0]).toMatch(/placed in no layer/);
      // `components` itself holds only placed folders; a file beside them belongs to none.
      expect((await layerMessages("app/components/probe.tsx", "export const y = 1;\n"))[0]).toMatch(/no layer/);
    });

    it("is not refused when it is a test, or one of the files app/ holds at its top", async () => {
      expect(await layerMessages("app/stray.test.ts", "export const y = 1;\n")).toEqual([]);
      const top = fs
        .readdirSync(path.join(root, "app"))
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
      expect(top).toContain("root.tsx");
      for (const name of top) expect(await layerMessages(`app/${name}`, "export const y = 1;\n"), name).toEqual([]);
    });
  });

  describe("an import of a computed path", () => {
    it("is refused outside the files app/layers.ts names", async () => {
      const computed = [
        "const name = 'quotes';\nexport const y = import(`~/${name}/probe`);\n",
        "export const load = (name: string) => import(name);\n",
        "export const load = (name: string) => import('~/quotes/' + name);\n",
      ];
      for (const text of computed)
        expect(await layerMessages("app/quotes/probe.ts", text), text).toEqual([
          expect.stringMatching(/imports a path computed as it runs/),
        ]);
    });

    it("is checked as the string it is when written as a template without expressions", async () => {
      const template = (from: string) => `export const y = import(\`${from}\`);\n`;
      expect((await layerMessages("app/ui/probe.tsx", template("../owner/desk-frame")))[0]).toMatch(
        /nothing from the desk/,
      );
      expect((await layerMessages("app/infra/probe.server.ts", template("~/projects/projects.server")))[0]).toMatch(
        /layers below it/,
      );
      expect(await layerMessages("app/quotes/probe.ts", template("~/leads/record/changes.server"))).toEqual([]);
    });
  });

  describe("desk code in public code", () => {
    it("is refused in every public page, as in the public components", async () => {
      expect(await refusal("app/routes/home.tsx", "~/owner/desk-frame")).toMatch(/nothing from the desk/);
      expect(await refusal("app/routes/job.tsx", "../owner/desk-frame")).toMatch(/nothing from the desk/);
      expect(await refusal("app/routes/quote.tsx", "~/alerts/push-devices")).toMatch(/desk/);
      expect(await refusal("app/routes/probe.tsx", "~/leads/record/lead-sections")).toMatch(/desk/);
      expect(await refusal("app/routes/probe.tsx", "~/ops/probe")).toMatch(/desk/);
      expect(await refusal("app/routes/home.tsx", "./owner.lead")).toMatch(/desk/);
      expect(await refusal("app/root.tsx", "./owner/desk-frame")).toMatch(/desk/);
      expect((await layerMessages("app/routes/home.tsx", 'export { x } from "~/owner/desk-frame";\n'))[0]).toMatch(
        /desk/,
      );
      expect((await layerMessages("app/routes/home.tsx", 'export const y = import("~/owner/qr-code");\n'))[0]).toMatch(
        /desk/,
      );
    });

    it("is allowed in the desk's pages, in server files, and where app/layers.ts names it", async () => {
      expect(await refusal("app/routes/owner.lead.tsx", "~/owner/desk-frame")).toBeUndefined();
      expect(await refusal("app/routes/owner.tsx", "~/alerts/push-devices")).toBeUndefined();
      expect(await refusal("app/routes/project-photo.ts", "~/owner/sessions.server")).toBeUndefined();
      expect(await refusal("app/routes/probe.tsx", "../owner/audit.server")).toBeUndefined();
      expect(await refusal("app/entry.server.tsx", "./owner/paths")).toBeUndefined();
      expect(await refusal("app/root.tsx", "./owner/desk-handle")).toBeUndefined();
    });
  });
});
