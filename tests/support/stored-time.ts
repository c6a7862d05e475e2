/**
 * Time passing for the desk's sign-in, as the server would see it: every stored time it reads is
 * moved back. The server reads its own clock (rate-limiter-flexible's budgets take `Date.now()`),
 * so a test moves the stored times instead of the clock.
 */
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";

export async function letTimePass(db: Kysely<Database>, ms: number): Promise<void> {
  const back = (value: string | Date) => timestamp(new Date(toDate(value).getTime() - ms));
  for (const row of await db.selectFrom("owner_sign_in_codes").selectAll().execute())
    await db
      .updateTable("owner_sign_in_codes")
      .set({ created_at: back(row.created_at), expires_at: back(row.expires_at) })
      .where("id", "=", row.id)
      .execute();
  for (const row of await db.selectFrom("owner_code_failures").selectAll().execute())
    await db
      .updateTable("owner_code_failures")
      .set({ failed_at: back(row.failed_at) })
      .where("id", "=", row.id)
      .execute();
  for (const row of await db.selectFrom("owner_sessions").selectAll().execute())
    await db
      .updateTable("owner_sessions")
      .set({
        created_at: back(row.created_at),
        last_seen_at: back(row.last_seen_at),
        authenticated_at: back(row.authenticated_at),
      })
      .where("id", "=", row.id)
      .execute();
  for (const row of await db.selectFrom("rate_limits").selectAll().execute())
    if (row.expire !== null)
      await db
        .updateTable("rate_limits")
        .set({ expire: Number(row.expire) - ms })
        .where("key", "=", row.key)
        .execute();
}
