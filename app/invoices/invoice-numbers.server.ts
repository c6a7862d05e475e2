/**
 * Invoice numbers: sequential within a year, the same sequence for every instance, never given
 * twice. The year's counter row is moved by one update in the transaction that writes the invoice:
 * the update holds the row until that transaction ends, so another instance's invoice waits and
 * takes the next number, and an invoice that is refused or rolled back gives its number back.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";

type Db = Kysely<Database>;

/** The next sequence of `year`. Call only inside the transaction that stores the invoice. */
export async function takeInvoiceSequence(trx: Db, year: number): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const bumped = await trx
      .updateTable("invoice_numbers")
      .set((eb) => ({ last: eb("last", "+", 1) }))
      .where("year", "=", year)
      .returning("last")
      .executeTakeFirst();
    if (bumped) return bumped.last;
    // The year's first invoice. Of two instances starting the year at once, one inserts; the
    // other's insert waits for it, does nothing, and its next update takes the number after.
    const inserted = await trx
      .insertInto("invoice_numbers")
      .values({ year, last: 1 })
      .onConflict((oc) => oc.column("year").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 1;
  }
  throw new Error(`could not take an invoice number for ${year}`);
}
