/**
 * Which push endpoints the server will send to. A browser hands us its endpoint when it subscribes,
 * and the server later POSTs to it: without a list of hosts, a signed-in session (or a stolen one)
 * could make the server send requests into its own network. Only the hosts in PUSH_SERVICE_HOSTS
 * are taken, over HTTPS; plain HTTP only on this machine (loopback), for tests.
 */
import net from "node:net";

/** Longer than any real endpoint (Apple's and Mozilla's are under 300 characters). */
export const MAX_ENDPOINT_LENGTH = 2_048;

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare === "::1") return true;
  return net.isIPv4(bare) && bare.startsWith("127.");
}

function hostMatches(pattern: string, hostname: string, port: string): boolean {
  const [patternHost = "", patternPort = ""] = pattern.split(/:(?=\d+$)/);
  // An entry without a port allows the scheme's default port only.
  if (patternPort !== port) return false;
  if (patternHost.startsWith("*.")) {
    const suffix = patternHost.slice(1);
    return hostname.endsWith(suffix) && hostname.length > suffix.length;
  }
  return hostname === patternHost;
}

/** Why the server will not send to this endpoint, or undefined when it will. */
export function pushEndpointProblem(endpoint: string, allowedHosts: readonly string[]): string | undefined {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return "The push endpoint is too long.";
  if (!URL.canParse(endpoint)) return "The push endpoint is not a valid address.";
  const url = new URL(endpoint);
  if (url.username || url.password) return "The push endpoint may not carry a user name or password.";
  const hostname = url.hostname.toLowerCase();
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(hostname)))
    return "The push endpoint must use HTTPS.";
  if (!allowedHosts.some((pattern) => hostMatches(pattern, hostname, url.port)))
    return `Notifications from ${hostname} are not supported: this desk sends only to the push services of Chrome, Firefox, Safari and Edge.`;
  return undefined;
}
