/** The account page's form intents for notified devices; shared by the page and its action. */
export const SUBSCRIBE_INTENT = "subscribe-device";
export const REMOVE_INTENT = "remove-device";
