import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";

describe("client key", () => {
  it("is the address itself for IPv4, also when written as IPv4-mapped IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("puts every IPv6 address of one /64 under one key, and other /64s under others", () => {
    const a = clientKey("2001:db8:1234:5678::1");
    expect(a).toBe("2001:db8:1234:5678::/64");
    expect(clientKey("2001:0db8:1234:5678:ffff:eeee:dddd:cccc")).toBe(a);
    expect(clientKey("2001:db8:1234:5678:0:0:0:abcd%eth0")).toBe(a);
    expect(clientKey("2001:db8:1234:5679::1")).not.toBe(a);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("has one key for requests whose address is unknown", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("")).toBe("unknown");
  });
});
