/** The Account page's form intents for owners and devices; shared by the page and its action. */
import type { CarriedForms } from "~/forms/carried-answer";

export const LINK_DEVICE_INTENT = "link-device";
export const INVITE_OWNER_INTENT = "invite-owner";
export const REMOVE_OWNER_INTENT = "remove-owner";
export const REMOVE_PASSKEY_INTENT = "remove-passkey";

/**
 * "Add passkey" pressed before the page's script ran. The script makes the passkey with the device
 * and talks JSON to /owner/passkey; without it the browser posts the form there itself, and is sent
 * back to this page with the answer in a sealed cookie and the name it typed. The page's own action
 * already takes six intents, as many as a route may.
 */
export const ADD_PASSKEY_INTENT = "add-passkey";
export const ADD_PASSKEY_FORMS: CarriedForms = { intents: [ADD_PASSKEY_INTENT], fields: ["deviceName"] };
/** A passkey's device name, as the form and the server keep it. */
export const DEVICE_NAME_MAX = 60;
