import { describe, expect, it } from "vitest";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "~/settings/env.server";
import { pushEndpointProblem } from "./push-endpoints";

const hosts = [...DEFAULT_PUSH_SERVICE_HOSTS];

describe("push endpoints", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGhY2Z",
    "https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA",
  ])("takes the browsers' push services: %s", (endpoint) => {
    expect(pushEndpointProblem(endpoint, hosts)).toBeUndefined();
  });

  it.each([
    ["another host", "https://push.example.com/x", /not supported/],
    ["a look-alike suffix", "https://fcm.googleapis.com.example.com/x", /not supported/],
    ["a host ending in an allowed name", "https://evilpush.apple.com/x", /not supported/],
    ["the bare domain of a wildcard", "https://push.apple.com/x", /not supported/],
    ["plain HTTP to a real service", "http://fcm.googleapis.com/fcm/send/x", /HTTPS/],
    ["another port", "https://fcm.googleapis.com:8443/x", /not supported/],
    ["credentials", "https://user:pass@fcm.googleapis.com/x", /user name/],
    ["the server's own network", "https://10.0.0.5/x", /not supported/],
    ["loopback not listed", "http://127.0.0.1:9000/x", /not supported/],
    ["not a URL", "fcm.googleapis.com/x", /valid address/],
    ["another scheme", "file:///etc/passwd", /HTTPS/],
    ["a huge endpoint", `https://fcm.googleapis.com/${"a".repeat(3000)}`, /too long/],
  ])("refuses %s", (_, endpoint, message) => {
    expect(pushEndpointProblem(endpoint, hosts)).toMatch(message);
  });

  it("allows plain HTTP only to a loopback service that is listed, port and all", () => {
    const withLoopback = [...hosts, "127.0.0.1:9000"];
    expect(pushEndpointProblem("http://127.0.0.1:9000/push/abc", withLoopback)).toBeUndefined();
    expect(pushEndpointProblem("http://127.0.0.1:9001/push/abc", withLoopback)).toMatch(/not supported/);
    expect(pushEndpointProblem("http://push.example.com:9000/x", [...hosts, "push.example.com:9000"])).toMatch(/HTTPS/);
  });
});
