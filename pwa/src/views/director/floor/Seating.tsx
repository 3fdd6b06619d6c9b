// The director's floor: suggestions with one tap to apply, hand-for-hand, the table map with each
// table's seats, a manual move and the break order. Every change goes through the outbox.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import * as outbox from "../../../sync/outbox";
import type { OutboxEntry } from "../../../sync/db";
import { useOutbox } from "../../../ui/hooks";
import { TableOval } from "../../../ui/TableOval";
import { Confirm } from "../../../ui/Confirm";
import { activeTables, badgesFor, breakOrderOf, freeSeats, type Badge, type TableLike } from "../../../seating/positions";
import type { CommandLabel } from "../../../sync/outbox";
import type { CommandType, PayloadOf } from "../../../api/views";
import type * as api from "../../../api/views";
import {
  applyLabel,
  moveErrorText,
  shortTables,
  suggestionCommand,
  suggestionText,
  suggestionTitle,
  type Suggestion,
} from "../../../seating/suggestions";

export interface DirTable extends TableLike {
  hand_for_hand_done?: boolean;
}

type Entry = Pick<api.Entry, "entry_id" | "name" | "status" | "table_no" | "seat">;

interface Ctx {
  tid: string;
  token: string | null;
}

function enqueue<T extends CommandType>(ctx: Ctx, type: T, payload: PayloadOf<T>, label?: CommandLabel) {
  if (!ctx.token) return Promise.resolve(null);
  return outbox.enqueue({ tournament_id: Number(ctx.tid), type, payload, token: ctx.token, label });
}

const forTid = (tid: string) => (e: OutboxEntry) => String(e.tournament_id) === String(tid);

// ——— Suggestions ———

