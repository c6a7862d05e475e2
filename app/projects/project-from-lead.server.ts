/**
 * A project started from a won lead: what it may take from the lead (the service and the town),
 * and what it must never show (the street and the homeowner's name), kept apart to check every
 * public field against.
 */
import type { Kysely } from "kysely";
import { serviceSlugs } from "~/content/services";
import type { Database } from "~/infra/schema.server";
import { townOf } from "~/leads/record/address";
import { canonicalPath } from "~/route-registry";
import { servedTowns, type LeadPrivacy, type ProjectValues } from "./project-rules";
import { currentFacts } from "~/facts/facts-source.server";

export interface ProjectFromLead {
  values: ProjectValues;
  privacy: LeadPrivacy;
}

/**
 * What a project made from a won lead starts with: the service the request came from (when it was
 * sent from a service page) and the town. Never the street or the name, which are returned apart,
 * only to refuse a field that names them. Undefined unless the lead exists and is Won.
 */
export async function projectFromLead(db: Kysely<Database>, leadId: string): Promise<ProjectFromLead | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["name", "address", "status", "source_path"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead || lead.status !== "won") return undefined;
  const source = lead.source_path ? canonicalPath(lead.source_path) : "";
  const service = serviceSlugs.find((slug) => source === `/services/${slug}`) ?? "";
  const town = townOf(lead.address);
  const known = servedTowns(currentFacts()).find((t) => t.toLowerCase() === town.toLowerCase());
  return {
    values: { title: "", service, town: known ?? town, finished: "", story: "" },
    privacy: { address: lead.address, name: lead.name },
  };
}

/** The lead's street and name, for refusing a public field that names them; undefined once the lead is deleted. */
export async function leadPrivacy(db: Kysely<Database>, leadId: string | null): Promise<LeadPrivacy | undefined> {
  if (!leadId) return undefined;
  const lead = await db.selectFrom("leads").select(["name", "address"]).where("id", "=", leadId).executeTakeFirst();
  return lead && { address: lead.address, name: lead.name };
}

/** The street and name of the lead a project was made from; undefined for one made without a lead. */
export async function projectLeadPrivacy(db: Kysely<Database>, projectId: string): Promise<LeadPrivacy | undefined> {
  const project = await db.selectFrom("projects").select("lead_id").where("id", "=", projectId).executeTakeFirst();
  return leadPrivacy(db, project?.lead_id ?? null);
}
