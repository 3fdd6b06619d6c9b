// The deal's commands and its preview, for the director's card.
import { request, NetworkError } from "../../../sync/api";
import type { Send } from "../shared/types";
import type { ProposeDeal } from "../../../money/deal";

export type Preview =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ok"; rows: { entry_id: number; name: string; chips: number; amount: number }[]; total: number }
  | { state: "refused"; error: string | null; params: Record<string, unknown> | null; message: string; field: string | null }
  | { state: "offline" };

/** POST /deal/calculate: the amounts the server would propose, without changing anything. */
export async function calculate(tid: string, token: string, payload: ProposeDeal, signal: AbortSignal): Promise<Preview> {
  try {
    const r = await request(`/api/tournaments/${encodeURIComponent(tid)}/deal/calculate`, { method: "POST", token, body: payload, signal });
    if (r.ok && Array.isArray(r.data?.rows)) return { state: "ok", rows: r.data.rows, total: Number(r.data.total) };
    if (r.status >= 400 && r.status < 500)
      return { state: "refused", error: r.data?.error ?? null, params: r.data?.params ?? null, message: String(r.data?.message ?? `HTTP ${r.status}`), field: r.data?.field ?? null };
    return { state: "offline" };
  } catch (e) {
    if (e instanceof NetworkError) return { state: "offline" };
    throw e;
  }
}

/** The director's deal commands through the typed outbox. */
export function dealCommands(send: Send) {
  return {
    propose: (p: ProposeDeal) => send("propose_deal", p),
    answer: (deal_no: number, entry_id: number, accept: boolean, name: string) => send("answer_deal", { deal_no, entry_id, accept }, { name }),
    apply: (deal_no: number) => send("apply_deal", { deal_no }),
    undo: (deal_no: number) => send("undo_deal", { deal_no }),
  };
}
