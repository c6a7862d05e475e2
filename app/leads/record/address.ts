/** What the desk, the visit list and a push make of the free-text address a visitor typed. */
import { firstFacts } from "~/content/business-facts";

/**
 * The town of a free-text address: "12 Ocean Ave, Surf City, NJ 08008" gives "Surf City". When
 * the address has no commas, a known island town named in it; else nothing.
 */
export function townOf(address: string): string {
  const pieces = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const isState = (p: string) => /^(nj|new jersey)\b/i.test(p) || /^\d{5}(-\d{4})?$/.test(p);
  if (pieces.length >= 2) {
    const candidate = pieces.slice(1).find((p) => !isState(p));
    if (candidate) return candidate.replace(/\s+(nj|new jersey)(\s+\d{5}(-\d{4})?)?$/i, "");
  }
  // A fixed list, not the published towns: a lead's town on the desk must not change with a publish.
  const known = [
    ...firstFacts.homeWatchAreas,
    firstFacts.address.locality,
    "Long Beach Township",
    "Brant Beach",
    "Loveladies",
    "Stafford",
    "Tuckerton",
  ];
  const found = known.find((town) => address.toLowerCase().includes(town.toLowerCase()));
  return found ?? "";
}
