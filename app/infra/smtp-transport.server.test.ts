import { describe, expect, it } from "vitest";
import { isLoopbackHost, SMTP_TIMEOUTS, smtpTransportOptions } from "./smtp-transport.server";

describe("SMTP transport options", () => {
  it("requires STARTTLS on smtp:// to another machine, so the connection is never left in clear", () => {
    expect(smtpTransportOptions("smtp://user:secret@smtp.example.com:587")).toEqual({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: "user", pass: "secret" },
      ...SMTP_TIMEOUTS,
    });
    expect(smtpTransportOptions("smtp://10.0.0.5").requireTLS).toBe(true);
    expect(smtpTransportOptions("smtp://[2001:db8::1]:25")).toMatchObject({ host: "2001:db8::1", requireTLS: true });
    // a name that merely starts like a loopback address is another machine
    expect(smtpTransportOptions("smtp://127.0.0.1.example.com").requireTLS).toBe(true);
    expect(smtpTransportOptions("smtp://localhost.example.com").requireTLS).toBe(true);
  });

  it("lets smtp:// to this machine go without TLS", () => {
    for (const url of ["smtp://127.0.0.1:2525", "smtp://127.8.9.10", "smtp://[::1]:25", "smtp://LocalHost:25"])
      expect(smtpTransportOptions(url), url).toMatchObject({ secure: false, requireTLS: false });
  });

  it("uses implicit TLS for smtps://, wherever the server is", () => {
    expect(smtpTransportOptions("smtps://mail.example.com:465")).toMatchObject({
      host: "mail.example.com",
      port: 465,
      secure: true,
      requireTLS: false,
    });
    expect(smtpTransportOptions("smtps://127.0.0.1").secure).toBe(true);
  });

  it("decodes the user and password, and leaves auth out without them", () => {
    expect(smtpTransportOptions("smtp://me%40example.com:p%40ss%3Aword@smtp.example.com").auth).toEqual({
      user: "me@example.com",
      pass: "p@ss:word",
    });
    const options = smtpTransportOptions("smtp://smtp.example.com");
    expect(options.auth).toBeUndefined();
    expect(options.port).toBeUndefined();
  });

  it("keeps the timeouts that bound one send", () => {
    const options = smtpTransportOptions("smtp://smtp.example.com:587");
    expect(options.connectionTimeout).toBe(30_000);
    expect(options.socketTimeout).toBe(60_000);
  });

  it("knows loopback addresses in every spelling", () => {
    for (const host of ["localhost", "127.0.0.1", "127.255.255.254", "::1", "[::1]", "0:0:0:0:0:0:0:1"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["128.0.0.1", "10.0.0.1", "::2", "example.com", "127.0.0.1.nip.io", ""])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
