/**
 * The client address, when the server entry puts one in React Router's load context
 * (`getLoadContext: (req) => ({ clientIp: req.ip, … })`). Read defensively: the context's shape
 * belongs to the server entry.
 */
export function clientIpFrom(context: unknown): string | undefined {
  if (typeof context !== "object" || context === null || !("clientIp" in context)) return undefined;
  const { clientIp } = context;
  return typeof clientIp === "string" && clientIp !== "" ? clientIp : undefined;
}
