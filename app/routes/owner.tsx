/**
 * The frame of every desk page (/owner/…). It says whether someone is signed in and how many leads
 * are new; each page checks the session itself, so none depends on this loader having run.
 */
import { Outlet } from "react-router";
import { getDatabase } from "~/infra/db.server";
import { DeskFrame } from "~/owner/desk-frame";
import { deskHandle } from "~/owner/desk-handle";
import { useDeskOfflineCopy } from "~/owner/offline-copy";
import { countNewLeads } from "~/leads/record/queries.server";
import { readSession } from "~/owner/sessions.server";
import type { Route } from "./+types/owner";

export const handle = deskHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  return { signedIn: session !== undefined, newCount: session ? await countNewLeads(db) : 0 };
}

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  useDeskOfflineCopy(loaderData.signedIn);
  return (
    <DeskFrame signedIn={loaderData.signedIn} newCount={loaderData.newCount}>
      <Outlet />
    </DeskFrame>
  );
}
