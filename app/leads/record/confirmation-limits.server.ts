/**
 * How often the visitor confirmation may go out. It is sent from the business's own domain to
 * whatever address was typed, so without limits the estimate form would let anyone send the
 * business's mail to strangers, and the domain would end up on block lists; then the owner's own
 * lead notifications stop arriving too.
 *
 * Two budgets: one confirmation per address per day, and CONFIRMATIONS_PER_HOUR across the site.
 * Past either, the lead is still stored and the owner still notified; only the confirmation is left out.
 */
import { createHash } from "node:crypto";
import { getEnv } from "~/settings/env.server";
import { log } from "~/infra/log.server";
import { consumeBudget } from "~/infra/rate-limit.server";

const PER_ADDRESS = { name: "confirm-address", points: 1, durationSeconds: 24 * 60 * 60 };

/** Addresses are counted by hash: the limits table should not become a list of who wrote to us. */
function addressKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** Spends the budgets for one confirmation to `email`; false when it must not be sent. */
export async function mayConfirm(email: string): Promise<boolean> {
  const perAddress = await consumeBudget(PER_ADDRESS, addressKey(email));
  if (!perAddress.allowed) {
    log("info", "visitor confirmation skipped: one already sent to this address in the last 24 hours");
    return false;
  }
  const perHour = getEnv().confirmationsPerHour;
  const site = await consumeBudget({ name: "confirm-site", points: perHour, durationSeconds: 60 * 60 }, "site");
  if (!site.allowed) {
    log("warn", "visitor confirmation skipped: the site-wide hourly limit is reached", { perHour });
    return false;
  }
  return true;
}
