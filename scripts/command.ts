/**
 * What the owner's commands (`npm run leads`, `npm run owner`) share: where their output goes, how
 * they show a time, and how each runs when started from the command line rather than imported by
 * a test.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv, type Env } from "~/settings/env.server";
import { formatCompactDateTime } from "~/time/business-time";

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** "2025-11-22 09:14", on the business's clock, whatever the server's. */
export const localTime = formatCompactDateTime;

export type Command = (argv: readonly string[], env: Env, io: CommandIo, cwd: string) => Promise<number>;

/** Runs `command` when `moduleUrl` is the script node was started with; does nothing when imported. */
export async function runWhenInvoked(moduleUrl: string, name: string, command: Command): Promise<void> {
  if (process.argv[1] === undefined || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  // Migration notices are for the server's log, not the owner's terminal.
  process.env.LOG_LEVEL ??= "warn";
  const io: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
  try {
    // `npm run` moves to the project folder; a file name the owner types is meant from where they typed it.
    process.exitCode = await command(process.argv.slice(2), parseEnv(), io, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
