import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import { placeText } from "../../../money/money";
import type { Entry, PayloadOf, Table } from "../../../api/views";

/** What the dialog needs of an entry and a table: the director view's rows, in part. */
export type UndoEntry = Pick<Entry, "entry_id" | "name" | "status" | "table_no" | "seat" | "place"> &
  Partial<Pick<Entry, "tie" | "out_reason" | "disqualified">>;
export type UndoTable = Pick<Table, "table_no" | "max_seats"> & Partial<Pick<Table, "broken">> & { seats: Pick<Table["seats"][number], "seat" | "entry_id" | "name">[] };

const SHOWN = 5;
const SEATS_SHOWN = 40;

/** A bust (not a leave or a disqualification, N-2.22) may be undone; after the end only the
 * bust that ended it (2nd place) — the server says why for anything else. */
export function canUndoBust(e: UndoEntry, finished: boolean): boolean {
  if (e.status !== "busted" || e.disqualified) return false;
  if (e.out_reason && e.out_reason !== "bust") return false;
  return !finished || e.place === 2;
}

/** Free seats at tables still in play, for when his old seat is gone. */
export function freeSeats(tables: UndoTable[]): { t: number; s: number }[] {
  const out: { t: number; s: number }[] = [];
  for (const tb of tables) {
    if (tb.broken) continue;
    const taken = new Set(tb.seats.map((s) => s.seat));
    for (let s = 1; s <= tb.max_seats; s++) if (!taken.has(s)) out.push({ t: tb.table_no, s });
  }
  return out;
}

/** Who moves: everyone out after him (a better place) goes one place down; he leaves the order. */
export function undoShifts(e: UndoEntry, entries: UndoEntry[]): { name: string; from: number; to: number }[] {
  if (e.place == null) return [];
  return entries
    .filter((x) => x.status === "busted" && x.entry_id !== e.entry_id && x.place != null && x.place < e.place! && !x.disqualified)
    .sort((a, b) => b.place! - a.place!)
    .map((x) => ({ name: x.name, from: x.place!, to: x.place! + 1 }));
}

/** Undo a wrongly recorded bust: says what will happen, asks why, and offers a free
 * seat when his own is taken or his table was broken. */
export function UndoBustDialog(props: {
  entry: UndoEntry;
  entries: UndoEntry[];
  tables: UndoTable[];
  finished: boolean;
  onCancel: () => void;
  onSubmit: (payload: PayloadOf<"undo_bust">) => void;
}) {
  const lang = useLang();
  const { entry: e } = props;
  const [reason, setReason] = useState("");
  const [pick, setPick] = useState<{ t: number; s: number } | null>(null);
  const old = props.tables.find((tb) => tb.table_no === e.table_no);
  const taker = old?.seats.find((s) => s.seat === e.seat);
  const ownFree = !!old && !old.broken && e.seat != null && !taker;
  const free = ownFree ? [] : freeSeats(props.tables);
  const where = ownFree ? { t: e.table_no!, s: e.seat! } : pick;
  const shifts = undoShifts(e, props.entries);
  const winner = props.finished ? props.entries.find((x) => x.status === "active") : undefined;
  const ready = !!reason.trim() && !!where;
  return (
    <Confirm
      title={t("undo_bust.title", { name: e.name })}
      confirmLabel={t("undo_bust.submit")}
      testid="undo-bust-submit"
      disabled={!ready}
      onCancel={props.onCancel}
      onConfirm={() => {
        if (!ready || !where) return;
        const payload: PayloadOf<"undo_bust"> = { entry_id: e.entry_id, reason: reason.trim() };
        if (!ownFree) Object.assign(payload, { table_no: where.t, seat: where.s });
        props.onSubmit(payload);
      }}
    >
      <div class="undo-bust" data-testid="undo-bust-dialog">
        <ul class="undo-effects" data-testid="undo-bust-effects">
          <li data-testid="undo-bust-back">
            {where
              ? t("undo_bust.back_to", { name: e.name, t: where.t, s: where.s })
              : t("undo_bust.back_choose", { name: e.name })}
            {e.place != null && ` ${t("undo_bust.place_cleared", { place: placeText(e.place, e.tie, lang) })}`}
          </li>
          {shifts.slice(0, SHOWN).map((x) => (
            <li key={x.name} data-testid="undo-bust-shift">
              {t("undo_bust.shift", { name: x.name, from: placeText(x.from, 1, lang), to: placeText(x.to, 1, lang) })}
            </li>
          ))}
          {shifts.length > SHOWN && <li class="muted">{t("undo_bust.more", { n: shifts.length - SHOWN })}</li>}
          {winner && <li data-testid="undo-bust-winner">{t("undo_bust.winner_cleared", { name: winner.name })}</li>}
          <li class="muted small">{t("undo_bust.chips")}</li>
        </ul>
        {!ownFree && (
          <div data-testid="undo-bust-seat-picker">
            <p class="field-error" role="status">
              {old && !old.broken && taker
                ? t("undo_bust.seat_taken", { t: old.table_no, s: e.seat ?? 0, name: taker.name })
                : t("undo_bust.table_gone", { t: e.table_no ?? 0 })}
            </p>
            {free.length === 0 ? (
              <p class="muted">{t("undo_bust.no_free_seat")}</p>
            ) : (
              <div class="chip-row" role="radiogroup" aria-label={t("undo_bust.choose_seat")}>
                {free.slice(0, SEATS_SHOWN).map((f) => {
                  const on = pick?.t === f.t && pick?.s === f.s;
                  return (
                    <button
                      type="button"
                      key={`${f.t}-${f.s}`}
                      role="radio"
                      aria-checked={on}
                      class={`btn btn-secondary ${on ? "is-on" : ""}`}
                      data-testid={`undo-seat-${f.t}-${f.s}`}
                      onClick={() => setPick(f)}
                    >
                      {t("undo_bust.seat_label", { t: f.t, s: f.s })}
                    </button>
                  );
                })}
              </div>
            )}
          </div>
        )}
        <label class="field">
          <span>{t("undo_bust.reason")}</span>
          <input
            data-testid="undo-bust-reason"
            value={reason}
            maxLength={200}
            autocomplete="off"
            placeholder={t("undo_bust.reason_hint")}
            onInput={(ev) => setReason((ev.target as HTMLInputElement).value)}
          />
          {!reason.trim() && <span class="muted small">{t("undo_bust.reason_missing")}</span>}
        </label>
      </div>
    </Confirm>
  );
}
