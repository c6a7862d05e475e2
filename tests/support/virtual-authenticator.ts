/**
 * A platform authenticator with user verification, as on a phone with a fingerprint reader: it
 * registers and signs in without a person, through Chromium's DevTools protocol.
 */
import type { BrowserContext, Page } from "@playwright/test";

export async function addAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
