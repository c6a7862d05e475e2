import { describe, expect, it } from "vitest";
import { detailRowsHtml, escapeHtml, formatBytes, html, multiline, parseMailbox } from "./mail-format.server";

describe("email HTML", () => {
  it("escapes every interpolated string", () => {
    const name = `<b onclick="x">'Tom' & Jerry</b>`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;b onclick=&quot;x&quot;&gt;&#39;Tom&#39; &amp; Jerry&lt;/b&gt;">&lt;b onclick=&quot;x&quot;&gt;&#39;Tom&#39; &amp; Jerry&lt;/b&gt;</p>',
    );
    expect(escapeHtml("a<b")).toBe("a&lt;b");
  });

  it("inserts markup only when it was built with html", () => {
    const inner = html`<em>${"<i>"}</em>`;
    expect(html`<p>${inner}${[html`<br />`, "<br>"]}${undefined}${false}</p>`.value).toBe(
      "<p><em>&lt;i&gt;</em><br />&lt;br&gt;</p>",
    );
  });

  it("keeps line breaks of a description", () => {
    expect(multiline("a<\nb").value).toBe("a&lt;<br>b");
    expect(detailRowsHtml([{ label: "Note", value: "x\ny", multiline: true }]).value).toContain("x<br>y");
  });

  it("reads mailboxes as MAIL_FROM and LEADS_TO may give them", () => {
    expect(parseMailbox("Causeway <a@b.example>")).toEqual({ name: "Causeway", address: "a@b.example" });
    expect(parseMailbox('"Causeway & Co" <a@b.example>')).toEqual({ name: "Causeway & Co", address: "a@b.example" });
    expect(parseMailbox(" a@b.example ")).toEqual({ name: "", address: "a@b.example" });
  });

  it("writes sizes for people", () => {
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(9.5 * 1024 * 1024)).toBe("9.5 MB");
  });
});
