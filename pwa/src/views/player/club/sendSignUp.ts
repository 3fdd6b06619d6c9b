// Sending a sign-up: POST /api/public/tournaments/<tid>/sign-up with the phone's op id. The
// server keeps its answer per (device, op id), so a sign-up whose answer was lost (no network, a
// proxy's 502) goes again with the SAME op id and can never sign him up twice.
import { request, NetworkError, type ApiResponse } from "../../../sync/api";

export interface SignUpBody {
  op_id: string;
  device_id: string;
  name: string;
  email: string | null;
  lang: "de" | "en";
  website: string; // the honeypot: empty from a person
}

export type Sent = { ok: true; data: any } | { ok: false; status: number; data: any } | { ok: false; status: 0; data: null };

/** Undecided answers: no answer at all, a gateway or the server's own failure. A 429 is decided
 * for now (the player reads how long to wait). */
const undecided = (status: number) => status >= 500;

/** Sends one sign-up, trying again with the same op id while no decided answer came, up to
 * `tries` times (1 s, 2 s, 4 s … apart). `onRetry(n)` tells the screen it is trying again.
 * status 0: no answer after all tries (the form keeps the op id for the next press). */
export async function sendSignUp(
  tid: number,
  body: SignUpBody,
  opts: { tries?: number; onRetry?: (n: number) => void; sleep?: (ms: number) => Promise<void>; post?: typeof request } = {},
): Promise<Sent> {
  const tries = opts.tries ?? 5;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const post = opts.post ?? request;
  for (let n = 0; n < tries; n++) {
    if (n > 0) {
      opts.onRetry?.(n);
      await sleep(1000 * 2 ** (n - 1));
    }
    let r: ApiResponse;
    try {
      r = await post(`/api/public/tournaments/${tid}/sign-up`, { method: "POST", body });
    } catch (e) {
      if (e instanceof NetworkError) continue;
      throw e;
    }
    if (r.ok) return { ok: true, data: r.data };
    if (!undecided(r.status)) return { ok: false, status: r.status, data: r.data };
  }
  return { ok: false, status: 0, data: null };
}
