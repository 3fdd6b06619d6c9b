// After a bust: "Anna — 27th" with Undo for 10 seconds. Undo takes the bust back
// out of the outbox when it was not sent yet (never applied: nothing reaches the server), or sends
// the correcting command `undo_bust` when the server has it (engine/undo.py: a dealer's own
// table's latest bust, before the next hand, within 60 s of the server's time).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { placeText } from "../../../money/money";
import * as outbox from "../../../sync/outbox";
import { Toast } from "../../../ui/Toast";

export const UNDO_MS = 10_000;
/** Undo is tappable only after this: the toast appears over the lowest seat row, and a quick
 * tap meant for that row's Bust must not take back the bust just confirmed (found by the
 * 150-action test under load: a tap landed on Undo as the toast appeared). */
export const UNDO_ARM_MS = 600;
const DONE_MS = 4_000;

interface Busted {
  entry_id: number;
  name: string;
  seat: number;
}

interface ToastState extends Busted {
  key: number;
  /** The bust's op_id once stored in the outbox. */
  op_id: string | null;
  until: number;
  /** Expected place from the players left when it was recorded (offline), else null. */
  expected: number | null;
  /** The place the server answered. */
  applied: number | null;
  phase: "out" | "undoing" | "undone";
  /** Undo was tapped while the bust was on its way: send the correction once it is applied. */
  undoWhenApplied: boolean;
  undoOp: string | null;
}

export interface BustToastApi {
  cur: ToastState | null;
  /** `provisional`: worked out on this phone from the players left, until the server answers. */
  place: { place: number; tie: number; provisional: boolean } | null;
  show: (seat: Busted, queued: Promise<outbox.OutboxEntry> | undefined) => void;
  undo: () => void;
  close: () => void;
}

