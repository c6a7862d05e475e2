/**
 * Who counts as one client for rate limits: an IPv4 address, or an IPv6 /64.
 *
 * One home connection or phone gets a whole /64 from its provider and may use any address in it, so
 * counting single IPv6 addresses would hand a single visitor 2^64 fresh budgets.
 */
import net from "node:net";

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const withoutZone = address.split("%")[0] ?? "";
  if (!net.isIPv6(withoutZone)) return undefined;
  const toGroups = (part: string): number[] => {
    if (part === "") return [];
    const groups: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        // An embedded IPv4 address fills the last two groups.
        const [a = 0, b = 0, c = 0, d = 0] = piece.split(".").map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const [head = "", tail] = withoutZone.split("::");
  const start = toGroups(head);
  const end = tail === undefined ? [] : toGroups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
