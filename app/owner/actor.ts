/**
 * Who made a change on the desk: the signed-in owner's email, and the client they made it from as
 * the rate limits count clients (an IPv4 address or an IPv6 /64). `requireOwner` builds it from the
 * session and the request, so no page spells it out; the audit log records both. The server's
 * command line has no actor: a change it can also make takes `Actor | null`, and null is what the
 * log then shows.
 */
export interface Actor {
  email: string;
  client: string | null;
}