export function useBustToast(p: { tid: number | null; token: string; table: any; pub: any; queue: outbox.OutboxEntry[] }): BustToastApi {
  const [cur, setCur] = useState<ToastState | null>(null);
  const queued = useRef<Promise<outbox.OutboxEntry> | null>(null);
  const latest = useRef<ToastState | null>(null);
  latest.current = cur;
  const [, tick] = useState(0);
  const update = (fn: (c: ToastState) => ToastState | null) => setCur((c) => (c ? fn(c) : c));

  function sendUndo(c: ToastState) {
    if (p.tid == null) return;
    void outbox
      .enqueue({
        tournament_id: p.tid,
        type: "undo_bust",
        payload: { entry_id: c.entry_id, reason: t("dealer.undo_reason") },
        token: p.token,
        label: { name: c.name, seat: c.seat },
      })
      .then((e) => update((x) => (x.key === c.key ? { ...x, undoOp: e.op_id } : x)));
  }

  // The server's answer: its place, and the correction if Undo was tapped while it was sent.
  useEffect(
    () =>
      outbox.onApplied(({ entry, result }) => {
        const c = latest.current;
        if (!c || entry.op_id !== c.op_id) return;
        const place = typeof result?.place === "number" ? result.place : null;
        update((x) => (x.key === c.key ? { ...x, applied: place, undoWhenApplied: false } : x));
        if (c.undoWhenApplied) sendUndo(c);
      }),
    [p.tid, p.token],
  );

  // Arm the Undo a moment after the toast appears (UNDO_ARM_MS).
  useEffect(() => {
    if (!cur || cur.phase !== "out") return;
    const id = setTimeout(() => tick((n) => n + 1), Math.max(0, cur.key + UNDO_ARM_MS - Date.now()));
    return () => clearTimeout(id);
  }, [cur?.key]);

  // Hide the Undo at 10 s, the whole toast a little after "back in his seat".
  useEffect(() => {
    if (!cur) return;
    const end = cur.phase === "out" ? cur.until : cur.phase === "undone" ? cur.until : null;
    if (end == null) return;
    const id = setTimeout(() => {
      if (cur.phase === "out" || cur.phase === "undone") update((x) => (x.key === cur.key ? null : x));
      tick((n) => n + 1);
    }, Math.max(0, end - Date.now()));
    return () => clearTimeout(id);
  }, [cur?.key, cur?.phase, cur?.until]);

  // The correction reached the server and the table view has him seated again: done. A refused
  // correction is the rejected list's (it says why, in the phone's language): the toast goes.
  const seatedAgain = cur?.phase === "undoing" && (p.table?.seats ?? []).some((s: any) => s.entry_id === cur.entry_id) &&
    !(p.table?.busts ?? []).some((b: any) => b.entry_id === cur.entry_id);
  const undoRefused = cur?.undoOp != null && p.queue.some((e) => e.op_id === cur.undoOp && e.state === "rejected");
  useEffect(() => {
    if (seatedAgain) update((x) => ({ ...x, phase: "undone", until: Date.now() + DONE_MS }));
    else if (undoRefused) update(() => null);
  }, [seatedAgain, undoRefused]);

  const server = cur ? (p.table?.busts ?? []).find((b: any) => b.entry_id === cur.entry_id && b.place != null) : null;
  const place = !cur
    ? null
    : server
      ? { place: Number(server.place), tie: Number(server.tie ?? 1), provisional: false }
      : cur.applied != null
        ? { place: cur.applied, tie: 1, provisional: false }
        : cur.expected != null
          ? { place: cur.expected, tie: 1, provisional: true } // this phone's guess: not sent yet
          : null;

  return {
    cur,
    place,
    show(seat, q) {
      // Expected place: the players still in before this bust, less this phone's busts not yet applied.
      const left = typeof p.pub?.players_left === "number" ? p.pub.players_left : null;
      let waiting = 0;
      for (const e of p.queue) {
        if (e.state !== "pending") continue;
        if (e.type === "record_bust" && Number(e.payload.entry_id) !== seat.entry_id) waiting += 1;
        if (e.type === "record_busts") waiting += ((e.payload.busts as unknown[]) ?? []).length;
      }
      const expected = left != null && left - waiting >= 2 ? left - waiting : null;
      const key = Date.now();
      queued.current = q ?? null;
      setCur({ ...seat, key, op_id: null, until: key + UNDO_MS, expected, applied: null, phase: "out", undoWhenApplied: false, undoOp: null });
      void q?.then((e) => update((x) => (x.key === key ? { ...x, op_id: e.op_id } : x)));
    },
    undo() {
      const c = latest.current;
      const q = queued.current;
      if (!c || !q || c.phase !== "out" || Date.now() - c.key < UNDO_ARM_MS) return;
      update((x) => ({ ...x, phase: "undoing" }));
      void q.then(async (entry) => {
        const how = await outbox.withdraw(entry.op_id);
        if (how === "withdrawn") {
          // Never sent: never applied. Nothing to correct.
          update((x) => (x.key === c.key ? { ...x, phase: "undone", until: Date.now() + DONE_MS } : x));
        } else if (how === "sending") {
          update((x) => (x.key === c.key ? { ...x, undoWhenApplied: true } : x));
        } else {
          const rejected = outbox.snapshot().find((e) => e.op_id === entry.op_id && e.state === "rejected");
          if (rejected) {
            // The server refused the bust: it was never applied either.
            await outbox.dismiss(entry.op_id);
            update((x) => (x.key === c.key ? { ...x, phase: "undone", until: Date.now() + DONE_MS } : x));
          } else {
            sendUndo(c);
          }
        }
      });
    },
    close() {
      setCur(null);
    },
  };
}

export function BustToast(props: { toast: BustToastApi }) {
  const lang = useLang();
  const { cur, place } = props.toast;
  if (!cur) return null;
  if (cur.phase === "undone") {
    return (
      <Toast testid="bust-toast" tone="done">
        <span data-testid="bust-toast-text" data-phase="undone">
          {t("dealer.toast_undone", { name: cur.name, seat: cur.seat })}
        </span>
      </Toast>
    );
  }
  const text = place ? t("dealer.toast_place", { name: cur.name, place: placeText(place.place, place.tie, lang) }) : t("dealer.toast_out", { name: cur.name });
  const canUndo = cur.phase === "out" && Date.now() < cur.until;
  return (
    <Toast
      testid="bust-toast"
      tone={cur.phase === "undoing" ? "busy" : "info"}
      actionLabel={canUndo ? t("dealer.toast_undo") : null}
      onAction={props.toast.undo}
      actionDisabled={Date.now() - cur.key < UNDO_ARM_MS}
      onClose={props.toast.close}
      closeLabel={t("common.dismiss")}
      until={canUndo ? cur.until : null}
      duration={UNDO_MS}
    >
      <span
        data-testid="bust-toast-text"
        data-phase={cur.phase}
        data-place={place?.place ?? undefined}
        data-provisional={place ? String(place.provisional) : undefined}
        data-entry-id={cur.entry_id}
      >
        {text}
        {place?.provisional && cur.phase === "out" && <span class="toast-sub"> · {t("dealer.toast_provisional")}</span>}
        {cur.phase === "undoing" && <span class="toast-sub"> · {t("dealer.toast_undo_pending")}</span>}
      </span>
    </Toast>
  );
}
