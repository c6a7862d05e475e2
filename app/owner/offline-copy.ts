/**
 * The desk's half of opening offline: once a signed-in desk page has started, it registers the
 * desk's service worker (public/owner/service-worker.js) and, each time the browser moves to the
 * lead list or a lead without loading a new document, asks the worker to keep that page. A page
 * loaded as a document through the worker was kept on the way, so it is not fetched twice.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE } from "~/owner/paths";

const KEPT_PAGE = /^\/owner(?:\/leads\/[\w-]{1,64})?\/?$/;

export function useDeskOfflineCopy(signedIn: boolean): void {
  const location = useLocation();
  const loadedThroughWorker = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (!signedIn || !("serviceWorker" in navigator)) return;
    loadedThroughWorker.current ??= navigator.serviceWorker.controller !== null;
    if (loadedThroughWorker.current) {
      // Only the first page of this document came through the worker.
      loadedThroughWorker.current = false;
      void navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE }).catch(() => {});
      return;
    }
    if (!KEPT_PAGE.test(location.pathname)) return;
    const path = `${location.pathname}${location.search}`;
    navigator.serviceWorker
      .register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: "keep", path }))
      // No worker (private browsing, storage full): the desk works as it did, only not offline.
      .catch(() => {});
  }, [signedIn, location.pathname, location.search]);
}
