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
    // a club's image opened on its own; a league's public standings and the standings mail's
    // unsubscribe page: the server's own pages, not the app's
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/media\//, /^\/s\//, /^\/standings-mail\//],
  }),
);

// Web Push: news for a phone whose page is closed or whose screen is off. The server
// writes the text in the phone's language (backend/read/notices.py) and where a tap leads.
type PushMessage = { title: string; body: string; kind: string; tag: string; url: string };

function pushMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const m = data?.json();
    return m && typeof m.title === "string" && typeof m.url === "string" && m.url.startsWith("/#/") ? m : null;
  } catch {
    return null; // not ours (or not JSON): nothing to show
  }
}

/** Extends the event's life where the browser allows it (a test's synthetic event cannot). */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

/** Whether a window shows this screen now. Asked, not read off `client.url`: that stays the URL
 * the page opened with (hash routes change it without a new document). A page that does not answer
 * in time (frozen with the screen off) does not show it. */
function showsScreen(w: WindowClient, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 500);
    channel.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(e.data === true);
    };
    w.postMessage({ type: "shows", url }, [channel.port2]);
  });
}

async function showUnlessOnScreen(m: PushMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const visible = windows.filter((w) => w.visibilityState === "visible");
  // The page on screen already shows it (its socket brought the same news): no sound, no buzz. Shown
  // all the same: iOS revokes a subscription whose pushes show no notification.
  const onScreen = (await Promise.all(visible.map((w) => showsScreen(w, m.url)))).some(Boolean);
  const options = {
    body: m.body,
    tag: m.tag, // a newer seat replaces an older one in the tray
    renotify: !onScreen,
    silent: onScreen,
    icon: "/icons/icon-192.png",
    badge: "/icons/maskable-192.png",
    ...(onScreen ? {} : { vibrate: [200, 100, 200] }), // a silent one may name no vibration at all
    data: { url: m.url, kind: m.kind },
  };
  await self.registration.showNotification(m.title, options as NotificationOptions);
}

self.addEventListener("push", (event) => {
  const m = pushMessage(event.data);
  if (m) keepAlive(event, showUnlessOnScreen(m));
});

/** A tap: the app's open window goes to the screen (a hash route), else a new one opens there. */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(new URL(url, self.location.origin).href);
    return;
  }
  open.postMessage({ type: "open", url });
  try {
    await open.focus();
  } catch {
    // focusing needs the tap's user activation; the window has the route either way
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  keepAlive(event, openScreen(typeof url === "string" && url.startsWith("/#/") ? url : "/"));
});
