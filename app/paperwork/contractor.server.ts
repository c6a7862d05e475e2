/**
 * The business as a document made at this moment names it. Kept apart from the pure
 * `contract-terms.ts`, which the browser loads too and so cannot read the facts in force.
 */
import { currentFacts } from "~/facts/facts-source.server";
import { contractorOf, type Contractor } from "./contract-terms";

/** Read as the document is made, never kept: a publish a second before already counts. */
export const contractorNow = (): Contractor => contractorOf(currentFacts());
