/**
 * The browser's half of the passkey ceremonies. SimpleWebAuthn's browser library is loaded only
 * when a button asks for it, so no page carries it at start.
 */
import { hiddenCharacterError } from "~/forms/plain-text";

type Answer = { ok: true; next?: string } | { ok: false; error: string };

async function post(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch("/owner/passkey", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(typeof json.error === "string" ? json.error : "The desk did not answer. Please try again.");
  return json;
}

function message(error: unknown): string {
  // The person closed the prompt or it timed out: say so plainly.
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return "The passkey prompt was closed. Try again, or use an emailed code.";
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

export async function signInWithPasskey(next: string): Promise<Answer> {
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const { options } = (await post({ intent: "sign-in-options" })) as {
      options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
    };
    const response = await startAuthentication({ optionsJSON: options });
    const done = await post({ intent: "sign-in", response, next });
    return { ok: true, next: typeof done.next === "string" ? done.next : "/owner" };
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

/**
 * Why a typed name for a device cannot be kept, or undefined. Read before the prompt in the browser
 * and again by the server: the name is shown on the Account page and in the owners' email.
 */
export function deviceNameError(name: string): string | undefined {
  return hiddenCharacterError(name, "The name for this device");
}

export async function registerPasskey(deviceName: string, token?: string): Promise<Answer> {
  const nameError = deviceNameError(deviceName);
  if (nameError) return { ok: false, error: nameError };
  try {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const { options } = (await post({ intent: "register-options", token, deviceName })) as {
      options: Parameters<typeof startRegistration>[0]["optionsJSON"];
    };
    const response = await startRegistration({ optionsJSON: options });
    const done = await post({ intent: "register", response, token, deviceName });
    return { ok: true, next: typeof done.next === "string" ? done.next : "/owner" };
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

/** A starting name for a new passkey, from what the browser says it runs on. */
export function guessDeviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return "iPhone";
  if (/iPad/.test(userAgent)) return "iPad";
  if (/Android/.test(userAgent)) return "Android phone";
  if (/Macintosh/.test(userAgent)) return "Mac";
  if (/Windows/.test(userAgent)) return "Windows computer";
  if (/Linux/.test(userAgent)) return "Linux computer";
  return "This device";
}
