/** The Account page's form intents for owners and devices; shared by the page and its action. */
export const LINK_DEVICE_INTENT = "link-device";
export const INVITE_OWNER_INTENT = "invite-owner";
export const REMOVE_OWNER_INTENT = "remove-owner";
export const REMOVE_PASSKEY_INTENT = "remove-passkey";
