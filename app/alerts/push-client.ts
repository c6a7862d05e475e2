/**
 * The browser's half of "Notify me on this device": register the desk's service worker (scope
 * /owner, which the server allows with a Service-Worker-Allowed header), ask for permission and
 * subscribe with the server's VAPID public key. The account page posts the subscription to the
 * server. Runs only when the button is pressed.
 */
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE } from "~/owner/paths";

type Answer = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; error: string };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function subscribeThisDevice(vapidPublicKey: string): Promise<Answer> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return {
      ok: false,
      error:
        "This browser cannot show notifications from the desk. On an iPhone or iPad, add the desk to the home screen first and open it from there.",
    };
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted")
      return {
        ok: false,
        error: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
      };
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE });
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidPublicKey),
      }));
    return { ok: true, subscription: subscription.toJSON() };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? `This device could not be set up: ${error.message}` : "Something went wrong.",
    };
  }
}
