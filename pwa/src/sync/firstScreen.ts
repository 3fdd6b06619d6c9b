// The first scan's early answer (docs/first-scan.md): index.html's boot script (boot/firstScreen.js)
// asked GET /api/me/first for the link's token while this code loaded. Taken once, by the first
// code that asks who the token is (sync/session.ts resolveMe); later asks go to the server.
import type { Me } from "./session";
import type { View } from "./viewCache";
import { recordServerTime } from "./timeOffset";

export type FirstScreen = { me: Me; views: View[] };
export type EarlyAnswer = { status: number; data: any };

/** `sent`, `received`: the device's Date.now() around the request (the boot script notes them). */
type Early = { token: string; answer: Promise<Response>; sent?: number; received?: number };

/** The boot script's answer for `token`: null when there is none (or it was taken); status 0 when
 * it got no answer (offline). Never throws. */
export function takeFirstScreen(token: string): Promise<EarlyAnswer> | null {
  const g = globalThis as { __firstScreen?: Early };
  const early = g.__firstScreen;
  if (!early || early.token !== token) return null;
  delete g.__firstScreen;
  return early.answer.then(
    async (r) => {
      const data = await r.json().catch(() => null);
      // The server's time, taken as from every answer (sync/api.ts): the clock starts in server time
      // from this one, as the TV's first paint from the same answer did, not from the device's time
      // until the socket's first answer.
      const at = data && typeof data.server_time === "number" ? data.server_time : Number(r.headers.get("X-Server-Time"));
      if (early.sent && early.received) recordServerTime(at, early.sent, early.received);
      return { status: r.status, data };
    },
    () => ({ status: 0, data: null }),
  );
}
