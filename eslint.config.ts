import path from "node:path";
import js from "@eslint/js";
import type { Rule } from "eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { computedImportRefusal, importRefusal, placementRefusal } from "./app/layers";

/**
 * The import rule built from the layers of app/layers.ts: a module imports only from the layers
 * below it, a sibling only along a named edge, and public code nothing of the desk. Imports are
 * resolved to the file they name, so `~/quotes/…` and `../quotes/…` are one import. A file the
 * table does not place, and an import of a computed path, are refused: the rule could not check
 * them, and would otherwise pass them in silence.
 */
const appRoot = path.join(import.meta.dirname, "app");

function importedPath(filename: string, source: string): string | undefined {
  let target: string;
  if (source.startsWith("~/")) target = path.join(appRoot, source.slice(2));
  else if (source.startsWith(".")) target = path.resolve(path.dirname(filename), source);
  else return undefined;
  const relative = path.relative(appRoot, target);
  return relative.startsWith("..") || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join("/");
}

type ImportExpression = Parameters<NonNullable<Rule.RuleListener["ImportExpression"]>>[0];

/** The path a dynamic import names when it is written out: a string, or a template with no `${}`. */
function literalSource({ source }: ImportExpression): string | undefined {
  if (source.type === "Literal") return typeof source.value === "string" ? source.value : undefined;
  if (source.type === "TemplateLiteral" && source.expressions.length === 0)
    return source.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

const layersRule: Rule.RuleModule = {
  meta: { type: "problem", schema: [], docs: { description: "imports follow the layers of app/layers.ts" } },
  create(context) {
    const own = path.relative(appRoot, context.filename).split(path.sep).join("/");
    if (own.startsWith("..") || path.isAbsolute(own)) return {};
    const unplaced = placementRefusal(own);
    if (unplaced) return { Program: (node) => context.report({ node, message: unplaced }) };
    const check = (node: Rule.Node, source: unknown) => {
      if (typeof source !== "string") return;
      const target = importedPath(context.filename, source);
      const refusal = target === undefined ? undefined : importRefusal(own, target);
      if (refusal) context.report({ node, message: refusal });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => {
        const source = literalSource(node);
        if (source !== undefined) return check(node, source);
        const refusal = computedImportRefusal(own);
        if (refusal) context.report({ node, message: refusal });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": "error",
      // Prettier breaks code at this width; what it cannot break is a string, and a string is copy.
      "max-len": [
        "error",
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    // Tests may reach across layers to set up what they check.
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { architecture: { rules: { layers: layersRule } } },
    rules: { "architecture/layers": "error" },
  },
);
