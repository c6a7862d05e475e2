/**
 * The desk's pages mark themselves with this route handle, so the document leaves out the public
 * site's frame (header, side panel, estimate dialog) and names the desk's own web-app manifest.
 */
export const deskHandle = { desk: true } as const;

export const DESK_MANIFEST = "/owner/manifest.webmanifest";

export function isDeskHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "desk" in handle && handle.desk === true;
}
