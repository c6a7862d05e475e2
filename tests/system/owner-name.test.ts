/**
 * The owner's name for home watch reports through the built server on SQLite, as the account
 * page's form posts it without JavaScript: saved and shown again, a name too long refused at its
 * field with what was typed, and what an attacker would send (no or a forged session, a foreign
 * Origin, no or an unknown intent, an oversized post) refused without a change.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { followAnswer, oneSqliteSiteForThisFile, sendTo, type BuiltSite } from "../support/system";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

const names = () => s.db.selectFrom("owners").select("display_name").execute();

describe("the owner's name on reports", () => {
  it("is saved from the account page without JavaScript, and refused as an attacker would send it", async () => {
    const send = sendTo(origin);
    const path = "/owner/account/name";
    const owner = { cookie: s.cookie, Origin: origin, Accept: "text/html" };
    const form = { intent: "set-name", name: "Pat Rivera" };

    expect((await send(path, form, { cookie: "", Origin: origin })).status).toBe(302);
    expect((await send(path, form, { cookie: "causeway_session=forged", Origin: origin })).status).toBe(302);
    expect((await send(path, form, { ...owner, Origin: "https://evil.example" })).status).toBe(403);
    expect((await send(path, { name: "Pat" }, owner)).status).toBe(400);
    expect((await send(path, { ...form, intent: "add-owner" }, owner)).status).toBe(400);
    expect((await send(path, { ...form, name: "x".repeat(300_000) }, owner)).status).toBe(413);
    expect((await send(path, undefined, { cookie: s.cookie })).status).toBe(303);
    expect((await names()).every((row) => row.display_name === "")).toBe(true);

    const tooLong = await send(path, { ...form, name: "P".repeat(61) }, owner);
    expect(tooLong.status).toBe(303);
    const refused = await followAnswer(s, tooLong);
    expect(refused).toContain("At most 60 characters.");
    expect(refused).toContain("P".repeat(61));

    const saved = await send(path, form, owner);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/owner/account");
    const page = await followAnswer(s, saved);
    expect(page).toContain("Checked by Pat Rivera");
    expect(page).toContain('value="Pat Rivera"');
    expect((await names()).map((row) => row.display_name)).toContain("Pat Rivera");
  });
});
