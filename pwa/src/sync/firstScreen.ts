// The first scan's early answer (docs/first-scan.md): index.html's boot script (boot/firstScreen.js)
// asked GET /api/me/first for the link's token while this code loaded. Taken once, by the first
// code that asks who the token is (sync/session.ts resolveMe); later asks go to the server.
import type { Me } from "./session";
import type { View } from "./viewCache";

export type FirstScreen = { me: Me; views: View[] };
export type EarlyAnswer = { status: number; data: any };

type Early = { token: string; answer: Promise<Response> };

/** The boot script's answer for `token`: null when there is none (or it was taken); status 0 when
 * it got no answer (offline). Never throws. */
export function takeFirstScreen(token: string): Promise<EarlyAnswer> | null {
  const g = globalThis as { __firstScreen?: Early };
  const early = g.__firstScreen;
  if (!early || early.token !== token) return null;
  delete g.__firstScreen;
  return early.answer.then(
    async (r) => ({ status: r.status, data: await r.json().catch(() => null) }),
    () => ({ status: 0, data: null }),
  );
}