export function SuggestionsCard(props: { view: any; tid: string; token: string | null }) {
  const lang = useLang();
  const ctx = { tid: props.tid, token: props.token };
  const list: Suggestion[] = props.view?.suggestions ?? [];
  const tables: DirTable[] = props.view?.tables ?? [];
  const queue = useOutbox().filter(forTid(props.tid));
  // Applied here and not yet replaced by a newer view: keep the button off meanwhile.
  const [sent, setSent] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<Suggestion | null>(null);
  const textCtx = useMemo(
    () => ({ players_left: props.view?.players_left, tables: activeTables(tables).map((x) => ({ table_no: x.table_no, players: x.seats.length })) }),
    [props.view?.seq],
  );
  if (!tables.length) return null;

  async function apply(s: Suggestion) {
    const cmd = suggestionCommand(s);
    if (!cmd) return;
    setAsking(null);
    const label: Record<string, string | number> = { suggestion: s.id };
    if (s.kind === "move") Object.assign(label, { name: s.name ?? `#${s.entry_id}`, t: s.to_table!, s: s.to_seat! });
    const entry = await enqueue(ctx, cmd.type, cmd.payload, label);
    if (entry) setSent((m) => ({ ...m, [s.id]: entry.op_id }));
  }

  return (
    <section class="card suggestions" id="suggestions" aria-labelledby="sugg-h" data-testid="suggestions">
      <h2 id="sugg-h">{t("sugg.heading")}</h2>
      {list.length === 0 && <p class="muted">{t("sugg.none")}</p>}
      <ul class="sugg-list">
        {list.map((s) => {
          const queued = queue.find((e) => e.state === "pending" && e.label?.suggestion === s.id);
          const op = sent[s.id];
          const rejected = op ? queue.find((e) => e.op_id === op && e.state === "rejected") : undefined;
          const waiting = !!op && !rejected && !queued; // applied, the new view is on its way
          const canApply = suggestionCommand(s) !== null;
          return (
            <li key={s.id} class={`sugg sugg-${s.kind} ${queued ? "is-pending" : ""}`} data-testid={`suggestion-${s.kind}`} data-id={s.id}>
              <div class="sugg-head">
                <strong class="sugg-title">{suggestionTitle(s, lang)}</strong>
                {s.rule && (
                  <span class="tag tag-rule" data-testid="suggestion-rule">
                    {t("sugg.rule", { rule: s.rule })}
                  </span>
                )}
              </div>
              <p class="sugg-text" data-testid="suggestion-text" lang={lang}>
                {suggestionText(s, textCtx, lang)}
              </p>
              {s.kind === "halt" && <p class="muted small">{t("sugg.halt_note")}</p>}
              {canApply &&
                (queued ? (
                  <span class="tag tag-pending sugg-state" data-testid="suggestion-pending">{t("sugg.pending")}</span>
                ) : (
                  <button
                    type="button"
                    class={`btn btn-block btn-big ${s.kind === "break" || s.kind === "final_table" ? "btn-warn" : s.kind === "halt" ? "btn-secondary" : "btn-primary"}`}
                    data-testid="suggestion-apply"
                    disabled={waiting}
                    onClick={() => (ASKS.includes(s.kind) ? setAsking(s) : void apply(s))}
                  >
                    {waiting ? t("sugg.sent") : applyLabel(s, lang)}
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
      {asking && (
        <Confirm
          title={t("sugg.confirm_title", { action: applyLabel(asking, lang) })}
          text={suggestionText(asking, textCtx, lang)}
          confirmLabel={applyLabel(asking, lang)}
          danger={asking.kind === "break"}
          testid="suggestion-confirm"
          onCancel={() => setAsking(null)}
          onConfirm={() => void apply(asking)}
        />
      )}
    </section>
  );
}

/** Suggestions that change the room ask once, here as on the attention bar; a move does not. */
const ASKS = ["break", "final_table", "hand_for_hand", "halt"];

// ——— The floor card: hand-for-hand, map, move dialog, break order ———

export function FloorCard(props: { view: any; tid: string; token: string | null; entries: Entry[] }) {
  useLang();
  const ctx = { tid: props.tid, token: props.token };
  const tables: DirTable[] = props.view?.tables ?? [];
  const [sheet, setSheet] = useState<number | null>(null);
  const [move, setMove] = useState<{ entry_id?: number; to_table?: number } | null>(null);
  if (!tables.length) return null;
  const short = shortTables(props.view?.suggestions);
  const sheetTable = sheet != null ? tables.find((x) => x.table_no === sheet) : undefined;
  return (
    <section class="card floor" id="floor" aria-labelledby="floor-h">
      <h2 id="floor-h">{t("floor.title")}</h2>
      <HandForHandControl view={props.view} ctx={ctx} />
      <button type="button" class="btn btn-secondary btn-block btn-big" data-testid="move-open" onClick={() => setMove({})}>
        {t("move.open")}
      </button>
      <h3 class="floor-sub">
        {t("floor.map")} <span class="muted small">{t("floor.map_hint")}</span>
      </h3>
      <TableMap tables={tables} short={short} onOpen={setSheet} />
      <BreakOrderEditor view={props.view} ctx={ctx} />
      {sheetTable && (
        <TableSheet
          table={sheetTable}
          ctx={ctx}
          onClose={() => setSheet(null)}
          onMove={(m) => {
            setSheet(null);
            setMove(m);
          }}
        />
      )}
      {move && <MoveDialog tables={tables} entries={props.entries} initial={move} ctx={ctx} onClose={() => setMove(null)} />}
    </section>
  );
}

function HandForHandControl(props: { view: any; ctx: Ctx }) {
  const hfh = props.view?.hand_for_hand ?? { active: false, round: 0, done: [] };
  const queue = useOutbox().filter(forTid(props.ctx.tid));
  const queued = [...queue].reverse().find((e) => e.state === "pending" && (e.type === "start_hand_for_hand" || e.type === "stop_hand_for_hand"));
  const active = queued ? queued.type === "start_hand_for_hand" : !!hfh.active;
  const done: number[] = hfh.done ?? [];
  return (
    <div class={`hfh-control ${hfh.active ? "is-on" : ""}`} data-testid="hfh-status" data-active={hfh.active ? "true" : "false"} data-round={hfh.round ?? 0}>
      <div class="hfh-line">
        <strong>{t("hfh.title")}</strong>
        <span class={`tag ${hfh.active ? "tag-hfh" : ""}`}>{hfh.active ? t("hfh.on", { round: hfh.round }) : t("hfh.off")}</span>
        {queued && <span class="tag tag-pending">{t("common.pending")}</span>}
      </div>
      {hfh.active && (
        <p class="muted small">{done.length ? t("hfh.done_tables", { tables: done.join(", ") }) : t("hfh.none_done")}</p>
      )}
      {active ? (
        <button type="button" class="btn btn-secondary btn-block btn-big" data-testid="hfh-stop" disabled={!!queued} onClick={() => void enqueue(props.ctx, "stop_hand_for_hand", {})}>
          {t("hfh.stop")}
        </button>
      ) : (
        <button type="button" class="btn btn-warn btn-block btn-big" data-testid="hfh-start" disabled={!!queued} onClick={() => void enqueue(props.ctx, "start_hand_for_hand", {})}>
          {t("hfh.start")}
        </button>
      )}
    </div>
  );
}

function TableMap(props: { tables: DirTable[]; short: Set<number>; onOpen: (n: number) => void }) {
  const live = props.tables.filter((x) => !x.broken);
  const closed = props.tables.filter((x) => x.broken);
  const fullest = Math.max(0, ...live.map((x) => x.seats.length));
  return (
    <div class="table-map" data-testid="table-map">
      {live.map((tb) => {
        const isShort = props.short.has(tb.table_no);
        const handText = tb.hand_no ? t("floor.hand", { n: tb.hand_no }) : tb.button != null ? t("floor.no_hand") : t("floor.no_button");
        return (
          <button
            type="button"
            key={tb.table_no}
            class={`map-table ${isShort ? "is-short" : ""} ${tb.seats.length === fullest && live.length > 1 ? "is-fullest" : ""}`}
            data-testid={`map-table-${tb.table_no}`}
            data-players={tb.seats.length}
            data-short={isShort ? "true" : undefined}
            onClick={() => props.onOpen(tb.table_no)}
          >
            <span class="map-head">
              <strong>{t("tables.table", { n: tb.table_no })}</strong>
              <span class="map-count">{t("floor.players", { n: tb.seats.length, max: tb.max_seats })}</span>
              {isShort && <span class="tag tag-short">{t("floor.short")}</span>}
              {tb.hand_for_hand_done && <span class="tag tag-hfh">✓</span>}
              <span class="muted small map-hand">{handText}</span>
            </span>
            <TableOval
              maxSeats={tb.max_seats}
              seats={tb.seats}
              badges={badgesFor(tb)}
              names
              center={[String(tb.table_no)]}
              label={`${t("tables.table", { n: tb.table_no })}: ${tb.seats.length}/${tb.max_seats}`}
              decorative
            />
          </button>
        );
      })}
      {closed.map((tb) => (
        <div key={tb.table_no} class="map-table is-broken" data-testid={`map-table-${tb.table_no}`} data-broken="true" data-players={tb.seats.length}>
          <span class="map-head">
            <strong>{t("tables.table", { n: tb.table_no })}</strong>
            <span class="tag tag-finished">{t("floor.broken")}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

function BadgeChips(props: { badges: Badge[] | undefined }) {
  if (!props.badges?.length) return null;
  return (
    <span class="badges">
      {props.badges.map((b) => (
        <span key={b} class={`badge badge-${b.toLowerCase()}`}>
          {b}
        </span>
      ))}
    </span>
  );
}

function TableSheet(props: { table: DirTable; ctx: Ctx; onClose: () => void; onMove: (m: { entry_id?: number; to_table?: number }) => void }) {
  const tb = props.table;
  const badges = badgesFor(tb);
  const [confirmBreak, setConfirmBreak] = useState(false);
  const bySeat = new Map(tb.seats.map((s) => [s.seat, s]));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && props.onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (confirmBreak) {
    return (
      <Confirm
        title={t("sheet.break_title", { n: tb.table_no })}
        text={t("sheet.break_text", { n: tb.seats.length })}
        confirmLabel={t("sheet.break_confirm")}
        danger
        testid="sheet-break-confirm"
        onCancel={() => setConfirmBreak(false)}
        onConfirm={() => {
          void enqueue(props.ctx, "break_table", { table_no: tb.table_no });
          props.onClose();
        }}
      />
    );
  }
  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="modal sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-h" data-testid="map-sheet" data-table={tb.table_no}>
        <div class="sheet-head">
          <h2 id="sheet-h">
            {t("sheet.title", { n: tb.table_no })} <span class="muted small">({tb.seats.length}/{tb.max_seats})</span>
          </h2>
          <button type="button" class="btn btn-ghost" data-testid="sheet-close" onClick={props.onClose}>
            {t("sheet.close")}
          </button>
        </div>
        <ul class="sheet-seats">
          {Array.from({ length: tb.max_seats }, (_, i) => i + 1).map((seat) => {
            const s = bySeat.get(seat);
            return (
              <li key={seat} class={s ? "" : "is-empty"}>
                <span class="seat-no">{seat}</span>
                <span class="seat-name">{s ? s.name : <span class="muted">{t("floor.empty")}</span>}</span>
                <BadgeChips badges={badges.get(seat)} />
                {s && (
                  <button type="button" class="btn btn-secondary btn-small" data-testid={`sheet-move-${s.entry_id}`} onClick={() => props.onMove({ entry_id: s.entry_id })}>
                    {t("sheet.move")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <div class="modal-actions">
          <button type="button" class="btn btn-secondary" data-testid="sheet-move-here" onClick={() => props.onMove({ to_table: tb.table_no })}>
            {t("sheet.move_here")}
          </button>
          <button type="button" class="btn btn-danger" data-testid="sheet-break" onClick={() => setConfirmBreak(true)}>
            {t("sheet.break")}
          </button>
        </div>
      </div>
    </div>
  );
}

// ——— Manual move ———

type MoveField = "entry_id" | "to_table" | "to_seat" | null;

function MoveDialog(props: { tables: DirTable[]; entries: Entry[]; initial: { entry_id?: number; to_table?: number }; ctx: Ctx; onClose: () => void }) {
  const lang = useLang();
  const live = activeTables(props.tables);
  const seated = props.entries
    .filter((e) => e.status === "active" && e.table_no != null && e.seat != null)
    .sort((a, b) => a.table_no! - b.table_no! || a.seat! - b.seat!);
  const [entryId, setEntryId] = useState<number | null>(props.initial.entry_id ?? null);
  const entry = seated.find((e) => e.entry_id === entryId);
  const defaultTable = () => {
    if (props.initial.to_table != null) return props.initial.to_table;
    const others = live.filter((x) => x.table_no !== entry?.table_no && freeSeats(x).length);
    return others.sort((a, b) => a.seats.length - b.seats.length || a.table_no - b.table_no)[0]?.table_no ?? null;
  };
  const [toTable, setToTable] = useState<number | null>(defaultTable);
  const table = live.find((x) => x.table_no === toTable);
  const free = freeSeats(table);
  const [toSeat, setToSeat] = useState<number | null>(free[0] ?? null);
  const [opId, setOpId] = useState<string | null>(null);
  const queue = useOutbox();
  const sentEntry = opId ? queue.find((e) => e.op_id === opId) : undefined;
  const firstRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && props.onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  // Applied (gone from the outbox): done.
  useEffect(() => {
    if (opId && !sentEntry) props.onClose();
  }, [opId, !!sentEntry]);
  // Keep the seat valid when the table or the view changes (not while a sent move is open here:
  // a refused seat stays selected and marked until the director picks another).
  useEffect(() => {
    if (sentEntry) return;
    if (toSeat == null || !free.includes(toSeat)) setToSeat(free[0] ?? null);
  }, [toTable, free.join(","), !!sentEntry]);

  const rejected = sentEntry?.state === "rejected" ? sentEntry : undefined;
  const pending = sentEntry?.state === "pending";
  const refusedSeat = rejected && outbox.fieldName(rejected.field) === "to_seat" && Number(rejected.payload.to_table) === toTable ? Number(rejected.payload.to_seat) : null;
  const seatOptions = refusedSeat != null && !free.includes(refusedSeat) ? [...free, refusedSeat].sort((a, b) => a - b) : free;
  const errField = (rejected ? outbox.fieldName(rejected.field) : null) as MoveField;
  // Mark the field only while it still holds the value the server refused (the seat list follows the view).
  const current: Record<string, number | null> = { entry_id: entryId, to_table: toTable, to_seat: toSeat };
  const badField = errField && rejected && Number(rejected.payload[errField]) === current[errField] ? errField : null;

  function clearError() {
    if (rejected) void outbox.dismiss(rejected.op_id);
    setOpId(null);
  }

  async function submit(force = false) {
    if (entryId == null || toTable == null || toSeat == null) return;
    if (rejected) await outbox.dismiss(rejected.op_id);
    const payload: PayloadOf<"move_player"> = { entry_id: entryId, to_table: toTable, to_seat: toSeat };
    if (force) payload.force = true;
    const e = await enqueue(props.ctx, "move_player", payload, { name: entry?.name ?? `#${entryId}`, t: toTable, s: toSeat });
    if (e) setOpId(e.op_id);
  }

  const sel = (f: MoveField) => `field ${badField === f ? "is-bad" : ""}`;
  return (
    <div class="modal-backdrop" role="dialog" aria-modal="true" aria-labelledby="move-h" onClick={(e) => e.target === e.currentTarget && !pending && props.onClose()}>
      <form
        class="modal move-dialog form"
        aria-labelledby="move-h"
        data-testid="move-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="move-h">{t("move.title")}</h2>
        <label class={sel("entry_id")}>
          <span>{t("move.player")}</span>
          <select
            ref={firstRef}
            data-testid="move-player"
            value={entryId ?? ""}
            aria-invalid={badField === "entry_id" ? "true" : undefined}
            onChange={(e) => {
              clearError();
              const v = Number((e.target as HTMLSelectElement).value);
              setEntryId(Number.isFinite(v) && v > 0 ? v : null);
            }}
          >
            <option value="">{t("move.choose")}</option>
            {seated.map((e) => (
              <option key={e.entry_id} value={e.entry_id}>
                {t("move.option_player", { t: e.table_no, s: e.seat, name: e.name })}
              </option>
            ))}
          </select>
        </label>
        <div class="move-row">
          <label class={sel("to_table")}>
            <span>{t("move.table")}</span>
            <select
              data-testid="move-table"
              value={toTable ?? ""}
              aria-invalid={badField === "to_table" ? "true" : undefined}
              onChange={(e) => {
                clearError();
                const v = Number((e.target as HTMLSelectElement).value);
                setToTable(Number.isFinite(v) && v > 0 ? v : null);
              }}
            >
              <option value="">{t("move.choose")}</option>
              {live.map((x) => (
                <option key={x.table_no} value={x.table_no}>
                  {t("move.option_table", { t: x.table_no, n: x.seats.length, max: x.max_seats })}
                </option>
              ))}
            </select>
          </label>
          <label class={sel("to_seat")}>
            <span>{t("move.seat")}</span>
            <select
              data-testid="move-seat"
              value={toSeat ?? ""}
              disabled={!seatOptions.length}
              aria-invalid={badField === "to_seat" ? "true" : undefined}
              onChange={(e) => {
                clearError();
                const v = Number((e.target as HTMLSelectElement).value);
                setToSeat(Number.isFinite(v) && v > 0 ? v : null);
              }}
            >
              {seatOptions.map((s) => (
                <option key={s} value={s} disabled={!free.includes(s)}>
                  {free.includes(s) ? t("move.option_seat", { s }) : t("move.option_taken", { s })}
                </option>
              ))}
            </select>
          </label>
        </div>
        {table && !free.length && <p class="error">{t("move.no_free")}</p>}
        {rejected && (
          <p class="error move-error" role="alert" data-testid="move-error" data-field={errField ?? ""} data-error={rejected.error ?? ""}>
            {moveErrorText(rejected, lang)}
          </p>
        )}
        {rejected && errField === "to_seat" && rejected.error !== "between_button_and_small_blind" && <p class="muted move-hint">{t("move.choose_other")}</p>}
        {rejected?.error === "between_button_and_small_blind" && (
          <div class="move-force">
            <button type="button" class="btn btn-warn btn-block" data-testid="move-force" onClick={() => void submit(true)}>
              {t("move.force")}
            </button>
            <p class="muted small">{t("move.force_hint")}</p>
          </div>
        )}
        {pending && (
          <p class="move-pending" data-testid="move-pending">
            <span class="tag tag-pending">{t("common.pending")}</span> {t("move.pending")}
          </p>
        )}
        <div class="modal-actions">
          <button type="button" class="btn btn-secondary" data-testid="move-cancel" onClick={props.onClose}>
            {pending ? t("sheet.close") : t("common.cancel")}
          </button>
          <button type="submit" class="btn btn-primary" data-testid="move-submit" disabled={entryId == null || toTable == null || toSeat == null || pending}>
            {t("move.submit")}
          </button>
        </div>
      </form>
    </div>
  );
}

// ——— Break order ———

function BreakOrderEditor(props: { view: any; ctx: Ctx }) {
  const tables: DirTable[] = props.view?.tables ?? [];
  const serverOrder = breakOrderOf(tables, props.view?.break_order);
  const serverSig = serverOrder.join(",");
  const [order, setOrder] = useState<number[]>(serverOrder);
  const [dirty, setDirty] = useState(false);
  const queue = useOutbox().filter(forTid(props.ctx.tid));
  const queued = queue.some((e) => e.state === "pending" && e.type === "set_break_order");
  useEffect(() => {
    if (!dirty) setOrder(serverOrder);
    else if (order.join(",") === serverSig) setDirty(false);
  }, [serverSig]);
  if (serverOrder.length < 2) return null;
  const current = order.filter((n) => serverOrder.includes(n)).concat(serverOrder.filter((n) => !order.includes(n)));
  const saved = Array.isArray(props.view?.break_order) && props.view.break_order.length > 0 && current.join(",") === serverSig;
  const swap = (i: number, j: number) => {
    const next = [...current];
    [next[i], next[j]] = [next[j], next[i]];
    setOrder(next);
    setDirty(true);
  };
  return (
    <div class="break-order" data-testid="break-order">
      <h3 class="floor-sub">
        {t("break_order.title")}{" "}
        {queued ? <span class="tag tag-pending">{t("common.pending")}</span> : saved && !dirty ? <span class="tag tag-active">{t("break_order.saved")}</span> : dirty ? <span class="tag tag-pending">{t("break_order.unsaved")}</span> : null}
      </h3>
      <p class="muted small">{t("break_order.hint")}</p>
      <ol>
        {current.map((n, i) => (
          <li key={n} data-testid={`break-order-row-${n}`}>
            <span class="bo-pos">{i + 1}.</span>
            <span class="bo-name">{t("tables.table", { n })}</span>
            <button type="button" class="btn btn-ghost btn-icon" aria-label={t("break_order.up")} title={t("break_order.up")} data-testid={`break-order-up-${n}`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
              ↑
            </button>
            <button type="button" class="btn btn-ghost btn-icon" aria-label={t("break_order.down")} title={t("break_order.down")} data-testid={`break-order-down-${n}`} disabled={i === current.length - 1} onClick={() => swap(i, i + 1)}>
              ↓
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="btn btn-secondary btn-block"
        data-testid="break-order-save"
        disabled={queued || (!dirty && saved)}
        onClick={() => {
          void enqueue(props.ctx, "set_break_order", { tables: current });
          setDirty(false);
        }}
      >
        {t("break_order.save")}
      </button>
    </div>
  );
}

