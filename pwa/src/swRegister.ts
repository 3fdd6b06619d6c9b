// Registers the service worker (registerType "prompt"): a new version waits until the user
// taps "reload"; updates are checked when the app becomes visible again.
import { registerSW } from "virtual:pwa-register";
import { report } from "./sync/report";

let needRefresh = false;
const listeners = new Set<() => void>();
let update: ((reload?: boolean) => Promise<void>) | null = null;

export function onUpdateAvailable(fn: () => void): () => void {
  listeners.add(fn);
  if (needRefresh) fn();
  return () => listeners.delete(fn);
}

export async function applyUpdate(): Promise<void> {
  if (update) await update(true);
  // If no waiting worker took control within a moment, reload anyway.
  setTimeout(() => location.reload(), 1500);
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  // Push (sw.ts): "do you show this screen?" before a notification; a tapped one sends this
  // window to its screen.
  navigator.serviceWorker.addEventListener("message", (event) => {
    const url = event.data?.url;
    if (typeof url !== "string" || !url.startsWith("/#/")) return;
    if (event.data.type === "shows") event.ports[0]?.postMessage(location.hash === url.slice(1));
    else if (event.data.type === "open") location.hash = url.slice(1);
  });
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      needRefresh = true;
      for (const fn of listeners) fn();
    },
    onRegisteredSW(_url, reg) {
      if (!reg) return;
      const check = () => {
        if (document.visibilityState === "visible" && navigator.onLine !== false) reg.update().catch((e) => report("sw.update", e)); // tried again on the next visit
      };
      document.addEventListener("visibilitychange", check);
      setInterval(check, 60 * 60 * 1000);
    },
    onRegisterError(e) {
      // Not shown: the app works without it (InsecureNotice tells when offline start-up is impossible).
      report("sw.register", e);
    },
  });
}
