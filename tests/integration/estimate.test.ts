/**
 * Estimate requests from the visitor's side (POST /api/estimate and the /estimate page's handler)
 * to the owner's inbox, against SQLite and PostgreSQL and a real SMTP server.
 */
import fs from "node:fs";
import os from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SPOOL_PREFIX } from "~/infra/uploads.server";
import { handleEstimateSubmission } from "~/leads/estimate.server";
import { HONEYPOT_FIELD } from "~/leads/honeypot";
import { action as estimateApi } from "~/routes/api.estimate";
import { backends, useHarness, eventually, LEADS_TO, tableCounts } from "../support/harness";
import {
  animatedGif,
  bilevelPng,
  gifWithFrames,
  jpegWithGps,
  oversizedJpeg,
  pdfBytes,
  png,
  smallJpeg,
  webp,
} from "../support/images";
import { estimateForm, post, truncatedMultipart, validFields, routeArgs } from "../support/requests";
import { expectErrorOutput } from "../support/console-trap";

async function callApi(request: Request) {
  const response = await estimateApi(routeArgs(request));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(backends)("estimate requests on %s", (backend) => {
  const harness = useHarness(backend);

  it("stores a request with three photos and emails the owner (photos attached, metadata gone) and the visitor", async () => {
    const gpsJpeg = await jpegWithGps();
    expect((await sharp(gpsJpeg).metadata()).exif).toBeDefined();
    const form = estimateForm(validFields, [
      { name: "deck.JPG", data: gpsJpeg },
      { name: "railing.png", data: await png(), type: "image/png" },
      // mislabelled: a WebP sent under a .jpg name is stored as what it is
      { name: "stairs.jpg", data: await webp(), type: "image/jpeg" },
    ]);

    const { status, body } = await callApi(post("/api/estimate", form));
    expect(body).toEqual({ success: true });
    expect(status).toBe(200);

    const db = await harness().db();
    const lead = await db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      name: "Jane Doe",
      email: "jane.doe@example.com",
      phone: "(609) 555-0199",
      address: validFields.address,
      description: validFields.description,
    });
    const photos = await db.selectFrom("lead_photos").selectAll().orderBy("position").execute();
    expect(photos.map((photo) => [photo.file_name, photo.content_type])).toEqual([
      ["deck.jpg", "image/jpeg"],
      ["railing.png", "image/png"],
      ["stairs.webp", "image/webp"],
    ]);
    // EXIF orientation 6 applied, then the long edge brought down to 2560 px
    expect([photos[0]?.width, photos[0]?.height]).toEqual([1707, 2560]);

    const received = await harness().smtp.waitFor(2);
    const owner = received.find((message) => message.rcptTo.includes(LEADS_TO));
    const visitor = received.find((message) => message.rcptTo.includes("jane.doe@example.com"));
    expect(owner).toBeDefined();
    expect(visitor).toBeDefined();

    const ownerMail = owner!.mail;
    expect(ownerMail.replyTo?.value[0]?.address).toBe("jane.doe@example.com");
    expect(ownerMail.subject).toBe("Estimate request from Jane Doe");
    expect(ownerMail.text).toContain("(609) 555-0199");
    expect(ownerMail.text).toContain("Please look at the railing too.");
    expect(ownerMail.html).toContain("12 Ocean Ave, Surf City, NJ");
    expect(ownerMail.attachments).toHaveLength(3);
    for (const attachment of ownerMail.attachments) {
      const metadata = await sharp(attachment.content).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(2560);
    }
    expect(ownerMail.attachments.map((attachment) => attachment.filename)).toEqual([
      "deck.jpg",
      "railing.png",
      "stairs.webp",
    ]);

    const visitorMail = visitor!.mail;
    expect(visitorMail.text).toContain("within 24 hours");
    expect(visitorMail.text).toContain("Hi Jane,");
    // a confirmation goes to whatever address was typed: it repeats nothing else the visitor wrote
    expect(visitorMail.text).not.toContain("The deck stairs rotted after the storm.");
    expect(visitorMail.text).not.toContain("deck.jpg");
    expect(visitorMail.attachments).toHaveLength(0);

    // The worker records "sent" once the server has answered, a moment after the server has the message.
    const outbox = await eventually(async () => {
      const rows = await db.selectFrom("outbox").select(["status", "attempts", "sent_at"]).execute();
      return rows.every((row) => row.status !== "sending") && rows;
    });
    expect(outbox).toHaveLength(2);
    for (const row of outbox) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("escapes everything the visitor typed in the HTML emails", async () => {
    const fields = {
      ...validFields,
      name: `<script>alert("x")</script> & Co`,
      description: `<img src=x onerror=alert(1)>\n<a href="javascript:alert(1)">click</a>`,
    };
    expect((await callApi(post("/api/estimate", estimateForm(fields)))).status).toBe(200);
    const received = await harness().smtp.waitFor(2);
    for (const { mail } of received) {
      const html = String(mail.html);
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain('<a href="javascript:');
    }
    const owner = received.find((message) => message.rcptTo.includes(LEADS_TO));
    expect(String(owner?.mail.html)).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
  });

  it("keeps an animated GIF animated", async () => {
    const form = estimateForm(validFields, [{ name: "leak.gif", data: await animatedGif(), type: "image/gif" }]);
    expect((await callApi(post("/api/estimate", form))).status).toBe(200);
    const db = await harness().db();
    const photo = await db.selectFrom("lead_photos").selectAll().executeTakeFirstOrThrow();
    const metadata = await sharp(photo.data, { animated: true }).metadata();
    expect(metadata.format).toBe("gif");
    expect(metadata.pages).toBe(2);
  });

  it("accepts a form without JavaScript: urlencoded, a repeated photos field, and an empty file input", async () => {
    const urlencoded = new URLSearchParams(validFields).toString();
    const outcome = await handleEstimateSubmission(
      post("/estimate", urlencoded, { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(outcome).toMatchObject({ status: 200, success: true });

    // Another visitor: one address gets one confirmation a day.
    const form = estimateForm({ ...validFields, email: "second.visitor@example.com" }, [
      { name: "a.jpg", data: await smallJpeg(), field: "photos" },
      { name: "b.jpg", data: await smallJpeg(), field: "photos" },
    ]);
    // what a browser sends for a file input left empty
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    expect(await handleEstimateSubmission(post("/estimate", form))).toMatchObject({ status: 200, success: true });

    const counts = await tableCounts(await harness().db());
    expect(counts).toMatchObject({ leads: 2, photos: 2, outbox: 4 });
  });

  it("keeps a post that filled the trap field in quarantine: stored with its photos, flagged, nothing sent", async () => {
    const form = estimateForm({ ...validFields, [HONEYPOT_FIELD]: "https://spam.example" }, [
      { name: "a.jpg", data: await smallJpeg() },
    ]);
    const { status, body } = await callApi(post("/api/estimate", form));
    expect({ status, body }).toEqual({ status: 200, body: { success: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const db = await harness().db();
    expect(await tableCounts(db)).toMatchObject({ leads: 1, photos: 1, outbox: 0 });
    const lead = await db
      .selectFrom("leads")
      .select(["email", "quarantined_at", "spam_reason"])
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ email: validFields.email, spam_reason: "honeypot" });
    expect(lead.quarantined_at).not.toBeNull();
    expect(harness().smtp.received).toHaveLength(0);
  });

  const invalid: [string, () => Promise<Request>, number, RegExp][] = [
    ["name missing", async () => post("/api/estimate", estimateForm({ ...validFields, name: "" })), 400, /your name/],
    ["email missing", async () => post("/api/estimate", estimateForm({ ...validFields, email: " " })), 400, /email/],
    ["phone missing", async () => post("/api/estimate", estimateForm({ ...validFields, phone: "" })), 400, /phone/],
    [
      "invalid email",
      async () => post("/api/estimate", estimateForm({ ...validFields, email: "jane@" })),
      400,
      /valid email/,
    ],
    [
      "phone with letters",
      async () => post("/api/estimate", estimateForm({ ...validFields, phone: "609-555-CALL" })),
      400,
      /10-digit US phone/,
    ],
    [
      "CR/LF in the name",
      async () => post("/api/estimate", estimateForm({ ...validFields, name: "Jane\r\nBcc: victim@example.com" })),
      400,
      /one line/,
    ],
    [
      "6000-character description",
      async () => post("/api/estimate", estimateForm({ ...validFields, description: "x".repeat(6000) })),
      400,
      /5,000 characters/,
    ],
    [
      "a .jpg that is a PDF",
      async () =>
        post("/api/estimate", estimateForm(validFields, [{ name: "invoice.jpg", data: pdfBytes, type: "image/jpeg" }])),
      415,
      /^invoice\.jpg is not a supported image format\. Please use JPEG, PNG, GIF, or WebP files\.$/,
    ],
    [
      "11 photos",
      async () => {
        const photo = await smallJpeg();
        const photos = Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.jpg`, data: photo }));
        return post("/api/estimate", estimateForm(validFields, photos));
      },
      413,
      /no more than 10 photos/,
    ],
    [
      "a 12 MB photo",
      async () =>
        post("/api/estimate", estimateForm(validFields, [{ name: "huge.jpg", data: oversizedJpeg(12 * 1024 * 1024) }])),
      413,
      /huge\.jpg is larger than 10 MB/,
    ],
    [
      "a 16383 × 16383 one-bit PNG (33 KB)",
      async () =>
        post(
          "/api/estimate",
          estimateForm(validFields, [
            { name: "deck.jpg", data: await smallJpeg() },
            { name: "blank.png", data: bilevelPng(16383, 16383), type: "image/png" },
          ]),
        ),
      413,
      /^blank\.png is too large in pixels\. Please send a photo of at most 70 megapixels\.$/,
    ],
    [
      "an animation whose frames add up to too many pixels",
      async () =>
        post(
          "/api/estimate",
          estimateForm(validFields, [{ name: "leak.gif", data: gifWithFrames(1000, 1000, 20), type: "image/gif" }]),
        ),
      413,
      /^leak\.gif has too many pixels across its frames\. .*at most 16 megapixels for all frames together/,
    ],
    ["a truncated multipart body", async () => truncatedMultipart("/api/estimate"), 400, /did not arrive completely/],
    [
      "a JSON body",
      async () => post("/api/estimate", JSON.stringify(validFields), { "Content-Type": "application/json" }),
      415,
      /multipart/,
    ],
  ];

  it.each(invalid)(
    "refuses %s with a 4xx that says why, storing and sending nothing",
    async (_, build, status, message) => {
      const response = await callApi(await build());
      expect(response.status).toBe(status);
      expect(response.body.success).toBe(false);
      expect(String(response.body.error)).toMatch(message);
      expect(await tableCounts(await harness().db())).toMatchObject({ leads: 0, photos: 0, outbox: 0 });
      expect(harness().smtp.received).toHaveLength(0);
    },
  );

  it("leaves no uploaded file on disk, whether the request is stored or refused", async () => {
    const spooled = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(SPOOL_PREFIX));
    const before = spooled();
    const photo = { name: "deck.jpg", data: await smallJpeg() };
    expect((await callApi(post("/api/estimate", estimateForm(validFields, [photo])))).status).toBe(200);
    const refused = estimateForm(validFields, [photo, { name: "invoice.jpg", data: pdfBytes }]);
    expect((await callApi(post("/api/estimate", refused))).status).toBe(415);
    expect(spooled()).toEqual(before);
  });

  it("gives the page what it needs to show the form again: field errors and the values", async () => {
    const outcome = await handleEstimateSubmission(
      post("/estimate", estimateForm({ ...validFields, name: "  Jane  ", email: "not-an-email" })),
    );
    expect(outcome).toMatchObject({
      status: 400,
      success: false,
      fieldErrors: { email: "Please enter a valid email address." },
      values: { name: "Jane", email: "not-an-email", phone: validFields.phone },
    });
  });

  it("accepts the request while SMTP is down and delivers once it is back", async () => {
    await harness().smtp.stop();
    const { status } = await callApi(post("/api/estimate", estimateForm(validFields)));
    expect(status).toBe(200);
    const db = await harness().db();
    expect(await tableCounts(db)).toMatchObject({ leads: 1, outbox: 2 });

    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select(["status", "attempts", "last_error"]).execute();
      return rows.every((row) => row.status === "pending" && row.attempts >= 1 && row.last_error);
    });
    await harness().smtp.start();
    const received = await harness().smtp.waitFor(2);
    expect(received.map((message) => message.rcptTo[0]).sort()).toEqual(["jane.doe@example.com", LEADS_TO].sort());
    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select("status").execute();
      return rows.every((row) => row.status === "sent");
    });
  });

  it("marks a message refused with 550 as failed and does not retry it", async () => {
    // Deliberate: the worker logs the refusal as an error.
    expectErrorOutput(/mail failed permanently.*550/);
    harness().smtp.refuseWith(550);
    expect((await callApi(post("/api/estimate", estimateForm(validFields)))).status).toBe(200);
    const db = await harness().db();
    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select("status").execute();
      return rows.length === 2 && rows.every((row) => row.status === "failed");
    });
    // several retry periods (200 ms base) later, still one attempt each
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = await db.selectFrom("outbox").select(["status", "attempts", "last_error"]).execute();
    for (const row of rows) {
      expect(row.status).toBe("failed");
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/550/);
    }
    expect(harness().smtp.refusals()).toBe(2);
    expect(harness().smtp.received).toHaveLength(0);
    expect(await tableCounts(db)).toMatchObject({ leads: 1 });
  });
});
