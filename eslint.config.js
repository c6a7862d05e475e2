import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which folder of app/ may import which: the layers of docs/decisions/0018-module-boundaries.md.
 * Each entry forbids imports of the named folders from the files of one folder, whether written
 * as `~/folder/…` or as a relative path that climbs out (`../folder/…`).
 */
const forbidden = (folders, why) => ({
  regex: `^(~/|(\\.\\./)+)(${folders.join("|")})(/|$)`,
  message: why,
});

const boundaries = [
  {
    files: ["app/content/**"],
    patterns: [
      {
        regex: "^(~/|\\.\\./)",
        message: "app/content is the business's data: it imports nothing else of the app, so anything may read it.",
      },
    ],
  },
  {
    files: ["app/settings/**", "app/time/**"],
    patterns: [
      forbidden(
        ["infra", "owner", "visits", "leads", "alerts", "ops", "seo", "components", "routes", "server"],
        "settings and the business's clock build on app/content only.",
      ),
    ],
  },
  {
    files: ["app/infra/**"],
    patterns: [
      forbidden(
        ["owner", "visits", "leads", "alerts", "ops", "components", "routes", "server"],
        "infra is plumbing that any feature may use: it imports no feature. Wire features together in app/server.",
      ),
    ],
  },
  {
    files: ["app/owner/**"],
    patterns: [
      forbidden(
        ["visits", "leads", "alerts", "routes", "server"],
        "app/owner (owners, sign-in, the desk's frame and audit log) sits below the features that use it.",
      ),
    ],
  },
  {
    files: ["app/visits/**"],
    patterns: [
      forbidden(
        ["leads", "alerts", "routes", "server"],
        "a visit's effect on its lead is the lead record's (app/leads/record/visit-changes.server.ts); visits import no lead code.",
      ),
    ],
  },
  {
    files: ["app/leads/**"],
    patterns: [
      forbidden(["alerts", "routes", "server"], "the leads and their record sit below the alerts that read them."),
    ],
  },
  {
    files: ["app/alerts/**", "app/ops/**", "app/seo/**"],
    patterns: [forbidden(["routes", "server"], "features are used by the routes and the server, never the other way.")],
  },
  {
    files: ["app/components/**"],
    patterns: [
      forbidden(
        ["owner", "visits", "alerts", "leads/record", "server", "routes"],
        "public components import nothing from the desk: desk code must never reach a public page.",
      ),
    ],
  },
];

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
  ...boundaries.map(({ files, patterns }) => ({
    files,
    // Tests may reach across layers to set up what they check.
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns }] },
  })),
);
