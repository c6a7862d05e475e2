/**
 * The side panel's remembered open/collapsed choice.
 *
 * Prerendered HTML cannot know a visitor's cookie, so `headScript` (inlined in <head>, before any
 * paint) copies the cookie onto <html data-panel>, and CSS lays the page out from that attribute.
 * Its text is hashed into the Content-Security-Policy at build time.
 */
/** The panel's element id: the header's menu button opens it as a popover, scripts or not. */
export const SIDE_PANEL_ID = "side-panel";

export const PANEL_COOKIE = "panel";
export const PANEL_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export type PanelState = "open" | "collapsed";

export const headScript = `(function(d){var m=document.cookie.match(/(?:^|; )${PANEL_COOKIE}=(open|collapsed)/);if(m)d.dataset.panel=m[1]})(document.documentElement)`;

const listeners = new Set<() => void>();

export function readPanelState(): PanelState {
  return document.documentElement.dataset.panel === "collapsed" ? "collapsed" : "open";
}

/** The server renders the open panel; the head script has already corrected the layout by hydration. */
export const serverPanelState = (): PanelState => "open";

export function subscribePanelState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writePanelState(state: PanelState): void {
  document.documentElement.dataset.panel = state;
  document.cookie = `${PANEL_COOKIE}=${state}; Max-Age=${PANEL_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
  listeners.forEach((l) => l());
}
