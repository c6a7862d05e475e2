/**
 * While a notice is up on the site, the visitor who sends an estimate request reads it twice: in
 * the success message and in the confirmation email. Before it starts and after it ends, neither
 * says anything of it. On SQLite and PostgreSQL, through the form's API.
 */
import { describe, expect, it } from "vitest";
import { publishNotice, removeNotice } from "~/notices/notices.server";
import { action as estimateApi } from "~/routes/api.estimate";
import { backends, useHarness } from "../support/harness";
import { estimateForm, post, routeArgs, validFields } from "../support/requests";

const actor = { email: "pat@causeway.test", client: null };

async function send(email: string) {
  const response = await estimateApi(routeArgs(post("/api/estimate", estimateForm({ ...validFields, email }))));
  return (await response.json()) as Record<string, unknown>;
}

describe.each(backends)("the notice in the replies to a request, on %s", (backend) => {
  const harness = useHarness(backend);

  it("repeats the notice in the success message and the confirmation while it lasts", async () => {
    const db = await harness().db();
    await publishNotice(
      db,
      {
        body: "Closed Thursday for Thanksgiving. [Call us](tel:609-555-0142) for a leak.",
        tone: "info",
        startsAt: null,
        endsAt: null,
      },
      actor,
    );
    expect(await send("first@example.com")).toEqual({
      success: true,
      notice: {
        tone: "info",
        parts: [
          { text: "Closed Thursday for Thanksgiving. " },
          { text: "Call us", href: "tel:+16095550142" },
          { text: " for a leak." },
        ],
      },
    });
    const mails = await harness().smtp.waitFor(2);
    const confirmation = mails.find((m) => m.rcptTo.includes("first@example.com"));
    expect(confirmation?.mail.text).toContain(
      "Please note: Closed Thursday for Thanksgiving. Call us (+16095550142) for a leak.",
    );
    expect(confirmation?.mail.html).toContain('<a href="tel:+16095550142">Call us</a>');

    await removeNotice(db, actor);
    harness().smtp.clear();
    expect(await send("second@example.com")).toEqual({ success: true });
    const second = (await harness().smtp.waitFor(2)).find((m) => m.rcptTo.includes("second@example.com"));
    expect(second?.mail.text).toContain("We received your request");
    expect(second?.mail.text).not.toContain("Please note");
  });

  it("says nothing of a notice that has not started yet", async () => {
    const db = await harness().db();
    await publishNotice(
      db,
      { body: "Storm repairs first.", tone: "urgent", startsAt: new Date(Date.now() + 3_600_000), endsAt: null },
      actor,
    );
    expect(await send("third@example.com")).toEqual({ success: true });
  });
});
