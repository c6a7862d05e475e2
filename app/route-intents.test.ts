/**
 * A page's action stays small: no route module handles more than six intents. A page with more
 * hands its forms to a forms route of their own (a job's money, a lead's visit, a project's photos)
 * or to the feature. The count is the type checker's: the properties of the handlers each
 * `dispatchIntent` call is given, written in the route or made by a feature.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MAX_INTENTS = 6;
const routesDir = path.resolve(import.meta.dirname, "routes");

function intentsPerRoute(): Map<string, number> {
  const config = ts.getParsedCommandLineOfConfigFile(path.resolve(import.meta.dirname, "../tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!config) throw new Error("tsconfig.json could not be read");
  const files = fs
    .readdirSync(routesDir)
    .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))
    .map((name) => path.join(routesDir, name));
  const program = ts.createProgram({ rootNames: files, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const counts = new Map<string, number>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} was not compiled`);
    let count = 0;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "dispatchIntent") {
        const handlers = node.arguments[1];
        if (handlers) count += checker.getTypeAtLocation(handlers).getProperties().length;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (count > 0) counts.set(path.basename(file), count);
  }
  return counts;
}

describe("route modules", { timeout: 120_000 }, () => {
  it(`handle at most ${MAX_INTENTS} intents each`, () => {
    const counts = intentsPerRoute();
    console.log("intents per route:", [...counts].map(([file, count]) => `${file} ${count}`).join(", "));
    // Every route that dispatches was counted: a counter that found none would pass anything.
    const dispatching = fs
      .readdirSync(routesDir)
      .filter((name) => fs.readFileSync(path.join(routesDir, name), "utf8").includes("dispatchIntent("));
    expect([...counts.keys()].sort()).toEqual(dispatching.sort());
    expect([...counts].filter(([, count]) => count > MAX_INTENTS)).toEqual([]);
  });
});
