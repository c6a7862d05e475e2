/**
 * One JSON object per line, so a log collector (or `grep` and `jq`) can read what happened to a lead
 * or a message without parsing prose.
 *
 * LOG_LEVEL (debug, info, warn, error, silent; default info) is read here rather than in `env.server.ts`
 * so that a configuration error can itself be logged.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";

const rank: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const configured = process.env.LOG_LEVEL?.toLowerCase();
  return configured !== undefined && configured in rank ? rank[configured as keyof typeof rank] : rank.info;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (rank[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "warn" || level === "error") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
