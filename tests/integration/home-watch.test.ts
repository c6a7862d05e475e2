/**
 * Home watch requests, the home watch page's short form, through the estimate intake on SQLite and
 * PostgreSQL with a real SMTP server: stored marked as home watch with the empty months readable,
 * mailed once however many times the same request arrives, and refused whole when anything is wrong.
 */
import { describe, expect, it } from "vitest";
import { handleEstimateSubmission } from "~/leads/estimate.server";
import { HONEYPOT_FIELD } from "~/leads/honeypot";
import { action as estimateApi } from "~/routes/api.estimate";
import { backends, eventually, LEADS_TO, tableCounts, useHarness } from "../support/harness";
import { smallJpeg } from "../support/images";
import { estimateForm, post, routeArgs } from "../support/requests";

const homeWatch = {
  request_kind: "home-watch",
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "609 555 0199",
  address: "12 Ocean Ave, Surf City, NJ",
  empty_from: "October",
  empty_until: "May",
  source_page: "/services/home-watch",
};

async function callApi(form: FormData | string, headers: Record<string, string> = {}) {
  const response = await estimateApi(routeArgs(post("/api/estimate", form, headers)));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(backends)("home watch requests on %s", (backend) => {
  const harness = useHarness(backend);

  it("stores the request as home watch with the months in words, and mails the owner and visitor once for a repeated key", async () => {
    const key = crypto.randomUUID();
    const headers = { "Idempotency-Key": `"${key}"` };
    for (let copy = 0; copy < 3; copy++)
      expect(await callApi(estimateForm(homeWatch), headers)).toEqual({ status: 200, body: { success: true } });

    const db = await harness().db();
    const leads = await db.selectFrom("leads").selectAll().execute();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      service: "home-watch",
      name: "Jane Doe",
      phone: "(609) 555-0199",
      address: homeWatch.address,
      description: "Home watch request. The house stands empty from October to May.",
      source_path: "/services/home-watch",
      quarantined_at: null,
    });
    expect(await tableCounts(db)).toMatchObject({ leads: 1, photos: 0, outbox: 2 });

    const received = await harness().smtp.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness().smtp.received).toHaveLength(2);
    const owner = received.find((m) => m.rcptTo.includes(LEADS_TO))?.mail;
    expect(owner?.subject).toBe("Home watch request from Jane Doe");
    expect(owner?.text).toContain("Off-Season Home Watch");
    expect(owner?.text).toContain("The house stands empty from October to May.");
    const visitor = received.find((m) => m.rcptTo.includes(homeWatch.email))?.mail;
    expect(visitor?.subject).toMatch(/^We received your home watch request/);
    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select("status").execute();
      return rows.every((row) => row.status === "sent");
    });
  });

  it("answers a request with the same key but other months with 422, storing nothing more", async () => {
    const headers = { "Idempotency-Key": `"${crypto.randomUUID()}"` };
    expect((await callApi(estimateForm(homeWatch), headers)).status).toBe(200);
    const other = await callApi(estimateForm({ ...homeWatch, empty_until: "April" }), headers);
    expect(other.status).toBe(422);
    expect(await tableCounts(await harness().db())).toMatchObject({ leads: 1, outbox: 2 });
  });

  it("refuses missing and wrong fields with 400 and a message at each field, storing and sending nothing", async () => {
    const missing = await callApi(estimateForm({ request_kind: "home-watch", name: "Jane Doe" }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      fieldErrors: {
        email: "Please enter your email address.",
        phone: "Please enter your phone number.",
        address: "Please enter the address of the house.",
        empty_from: "Please choose the month the house is first empty.",
        empty_until: "Please choose the month you are back.",
      },
    });
    const wrong = await callApi(estimateForm({ ...homeWatch, empty_from: "<script>", name: "Jane\u200bDoe" }));
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.body as { fieldErrors: object }).fieldErrors).sort()).toEqual(["empty_from", "name"]);
    const unknownKind = await callApi(estimateForm({ ...homeWatch, request_kind: "roof-watch" }));
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body).toMatchObject({ success: false, error: expect.stringMatching(/not one we know/) });
    expect(await tableCounts(await harness().db())).toMatchObject({ leads: 0, outbox: 0 });
    expect(harness().smtp.received).toHaveLength(0);
  });

  it("refuses a malformed key, a cut-off body and an oversized field with a 4xx, never a 500", async () => {
    const badKey = await callApi(estimateForm(homeWatch), { "Idempotency-Key": "not a key" });
    expect(badKey.status).toBe(400);
    const boundary = "----home-watch-boundary";
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="request_kind"\r\n\r\nhome-watch\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nJa`;
    const truncated = await callApi(cut, { "Content-Type": `multipart/form-data; boundary=${boundary}` });
    expect(truncated.status).toBe(400);
    const huge = await callApi(estimateForm({ ...homeWatch, address: "x".repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    const long = await callApi(estimateForm({ ...homeWatch, address: "x".repeat(201) }));
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { address: expect.stringMatching(/200/) } } });
    const json = await callApi(JSON.stringify(homeWatch), { "Content-Type": "application/json" });
    expect(json.status).toBe(415);
    expect(await tableCounts(await harness().db())).toMatchObject({ leads: 0, outbox: 0 });
  });

  it("keeps a request that filled the trap field in quarantine, marked home watch, sending nothing", async () => {
    expect((await callApi(estimateForm({ ...homeWatch, [HONEYPOT_FIELD]: "https://spam.example" }))).status).toBe(200);
    const db = await harness().db();
    const lead = await db.selectFrom("leads").select(["service", "spam_reason"]).executeTakeFirstOrThrow();
    expect(lead).toEqual({ service: "home-watch", spam_reason: "honeypot" });
    expect(await tableCounts(db)).toMatchObject({ leads: 1, outbox: 0 });
  });

  it("works without JavaScript: a urlencoded post to the page is stored, and a wrong one comes back as home watch", async () => {
    const urlencoded = (fields: Record<string, string>) =>
      post("/estimate", new URLSearchParams(fields).toString(), {
        "Content-Type": "application/x-www-form-urlencoded",
      });
    expect(await handleEstimateSubmission(urlencoded(homeWatch))).toMatchObject({
      status: 200,
      success: true,
      requestKind: "home-watch",
    });
    const refused = await handleEstimateSubmission(urlencoded({ ...homeWatch, empty_until: "" }));
    expect(refused).toMatchObject({
      status: 400,
      requestKind: "home-watch",
      fieldErrors: { empty_until: "Please choose the month you are back." },
      values: { name: "Jane Doe", empty_from: "October", empty_until: "" },
    });
    // Photos have no place in this form, but one sent anyway is handled as the estimate intake does.
    const withPhoto = estimateForm({ ...homeWatch, email: "second@example.com" }, [
      { name: "a.jpg", data: await smallJpeg() },
    ]);
    expect((await callApi(withPhoto)).status).toBe(200);
    expect(await tableCounts(await harness().db())).toMatchObject({ leads: 2 });
  });
});
