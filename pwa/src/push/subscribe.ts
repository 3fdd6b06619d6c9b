// Web Push opt-in: subscribe this phone's browser with the server's VAPID key and hand
// the subscription to the server with this screen's token (backend/api/push.py). Loaded lazily
// with the opt-in card: nothing of it is in a role's first screen.
import { api } from "../sync/api";

export type PushState =
  | "unsupported" // no service worker or PushManager, or not a secure context (plain HTTP)
  | "ios_home_screen" // iOS: Web Push only from the installed app (Share → Add to Home Screen)
  | "blocked" // the user said no; only the browser's settings undo it
  | "off"
  | "on";

/** iOS/iPadOS browsers (all WebKit) offer push only in the app added to the home screen. */
export function isIos(ua: string = navigator.userAgent, touchPoints: number = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
}

function standalone(): boolean {
  return matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}

export async function pushState(): Promise<PushState> {
  if (isIos() && !standalone()) return "ios_home_screen";
  if (!window.isSecureContext || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  if (Notification.permission === "denied") return "blocked";
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === "granted" ? "on" : "off";
}

function keyBytes(b64url: string): Uint8Array {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (b64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Asks the browser (the permission prompt), then the server. tid: a director names the tournament. */
export async function turnOn(token: string, lang: string, tid: number | null): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const reg = await navigator.serviceWorker.ready;
  const { public_key } = await api<{ public_key: string }>("/api/push/key");
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, public_key)) {
    await sub.unsubscribe(); // made for another server's key: it would never get anything
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key });
  await resend(token, lang, tid);
  return "on";
}

function sameKey(sub: PushSubscription, publicKey: string): boolean {
  const have = sub.options?.applicationServerKey;
  if (!have) return true; // the browser does not say: keep it
  const want = keyBytes(publicKey);
  const bytes = new Uint8Array(have);
  return bytes.length === want.length && bytes.every((b, i) => b === want[i]);
}

export async function turnOff(token: string): Promise<PushState> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api("/api/push/unsubscribe", { method: "POST", token, body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return "off";
}

/** The phone is subscribed: tell the server again (its row follows the phone: a replaced QR, a
 * director's other tournament, a POST that failed before). Quiet: no prompt, no state change. */
export async function resend(token: string, lang: string, tid: number | null): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  const body = { ...sub.toJSON(), lang: lang === "de" ? "de" : "en", ...(tid != null ? { tournament_id: tid } : {}) };
  await api("/api/push/subscriptions", { method: "POST", token, body });
}
