/**
 * Home watch photos through the built server on SQLite: a camera's photo with its GPS position is
 * sent as the visit screen's script sends it, the visit is finished, and the report's photo,
 * fetched from the address the report page gives behind the plan's link, carries no EXIF and no
 * GPS. Every refusal an attacker would meet: a bad link, other spellings of the photo's address, an
 * oversized upload, a foreign Origin, no session.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { formatTime } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { cameraJpeg, oversizedJpeg } from "../support/images";
import { oneSqliteSiteForThisFile, sendTo, whileServerRuns, type BuiltSite } from "../support/system";
import { acceptedPlan } from "../support/watch";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

function photoBody(item: string, data: Buffer, uploadKey = crypto.randomUUID()): FormData {
  const body = new FormData();
  body.append("item", item);
  body.append("upload_key", uploadKey);
  body.append("photo", new File([new Uint8Array(data)], "photo.jpg", { type: "image/jpeg" }));
  return body;
}

describe("home watch photos", () => {
  it("the report's photo has no GPS, and the photo's addresses refuse what an attacker would send", async () => {
    const send = sendTo(origin);
    const owner = { cookie: s.cookie, Origin: origin };
    const context = { siteUrl: origin, leadsTo: "owner@causeway.test" };
    const plan = await whileServerRuns(() =>
      acceptedPlan(s.db, context, { name: "Lee Tide", email: "lee@example.com" }),
    );
    const visit = await s.db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", plan.planId)
      .orderBy("day")
      .executeTakeFirstOrThrow();
    const { checklist } = await s.db
      .selectFrom("watch_plans")
      .select("checklist")
      .where("id", "=", plan.planId)
      .executeTakeFirstOrThrow();
    const [heater, ...rest] = parseChecklist(checklist);
    if (!heater) throw new Error("an item expected");
    const page = `/owner/watch/visits/${visit.id}`;
    const photos = `${page}/photos`;
    const post = (body: FormData, headers: Record<string, string> = {}) =>
      fetch(`${origin}${photos}`, {
        method: "POST",
        redirect: "manual",
        body,
        headers: { cookie: s.cookie, Origin: origin, Accept: "application/json", ...headers },
      });

    expect((await send(page, { intent: "start" }, owner)).status).toBe(200);
    // A minute ago by the camera's clock, written in UTC with its offset, as a phone writes it.
    const taken = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    const exifClock = taken.toISOString().slice(0, 19).replace("T", " ").replaceAll("-", ":");
    const camera = await cameraJpeg(exifClock, "+00:00", 2400, 1800);
    const sent = await post(photoBody(heater.id, camera));
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { ok: boolean }).ok).toBe(true);

    // Refusals: no session, a forged one, a foreign Origin, an upload over the limit.
    for (const cookie of ["", "causeway_session=forged-token-value"])
      expect((await post(photoBody(heater.id, camera), { cookie })).status, cookie).toBe(401);
    expect((await post(photoBody(heater.id, camera), { cookie: "", Accept: "text/html" })).status).toBe(302);
    expect((await post(photoBody(heater.id, camera), { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post(photoBody(heater.id, oversizedJpeg(31 * 1024 * 1024)))).status).toBe(413);

    await send(
      page,
      { intent: "result", item: heater.id, result: "issue", note: "Drip at the valve", nextStep: "call-today" },
      owner,
    );
    for (const item of rest)
      await send(page, { intent: "result", item: item.id, result: "ok", note: "", nextStep: "" }, owner);
    expect((await send(page, { intent: "finish" }, owner)).status).toBe(200);

    const html = await (await send(`/watch/${plan.token}/visits/${visit.id}`)).text();
    const small = new RegExp(`src="(/watch/${plan.token}/photos/[^"]+-small\\.webp)"`).exec(html)?.[1];
    const large = new RegExp(`href="(/watch/${plan.token}/photos/[^"]+-large)"`).exec(html)?.[1];
    if (!small || !large) throw new Error("no photo on the report");
    expect(html).toContain('alt="Water heater, this visit"');
    expect(html).toContain(`Taken ${formatTime(taken)}`);
    for (const path of [small, large]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(200);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, path).toBeUndefined();
      expect(bytes.includes("TestPhone"), path).toBe(false);
    }

    expect((await send(small.replace(plan.token, "A".repeat(43)))).status).toBe(404);
    // Other spellings of the address: never a server error (`.data` is the same photo, same link).
    for (const path of [`${large}.data`, large.toUpperCase(), large.replace("/photos/", "/photos//"), `${large}%2F..`])
      expect((await send(path)).status, path).toBeLessThan(500);
    expect((await send(large.toUpperCase())).status).toBe(404);
    expect((await send(`/owner/watch/photos/${large.split("/").pop() ?? ""}`, undefined, { cookie: "" })).status).toBe(
      401,
    );

    // 'Quote this repair' goes to the quote, which shows the Issue's photo to quote from.
    const repair = await send(page, { intent: "quote-repair", item: heater.id }, owner);
    const quotePage = repair.headers.get("location") ?? "";
    expect(quotePage).toMatch(/^\/owner\/leads\/[0-9a-f-]{36}\/quote$/);
    const quote = await (await send(quotePage, undefined, { cookie: s.cookie })).text();
    // React writes the count between comments: "Photos (<!-- -->1<!-- -->)".
    expect(quote).toMatch(/Photos \((<!-- -->)?1(<!-- -->)?\)/);
    expect(quote).toMatch(/<img src="\/owner\/leads\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}"/);
  });
});
