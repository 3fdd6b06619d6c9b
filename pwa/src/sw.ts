/// <reference lib="webworker" />
// Service worker (vite-plugin-pwa injectManifest). Precaches the app shell; navigations fall back
// to index.html except /api and /socket.io. API responses are never cached here: role views live
// in IndexedDB, written by the app.
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { setCacheNameDetails, clientsClaim } from "workbox-core";

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Versioned caches: bump CACHE_VERSION to drop every cache of older builds; file revisions
// inside the precache come from the build (content hashes).
const CACHE_VERSION = "v1";
setCacheNameDetails({ prefix: "pokerfloor", suffix: CACHE_VERSION, precache: "shell", runtime: "runtime" });

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((k) => k.startsWith("pokerfloor-") && !k.endsWith(`-${CACHE_VERSION}`)).map((k) => caches.delete(k))),
    ),
  );
});
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
  }),
);
