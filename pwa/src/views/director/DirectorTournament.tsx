import { useEffect, useMemo, useState } from "preact/hooks";
import { t, useLang, ordinal, formatTime, formatNumber } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { ClockView } from "../../ui/Clock";
import { useClockState } from "../../ui/useClockState";
import type { StructureEntry } from "../../clock/clock";
import { ClockControls } from "./ClockControls";
import type { OutboxEntry } from "../../sync/db";
import { Confirm } from "../../ui/Confirm";
import { RejectedList, PendingList } from "../../ui/Rejected";
import { useOutbox } from "../../ui/hooks";
import * as outbox from "../../sync/outbox";
import { useDirectorTournament } from "./useDirector";
import { LinksSection } from "./Links";
import { LoopbackAlarm } from "./VenueCard";
import { useVenue } from "./venue";
import { ReviewCard } from "./ReviewCard";
import { DirectorTools } from "./DirectorTools";
import { setDirectorAuth } from "../../sync/session";
import { navigate } from "../../router";
import { SuggestionsCard, FloorCard } from "./Seating";
import { request } from "../../sync/api";
import { metaGet, metaSet } from "../../sync/db";
import { MoneyCard, MoneyDue } from "./Money";
import { RegistrationDesk, WalkInIdCheck } from "./RegistrationDesk";
import { SettingsCard } from "./SettingsCard";
import { PicturesCard } from "./Pictures";
import { amountText, entryActions, entryWindows, placeText, type EntryAction, type EntryWindows, type PresetFormat } from "../../money/money";
import { clockAt } from "../../clock/clock";
import { serverNow as serverTime } from "../../sync/timeOffset";
import { buildPenalty, penaltyActive, penaltyLeftText, type PenaltyKind } from "../../money/penalties";
import { fetchFile, openBlob, saveBlob } from "../../sync/download";
import { useServerNow } from "../../ui/hooks";
import { UndoBustDialog, canUndoBust } from "./UndoBust";

interface Entry {
  entry_id: number;
  name: string;
  status: "active" | "busted";
  table_no: number | null;
  seat: number | null;
  place: number | null;
  busted_at: number | null;
  tie?: number | null;
  out_reason?: string | null;
  disqualified?: boolean;
  eliminated_by?: number | null;
  rebuys?: number;
  addon?: boolean;
  reentries?: number;
  prepaid?: boolean;
  present?: boolean;
  prize?: number | null;
  paid?: number | null;
  headhunter?: { hh_chips: number; hh_carried?: number; wild_card_at?: number; wild_card?: boolean } | null;
  penalty?: { kind: string; reason?: string | null; hands_left?: number; until?: number } | null;
  warnings?: { reason?: string | null; at: number; by: string }[];
}
interface Table {
  table_no: number;
  max_seats: number;
  broken?: boolean;
  seats: { seat: number; entry_id: number; name: string }[];
}
interface Bust {
  entry_id: number;
  name: string;
  place: number | null;
  at: number;
  table_no: number | null;
}

export function DirectorTournament(props: { tid: string }) {
  useLang();
  const { tid } = props;
  const { token, invalid, dview, pview, view, loaded } = useDirectorTournament(tid);
  const venue = useVenue(token);
  // A seat released at the check-in deadline (N-3.6) is no entry any more: the desk lists those.
  const entries: Entry[] = (dview?.entries ?? []).filter((e: { status: string }) => e.status !== "released");
  const tables: Table[] = dview?.tables ?? [];
  const busts: Bust[] = dview?.busts ?? [];
  const queue = useOutbox();
  const mine = queue.filter((e) => String(e.tournament_id) === String(tid));
  const pendingBusts = new Set(mine.filter((e) => e.state === "pending" && e.type === "record_bust").map((e) => Number(e.payload.entry_id)));
  for (const e of mine) {
    if (e.state === "pending" && e.type === "record_busts") for (const b of (e.payload.busts as any[]) ?? []) pendingBusts.add(Number(b.entry_id));
  }
  const ENTRY_OPS = ["rebuy", "addon", "reentry", "check_in", "player_leaves", "disqualify", "penalize", "lift_penalty", "use_wild_card", "undo_bust"];
  const pendingActions = new Map<number, string>();
  for (const e of mine) if (e.state === "pending" && ENTRY_OPS.includes(e.type)) pendingActions.set(Number(e.payload.entry_id), e.type);
  // S-#46: an alternate on his way into a busted player's seat shows on that player's row.
  for (const e of mine) if (e.state === "pending" && e.type === "seat_alternate") pendingActions.set(Number(e.payload.replaces), "alternate");
  const pendingRegs = mine.filter((e) => e.state === "pending" && e.type === "register_player");

  const [name, setName] = useState("");
  const [accessible, setAccessible] = useState(false);
  const [idChecked, setIdChecked] = useState(false); // N-3.4, P-Teilnahme: this walk-in's ID was seen
  const [accessibleSeats, setAccessibleSeats] = useState("");
  const [tablesN, setTablesN] = useState<string>("");
  const [lateSeated, setLateSeated] = useState<{ name: string; t: number; s: number }[]>([]);
  const preset = usePreset(view?.preset_id, token);
  const format = preset.format;
  const penaltyKinds = (preset.penalties?.options ?? []).filter((k) => k !== "disqualification") as PenaltyKind[];
  const serverNow = useServerNow(15000);
  const windows = useEntryWindows(view);
  const [pen, setPen] = useState<{ e: Entry; mode: "penalize" | "lift" | "wild" } | null>(null);
  const lateSeats = !!format?.late_seat;
  // N-3.4, P-Teilnahme: a walk-in shows his ID as he registers (the desk view says so before the preset loads)
  const idRequired = !!format?.id_check || !!dview?.registration?.id_check;
  const [open, setOpen] = useState<number | null>(null);
  const [action, setAction] = useState<{ e: Entry; a: EntryAction } | null>(null);
  const [reason, setReason] = useState("");
  const [leaveReason, setLeaveReason] = useState("left");
  const lang = useLang();
  const finished = view?.status === "finished";
  const nameOf = (id: number | null | undefined) => entries.find((x) => x.entry_id === id)?.name ?? (id != null ? `#${id}` : "");

  useEffect(
    () =>
      outbox.onApplied(({ entry, result }) => {
        if (entry.type !== "register_player" || String(entry.tournament_id) !== String(tid)) return;
        if (result && result.table_no != null && result.seat != null) {
          setLateSeated((l) => [{ name: String(entry.payload.name), t: Number(result.table_no), s: Number(result.seat) }, ...l].slice(0, 5));
        }
      }),
    [tid],
  );
  const [confirm, setConfirm] = useState<Entry | null>(null);
  const [undoing, setUndoing] = useState<Entry | null>(null); // issue 7: undo a wrong bust

  useEffect(() => {
    if (invalid) {
      void setDirectorAuth(null).then(() => navigate("/login"));
    }
  }, [invalid]);

  const active = entries.filter((e) => e.status === "active");
  // S-#46: the seats someone sits in now; a busted player's seat outside it is free for an alternate.
  const taken = useMemo(() => new Set(tables.flatMap((tb) => (tb.broken ? [] : tb.seats.map((x) => `${tb.table_no}:${x.seat}`)))), [tables]);
  const seatFree = (e: Entry) => e.table_no != null && e.seat != null && !taken.has(`${e.table_no}:${e.seat}`);
  // Registration and the draw are offered until seats are drawn (or a draw is queued).
  const drawQueued = mine.some((e) => e.state === "pending" && e.type === "draw_seats");
  // Decided only from a view (cached or fetched): deciding "open" before it arrives and flipping
  // afterwards re-created the desk's form under a director already typing a name (issue 12).
  const registrationOpen = !drawQueued && !!view && (view.status === "new" || view.status === "registering");
  // After the draw a late entry is seated at once where the preset has late seats (the server decides the deadline).
  const lateOpen = !registrationOpen && lateSeats && view?.status !== "finished";
  const suggestedTables = Math.max(1, Math.ceil((active.length + pendingRegs.length) / 9));


  function send(type: string, payload: Record<string, unknown> = {}, label?: Record<string, string | number>) {
    if (!token) return;
    void outbox.enqueue({ tournament_id: Number(tid), type, payload, token, label });
  }

  function openAction(e: Entry, a: EntryAction) {
    setReason("");
    setLeaveReason("left");
    setAction({ e, a });
  }

  function doAction() {
    if (!action) return;
    const { e, a } = action;
    if (a === "disqualify") {
      const r = reason.trim();
      if (!r) return;
      send("disqualify", { entry_id: e.entry_id, reason: r }, { name: e.name });
    } else if (a === "player_leaves") {
      send("player_leaves", { entry_id: e.entry_id, reason: leaveReason }, { name: e.name });
    } else if (a === "alternate") {
      const n = reason.trim(); // the alternate's name (S-#46)
      if (!n) return;
      send("seat_alternate", { name: n, replaces: e.entry_id }, { name: n, for: e.name });
    } else {
      send(a, { entry_id: e.entry_id }, { name: e.name });
    }
    setAction(null);
    setOpen(null);
  }

  function register(e: Event) {
    e.preventDefault();
    const n = name.trim();
    if (!n || (idRequired && !idChecked)) return;
    const payload: Record<string, unknown> = { name: n };
    if (accessible) payload.accessible = true;
    if (idRequired) payload.id_checked = true;
    send("register_player", payload);
    setName("");
    setAccessible(false);
    setIdChecked(false); // the next player shows his own ID
  }

  function draw(e: Event) {
    e.preventDefault();
    const n = parseInt(tablesN || String(suggestedTables), 10);
    if (!Number.isFinite(n) || n < 1) return;
    const seats = accessibleSeats
      .split(/[^0-9]+/)
      .map((x) => parseInt(x, 10))
      .filter((x) => Number.isFinite(x) && x >= 1 && x <= 30);
    send("draw_seats", seats.length ? { tables: n, accessible_seats: [...new Set(seats)] } : { tables: n });
  }

  const refreshKey = useMemo(() => `${entries.length}:${tables.length}`, [entries.length, tables.length]);

  const title = view?.name ?? `#${tid}`;
  return (
    <Shell title={title} back={{ href: "#/director", label: t("director.all_tournaments") }} class="director" secure>
      <LoopbackAlarm venue={venue} />
      <RejectedList filter={(e) => String(e.tournament_id) === String(tid)} />
      {!view && loaded && <p class="card muted">{t("common.no_data")}</p>}
      <MoneyDue view={dview} pending={mine} send={send} />
      <ReviewCard tid={tid} token={token} />
      {token && dview && finished && <ResultsCard tid={tid} token={token} />}

      <nav class="jump" aria-label="sections">
        <a href="#register" onClick={(e) => jump(e, "register")}>{t("register.title")}</a>
        <a href="#entries" onClick={(e) => jump(e, "entries")}>{t("entries.title", { n: entries.length })}</a>
        {tables.length > 0 && <a href="#floor" onClick={(e) => jump(e, "floor")}>{t("floor.map")}</a>}
        <a href="#tables" onClick={(e) => jump(e, "tables")}>{t("tables.title")}</a>
        {dview && <a href="#money" onClick={(e) => jump(e, "money")}>{t("money.title")}</a>}
        {dview && !registrationOpen && <a href="#pictures" onClick={(e) => jump(e, "pictures")}>{t("charts.title")}</a>}
        <a href="#links" onClick={(e) => jump(e, "links")}>QR</a>
      </nav>

      <section class="card clock-card">
        <DirectorClock view={view} pending={mine} send={send} />
        <a class="btn btn-ghost btn-block structure-link" href={`#/director/${tid}/structure`} data-testid="structure-link">
          {t("structure.link")} ›
        </a>
        {view && (
          <div class="stats">
            <div>
              <span class="muted">{t("player.left")}</span> <strong data-testid="players-left">{view.players_left ?? active.length}</strong>
            </div>
            <div>
              <span class="muted">{t("player.entries")}</span> <strong>{view.entries_total ?? entries.length}</strong>
            </div>
            <div>
              <span class="muted">{t("display.avg_stack")}</span> <strong>{formatNumber(view.average_stack)}</strong>
            </div>
          </div>
        )}
      </section>

      <MoneyCard view={dview} pending={mine} send={send} />

      {/* the players-left history comes with the public view (the director's pushes leave it out) */}
      {view && !registrationOpen && <PicturesCard view={dview} history={pview?.players_history} tid={tid} token={token} />}

      <SuggestionsCard view={dview} tid={tid} token={token} />

      <PendingList filter={(e) => String(e.tournament_id) === String(tid)} />

      <FloorCard view={dview} tid={tid} token={token} entries={entries} />

      {view && !registrationOpen && !lateOpen && (
        <p class="card muted" id="register">{t("register.closed")}</p>
      )}
      {lateSeated.length > 0 && (
        <ul class="card late-seated" aria-live="polite">
          {lateSeated.map((l, i) => (
            <li key={i} data-testid="register-late-result" data-table={l.t} data-seat={l.s}>
              {t("register.late_seated", { name: l.name, t: l.t, s: l.s })}
            </li>
          ))}
        </ul>
      )}
      {(registrationOpen || lateOpen) && <form class="card form" id="register" onSubmit={register}>
        <h2>{registrationOpen ? t("register.title") : t("register.late_title")}</h2>
        {!registrationOpen && <p class="muted small">{t("register.late_hint")}</p>}
        <div class="row">
          <input
            data-testid="register-name"
            aria-label={t("register.name")}
            placeholder={t("register.name")}
            value={name}
            maxLength={80}
            autocomplete="off"
            enterkeyhint="send"
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          <button class="btn btn-primary" type="submit" data-testid="register-submit" disabled={idRequired && !idChecked}>
            {t("register.submit")}
          </button>
        </div>
        <label class="scheck">
          <input
            type="checkbox"
            data-testid="register-accessible"
            checked={accessible}
            onChange={(e) => setAccessible((e.target as HTMLInputElement).checked)}
          />
          <span>{t("register.accessible")} <span class="muted small">(S-#3)</span></span>
        </label>
        {idRequired && (
          <WalkInIdCheck checked={idChecked} onChange={setIdChecked} rule={dview?.registration?.cite?.id_check} />
        )}
      </form>}
      {registrationOpen && <SettingsCard view={dview} pending={mine} send={send} />}
      {registrationOpen && <RegistrationDesk view={dview} tid={tid} token={token} pending={mine} send={send} />}

      <section class="card" id="entries" aria-labelledby="entries-h">
        <h2 id="entries-h">{t("entries.title", { n: entries.length })}</h2>
        {entries.length === 0 && pendingRegs.length === 0 && <p class="muted">{t("entries.none")}</p>}
        <ul class="entries">
          {pendingRegs.map((e) => (
            <li class="entry-row is-pending" key={e.op_id}>
              <span class="entry-name">{String(e.payload.name)}</span>
              <span class="tag tag-pending">{t("common.pending")}</span>
            </li>
          ))}
          {sortEntries(entries).map((e) => {
            const pend = pendingBusts.has(e.entry_id);
            const pendAction = pendingActions.get(e.entry_id);
            const acts = dview ? entryActions({ ...e, seat_free: seatFree(e) }, format, finished, windows) : [];
            // The add-on is the break's main action (V-XIII: "nur zur Pause"), next to Bust.
            const main = acts.filter((a) => a === "rebuy" || a === "reentry" || a === "alternate" || a === "check_in" || (a === "addon" && windows.addon));
            const more = acts.filter((a) => !(main as EntryAction[]).includes(a));
            const isOpen = open === e.entry_id;
            const out = e.out_reason && e.out_reason !== "bust" ? e.out_reason : null;
            const facts: string[] = [];
            if (e.rebuys) facts.push(t("entry.rebuys_n", { n: e.rebuys }));
            if (e.addon) facts.push(t("entry.addon_done"));
            if (e.reentries) facts.push(t("entry.reentries_n", { n: e.reentries }));
            if (e.prepaid) facts.push(t("entry.prepaid"));
            if (e.present === false && e.status === "active") facts.push(t("entry.absent"));
            if (out) facts.push(t(`entry.out.${out}` as "entry.out.left"));
            else if (e.disqualified) facts.push(t("entry.disqualified"));
            if (e.headhunter && e.headhunter.hh_chips != null) facts.push(t("entry.hh", { n: e.headhunter.hh_chips }));
            const sitting = e.status === "active" && penaltyActive(e.penalty, serverNow);
            if (e.warnings?.length) facts.push(t("entry.warnings_n", { n: e.warnings.length }));
            if (e.eliminated_by != null) facts.push(t("entry.eliminated_by", { name: nameOf(e.eliminated_by) }));
            return (
              <li
                class={`entry-row ${e.status === "busted" ? "is-busted" : ""} ${pend || pendAction ? "is-pending" : ""} ${acts.length ? "has-actions" : ""}`}
                key={e.entry_id}
                data-testid={`entry-row-${e.entry_id}`}
                data-status={e.status}
                data-place={e.status === "busted" && e.place != null ? String(e.place) : undefined}
                data-tie={e.tie && e.tie > 1 ? String(e.tie) : undefined}
                data-pending={pend ? "true" : undefined}
                data-rebuys={e.rebuys ?? undefined}
              >
                <div class="entry-main">
                  <span class="entry-name">{e.name}</span>
                  <span class="entry-sub muted">
                    {e.table_no != null && e.seat != null ? t("entries.table_seat", { t: e.table_no, s: e.seat }) : e.status === "active" ? t("entries.unseated") : ""}
                  </span>
                  {sitting && (
                    <span class="entry-penalty small" data-testid={`entry-penalty-${e.entry_id}`} data-kind={e.penalty!.kind} data-hands-left={e.penalty!.hands_left ?? undefined}>
                      {t("entry.sits_out", { text: penaltyLeftText(e.penalty, lang) || t(`penalty.kind.${e.penalty!.kind}` as "penalty.kind.warning") })}
                      {e.penalty!.reason ? ` · ${e.penalty!.reason}` : ""}
                    </span>
                  )}
                  {facts.length > 0 && <span class="entry-facts small" data-testid={`entry-facts-${e.entry_id}`}>{facts.join(" · ")}</span>}
                  {(e.prize ?? 0) > 0 && (
                    <span class={`entry-prize small ${e.paid != null ? "is-paid" : ""}`} data-testid={`entry-prize-${e.entry_id}`} data-paid={e.paid != null ? "true" : "false"}>
                      {t("entry.prize", { amount: amountText(e.prize, view?.currency, lang) })}
                      {e.paid != null ? ` · ${t("entry.paid", { amount: amountText(e.paid, view?.currency, lang) })} ✓` : ""}
                    </span>
                  )}
                </div>
                <div class="entry-side">
                  {e.status === "busted" ? (
                    <span class="tag tag-busted" data-testid={`entry-place-${e.entry_id}`}>
                      {e.place != null ? placeText(e.place, e.tie, lang) : t("entries.busted")}
                    </span>
                  ) : pend ? (
                    <span class="tag tag-pending">{t("bust.pending")}</span>
                  ) : finished ? (
                    <span class="tag tag-active" data-testid={`entry-won-${e.entry_id}`}>{e.place != null ? placeText(e.place, e.tie, lang) : t("entries.active")}</span>
                  ) : (
                    <>
                      <span class="tag tag-active visually-hidden-sm">{t("entries.active")}</span>
                      <button type="button" class="btn btn-danger btn-small" data-testid={`bust-${e.entry_id}`} onClick={() => setConfirm(e)}>
                        {t("bust.button")}
                      </button>
                    </>
                  )}
                  {(more.length > 0 || canUndoBust(e, finished)) && !pendAction && (
                    <button
                      type="button"
                      class={`btn btn-ghost btn-small entry-more ${isOpen ? "is-open" : ""}`}
                      data-testid={`entry-more-${e.entry_id}`}
                      aria-expanded={isOpen}
                      aria-label={isOpen ? t("entry.less") : t("entry.more")}
                      title={isOpen ? t("entry.less") : t("entry.more")}
                      onClick={() => setOpen(isOpen ? null : e.entry_id)}
                    >
                      {isOpen ? "✕" : "⋯"}
                    </button>
                  )}
                </div>
                {(main.length > 0 || isOpen || pendAction) && (
                  <div class="entry-actions">
                    {pendAction ? (
                      <span class="tag tag-pending">{t(pendingLabel(pendAction))} · {t("common.pending")}</span>
                    ) : (
                      <>
                        {main.map((a) => (
                          <button key={a} type="button" class="btn btn-secondary btn-small" data-testid={`entry-${a}-${e.entry_id}`} onClick={() => openAction(e, a)}>
                            {t(`entry.${a}` as "entry.rebuy")}
                          </button>
                        ))}
                        {isOpen &&
                          more.map((a) => (
                            <button
                              key={a}
                              type="button"
                              class={`btn btn-small ${a === "disqualify" ? "btn-danger" : "btn-secondary"}`}
                              data-testid={`entry-${a}-${e.entry_id}`}
                              onClick={() => openAction(e, a)}
                            >
                              {t(`entry.${a}` as "entry.rebuy")}
                            </button>
                          ))}
                        {isOpen && canUndoBust(e, finished) && (
                          <button type="button" class="btn btn-small btn-secondary" data-testid={`entry-undo-bust-${e.entry_id}`} onClick={() => setUndoing(e)}>
                            {t("undo_bust.action")}
                          </button>
                        )}
                        {isOpen && !finished && e.status === "active" && penaltyKinds.length > 0 && (
                          <button type="button" class="btn btn-small btn-warn" data-testid={`entry-penalize-${e.entry_id}`} onClick={() => setPen({ e, mode: "penalize" })}>
                            {t("entry.penalize")}
                          </button>
                        )}
                        {isOpen && !finished && sitting && (
                          <button type="button" class="btn btn-small btn-secondary" data-testid={`entry-lift-${e.entry_id}`} onClick={() => setPen({ e, mode: "lift" })}>
                            {t("entry.lift")}
                          </button>
                        )}
                        {isOpen && !finished && e.headhunter?.wild_card && (
                          <button type="button" class="btn btn-small btn-primary" data-testid={`entry-wild-${e.entry_id}`} onClick={() => setPen({ e, mode: "wild" })}>
                            {t("entry.wild_card")}
                          </button>
                        )}
                      </>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {registrationOpen && <form class="card form" onSubmit={draw}>
        <h2>{t("draw.title")}</h2>
        <div class="row">
          <label class="field field-inline">
            <span>{t("draw.tables")}</span>
            <input
              data-testid="draw-tables"
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              value={tablesN}
              placeholder={String(suggestedTables)}
              onInput={(e) => setTablesN((e.target as HTMLInputElement).value)}
            />
          </label>
          <button class="btn btn-primary" type="submit" data-testid="draw-submit">
            {t("draw.submit")}
          </button>
        </div>
        <label class="field field-inline">
          <span>{t("draw.accessible_seats")}</span>
          <input
            data-testid="draw-accessible-seats"
            type="text"
            inputMode="numeric"
            placeholder="1"
            value={accessibleSeats}
            onInput={(e) => setAccessibleSeats((e.target as HTMLInputElement).value)}
          />
        </label>
      </form>}

      <section class="card" id="tables" aria-labelledby="tables-h">
        <h2 id="tables-h">{t("tables.title")}</h2>
        {tables.length === 0 ? (
          <p class="muted">{t("tables.none")}</p>
        ) : (
          <div class="tables">
            {tables.map((tb) => (
              <div class={`table-card ${tb.broken ? "is-broken" : ""}`} key={tb.table_no} data-testid={`table-card-${tb.table_no}`}>
                <h3>
                  {t("tables.table", { n: tb.table_no })} <span class="muted small">({tb.seats.length}/{tb.max_seats})</span>
                  {tb.broken && <span class="tag tag-finished">{t("floor.broken")}</span>}
                </h3>
                <ul class="seats-mini">
                  {[...tb.seats].sort((a, b) => a.seat - b.seat).map((s) => {
                    const pend = pendingBusts.has(s.entry_id);
                    return (
                      <li key={s.seat} class={pend ? "is-pending" : ""}>
                        <span class="seat-no">{s.seat}</span>
                        <span class="seat-name">{s.name}</span>
                        {pend ? (
                          <span class="tag tag-pending">{t("common.pending")}</span>
                        ) : (
                          <button
                            type="button"
                            class="btn btn-danger btn-small"
                            data-testid={`table-bust-${s.entry_id}`}
                            onClick={() => {
                              const en = entries.find((x) => x.entry_id === s.entry_id);
                              setConfirm(en ?? { entry_id: s.entry_id, name: s.name, status: "active", table_no: tb.table_no, seat: s.seat, place: null, busted_at: null });
                            }}
                          >
                            {t("bust.button")}
                          </button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        )}
      </section>

      <section class="card" aria-labelledby="busts-h">
        <h2 id="busts-h">{t("busts.title")}</h2>
        {busts.length === 0 ? (
          <p class="muted">{t("busts.none")}</p>
        ) : (
          <ol class="busts">
            {busts.slice(0, 20).map((b) => (
              <li key={b.entry_id} data-testid={`recent-bust-${b.entry_id}`}>
                <span class="bust-place">{b.place != null ? placeText(b.place, (b as any).tie, lang) : "–"}</span>
                <span class="bust-name">{b.name}</span>
                <span class="muted small">
                  {b.table_no != null ? t("tables.table", { n: b.table_no }) + " · " : ""}
                  {formatTime(b.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {token && dview && !finished && <ResultsCard tid={tid} token={token} />}

      <DirectorTools tid={tid} token={token} tables={tables} />
      {token && <LinksSection tid={tid} token={token} refreshKey={refreshKey} venue={venue} />}

      {pen?.mode === "penalize" && (
        <PenaltyDialog
          entry={pen.e}
          kinds={penaltyKinds}
          orbits={preset.penalties?.orbits ?? []}
          players={tables.find((tb) => tb.table_no === pen.e.table_no)?.seats.length ?? null}
          onCancel={() => setPen(null)}
          onSubmit={(payload) => {
            send("penalize", payload, { name: pen.e.name });
            setPen(null);
            setOpen(null);
          }}
        />
      )}
      {pen?.mode === "lift" && (
        <Confirm
          title={t("penalty.lift_title", { name: pen.e.name })}
          text={t("penalty.lift_text")}
          confirmLabel={t("entry.lift")}
          testid="penalty-lift-confirm"
          onCancel={() => setPen(null)}
          onConfirm={() => {
            send("lift_penalty", { entry_id: pen.e.entry_id }, { name: pen.e.name });
            setPen(null);
            setOpen(null);
          }}
        />
      )}
      {pen?.mode === "wild" && (
        <WildCardDialog
          entry={pen.e}
          format={format}
          onCancel={() => setPen(null)}
          onSubmit={(as) => {
            send("use_wild_card", { entry_id: pen.e.entry_id, as }, { name: pen.e.name });
            setPen(null);
            setOpen(null);
          }}
        />
      )}

      {action && (
        <Confirm
          title={
            action.a === "disqualify"
              ? t("entry.dq_title", { name: action.e.name })
              : action.a === "player_leaves"
                ? t("entry.leaves_title", { name: action.e.name })
                : action.a === "alternate"
                  ? t("entry.alternate_title", { name: action.e.name })
                  : t("entry.confirm_action", { action: t(`entry.${action.a}` as "entry.rebuy"), name: action.e.name })
          }
          text={
            action.a === "disqualify"
              ? t("entry.dq_text")
              : action.a === "player_leaves"
                ? t("entry.leaves_text", { name: action.e.name })
                : action.a === "alternate"
                  ? t("entry.alternate_text", { name: action.e.name, t: action.e.table_no ?? "?", s: action.e.seat ?? "?" })
                  : undefined
          }
          confirmLabel={t(`entry.${action.a}` as "entry.rebuy")}
          danger={action.a === "disqualify" || action.a === "player_leaves"}
          testid="entry-action-confirm"
          disabled={(action.a === "disqualify" || action.a === "alternate") && !reason.trim()}
          onCancel={() => setAction(null)}
          onConfirm={doAction}
        >
          {action.a === "disqualify" && (
            <label class="field">
              <span>{t("entry.dq_reason")}</span>
              <input
                data-testid="entry-dq-reason"
                value={reason}
                maxLength={200}
                autocomplete="off"
                onInput={(ev) => setReason((ev.target as HTMLInputElement).value)}
              />
              {!reason.trim() && <span class="muted small">{t("entry.dq_reason_missing")}</span>}
            </label>
          )}
          {action.a === "alternate" && (
            <label class="field">
              <span>{t("entry.alternate_name")}</span>
              <input
                data-testid="entry-alternate-name"
                value={reason}
                maxLength={80}
                autocomplete="off"
                onInput={(ev) => setReason((ev.target as HTMLInputElement).value)}
              />
            </label>
          )}
          {action.a === "player_leaves" && (
            <div class="choice-list" role="radiogroup" aria-label={t("entry.leaves_reason")}>
              {(["left", "absent", "no_show"] as const).map((r) => (
                <label key={r} class={`scheck choice ${leaveReason === r ? "is-on" : ""}`}>
                  <input type="radio" name="leave-reason" data-testid={`entry-leave-${r}`} checked={leaveReason === r} onChange={() => setLeaveReason(r)} />
                  <span>{t(`entry.leaves_${r}` as "entry.leaves_left")}</span>
                </label>
              ))}
            </div>
          )}
        </Confirm>
      )}

      {undoing && (
        <UndoBustDialog
          entry={undoing}
          entries={entries}
          tables={tables}
          finished={finished}
          onCancel={() => setUndoing(null)}
          onSubmit={(payload) => {
            send("undo_bust", payload, { name: undoing.name });
            setUndoing(null);
            setOpen(null);
          }}
        />
      )}

      {confirm && (
        <Confirm
          title={t("bust.confirm_title", { name: confirm.name })}
          text={t("bust.confirm_text", { name: confirm.name })}
          confirmLabel={t("bust.confirm")}
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            send("record_bust", { entry_id: confirm.entry_id }, { name: confirm.name });
            setConfirm(null);
          }}
        />
      )}
    </Shell>
  );
}

/** Which entry windows the clock has open (rebuy and re-entry before their deadline, the add-on at
 * its break), from the public view's `deadlines`; re-renders when the clock reaches the next entry. */
function useEntryWindows(view: any): EntryWindows {
  const structure: StructureEntry[] = view?.structure ?? [];
  const clock = view?.clock;
  const [, tick] = useState(0);
  const at = structure.length && clock ? clockAt(structure, clock, serverTime()) : null;
  const boundary = at && clock.status === "running" && !at.finished ? at.remaining_ms : null;
  useEffect(() => {
    if (boundary == null) return;
    const id = setTimeout(() => tick((x) => x + 1), Math.min(boundary + 50, 2_000_000_000));
    return () => clearTimeout(id);
  }, [at?.index, clock?.status, clock?.anchor_at, clock?.level_index, clock?.elapsed_ms]);
  return at ? entryWindows(view?.deadlines, at) : {};
}

/** The clock and its controls: only this part re-renders with every tick. */
function DirectorClock(props: { view: any; pending: OutboxEntry[]; send: (type: string, payload?: Record<string, unknown>, label?: Record<string, string | number>) => void }) {
  const structure: StructureEntry[] = props.view?.structure ?? [];
  const m = useClockState(structure, props.view?.clock, { rules: props.view?.clock_rules });
  return (
    <>
      <ClockView m={m} size="big" />
      <ClockControls m={m} structure={structure} serverStatus={props.view?.clock?.status ?? "idle"} pending={props.pending} send={props.send} />
    </>
  );
}

interface PresetRules {
  format: (PresetFormat & { late_seat?: unknown; id_check?: boolean }) | null;
  penalties: { options: string[]; orbits: number[] } | null;
  headhunter: { start_chips: number; wild_card_at: number } | null;
}

/** The preset's `format`, `penalties` and `headhunter`: fetched once, cached for offline use. */
function usePreset(presetId: string | null | undefined, token: string | null): PresetRules {
  const [rules, setRules] = useState<PresetRules>({ format: null, penalties: null, headhunter: null });
  useEffect(() => {
    if (!presetId || !token) return;
    let alive = true;
    const key = `preset-format:${presetId}`;
    const rkey = `preset-rules:${presetId}`;
    metaGet<any>(key)
      .then((v) => alive && v && setRules((cur) => (cur.format ? cur : { ...cur, format: v })))
      .catch(() => undefined);
    metaGet<any>(rkey)
      .then((v) => alive && v && setRules((cur) => (cur.penalties || cur.headhunter ? cur : { ...cur, penalties: v.penalties ?? null, headhunter: v.headhunter ?? null })))
      .catch(() => undefined);
    request<any>(`/api/presets/${encodeURIComponent(presetId)}`, { token })
      .then((r) => {
        if (!alive || !r.ok || !r.data) return;
        const f = r.data?.format ?? {};
        const extra = { penalties: r.data?.penalties ?? null, headhunter: r.data?.headhunter ?? null };
        setRules({ format: f, ...extra });
        void metaSet(key, f).catch(() => undefined);
        void metaSet(rkey, extra).catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [presetId, token]);
  return rules;
}

function pendingLabel(type: string): "entry.rebuy" {
  if (type === "undo_bust") return "undo_bust.action" as "entry.rebuy";
  if (type === "lift_penalty") return "entry.lift" as "entry.rebuy";
  if (type === "use_wild_card") return "entry.wild_card" as "entry.rebuy";
  return `entry.${type}` as "entry.rebuy";
}

/** A penalty from the preset's options: orbits from the preset, hands or minutes, a reason. */
function PenaltyDialog(props: {
  entry: Entry;
  kinds: PenaltyKind[];
  orbits: number[];
  players: number | null;
  onCancel: () => void;
  onSubmit: (payload: Record<string, unknown>) => void;
}) {
  const sitKinds = props.kinds.filter((k) => k !== "warning");
  const [kind, setKind] = useState<PenaltyKind>(sitKinds[0] ?? props.kinds[0] ?? "warning");
  const [orbits, setOrbits] = useState<string>(props.orbits.length ? String(props.orbits[0]) : "");
  const [hands, setHands] = useState("");
  const [minutes, setMinutes] = useState("");
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const built = buildPenalty(props.entry.entry_id, kind, { orbits: hands && kind === "missed_hand" ? "" : orbits, hands, minutes }, reason, props.orbits);
  const err = !built.ok ? built.field : null;
  return (
    <Confirm
      title={t("penalty.title", { name: props.entry.name })}
      confirmLabel={t("penalty.submit")}
      testid="penalty-submit"
      danger={kind !== "warning"}
      onCancel={props.onCancel}
      onConfirm={() => {
        setTried(true);
        if (built.ok) props.onSubmit(built.payload);
      }}
    >
      <div class="penalty-dialog" data-testid="penalty-dialog">
        <p class="muted small">{t("penalty.kind")}</p>
        <div class="chip-row" role="radiogroup" aria-label={t("penalty.kind")}>
          {props.kinds.map((k) => (
            <button
              type="button"
              key={k}
              role="radio"
              aria-checked={kind === k}
              class={`btn btn-secondary ${kind === k ? "is-on" : ""}`}
              data-testid={`penalty-kind-${k}`}
              onClick={() => setKind(k)}
            >
              {t(`penalty.kind.${k}` as "penalty.kind.warning")}
            </button>
          ))}
        </div>
        {(kind === "missed_round" || kind === "missed_hand") && (
          <>
            <p class="muted small">{t("penalty.orbits")}</p>
            <div class="chip-row" role="radiogroup" aria-label={t("penalty.orbits")}>
              {props.orbits.map((o) => (
                <button
                  type="button"
                  key={o}
                  role="radio"
                  aria-checked={orbits === String(o) && !hands}
                  class={`btn btn-secondary ${orbits === String(o) && !(kind === "missed_hand" && hands) ? "is-on" : ""}`}
                  data-testid={`penalty-orbits-${o}`}
                  onClick={() => {
                    setOrbits(String(o));
                    setHands("");
                  }}
                >
                  {o}
                </button>
              ))}
            </div>
            <p class="muted small" data-testid="penalty-orbits-hint">
              {props.players && /^\d+$/.test(orbits) && !(kind === "missed_hand" && hands)
                ? t("penalty.orbits_hands", { orbits, players: props.players, hands: Number(orbits) * props.players })
                : t("penalty.orbits_hint")}
            </p>
            {kind === "missed_hand" && (
              <label class="field">
                <span>{t("penalty.hands")}</span>
                <input data-testid="penalty-hands" type="number" inputMode="numeric" min={1} value={hands} onInput={(e) => setHands((e.target as HTMLInputElement).value)} />
              </label>
            )}
          </>
        )}
        {kind === "time" && (
          <label class="field">
            <span>{t("penalty.minutes")}</span>
            <input data-testid="penalty-minutes" type="number" inputMode="numeric" min={1} value={minutes} onInput={(e) => setMinutes((e.target as HTMLInputElement).value)} />
          </label>
        )}
        <label class="field">
          <span>{t("penalty.reason")}</span>
          <input data-testid="penalty-reason" value={reason} maxLength={200} autocomplete="off" onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        </label>
        {tried && err && (
          <p class="field-error" role="alert" data-testid="penalty-error" data-field={err}>
            {t(err === "reason" ? "penalty.reason_required" : err === "minutes" ? "penalty.missing_minutes" : err === "hands" ? "penalty.missing_hands" : "penalty.missing_orbits")}
          </p>
        )}
      </div>
    </Confirm>
  );
}

/** V-VII.s: spend `wild_card_at` HH chips for a free rebuy or add-on. */
function WildCardDialog(props: { entry: Entry; format: PresetFormat | null; onCancel: () => void; onSubmit: (as: "rebuy" | "addon") => void }) {
  const canAddon = props.entry.status === "active" && !props.entry.addon && !!props.format?.addon;
  const canRebuy = !!props.format?.rebuy;
  const [as, setAs] = useState<"rebuy" | "addon">(canRebuy ? "rebuy" : "addon");
  return (
    <Confirm
      title={t("wild.title", { name: props.entry.name })}
      text={t("wild.text", { n: props.entry.headhunter?.wild_card_at ?? "?" })}
      confirmLabel={t("wild.submit")}
      testid="wild-submit"
      onCancel={props.onCancel}
      onConfirm={() => props.onSubmit(as)}
    >
      <div class="chip-row" role="radiogroup">
        {(["rebuy", "addon"] as const).map((k) => (
          <button
            type="button"
            key={k}
            role="radio"
            aria-checked={as === k}
            disabled={k === "addon" ? !canAddon : !canRebuy}
            class={`btn btn-secondary ${as === k ? "is-on" : ""}`}
            data-testid={`wild-as-${k}`}
            onClick={() => setAs(k)}
          >
            {t(k === "rebuy" ? "wild.rebuy" : "wild.addon")}
          </button>
        ))}
      </div>
    </Confirm>
  );
}

/** Results as a printable page (opened as a blob) and as CSV (downloaded): the token stays in a header. */
function ResultsCard(props: { tid: string; token: string }) {
  const lang = useLang();
  const [busy, setBusy] = useState<"print" | "csv" | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function go(kind: "print" | "csv") {
    setError(null);
    setBusy(kind);
    // Open the tab now (inside the tap) so a popup blocker lets it through.
    const win = kind === "print" ? window.open("", "_blank") : null;
    const path = `/api/tournaments/${encodeURIComponent(props.tid)}/results.${kind === "print" ? "html" : "csv"}?lang=${lang}`;
    const r = await fetchFile(path, props.token, `results-${props.tid}.${kind === "print" ? "html" : "csv"}`);
    setBusy(null);
    if (!r.ok) {
      win?.close();
      setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    if (kind === "print") openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
    else saveBlob(r.blob, r.filename);
  }
  return (
    <section class="card" id="results" aria-labelledby="results-h">
      <h2 id="results-h">{t("results.title")}</h2>
      <div class="results-actions">
        <button type="button" class="btn btn-secondary" data-testid="results-print" disabled={busy != null} onClick={() => go("print")}>
          {busy === "print" ? t("download.busy") : t("results.print")}
        </button>
        <button type="button" class="btn btn-secondary" data-testid="results-csv" disabled={busy != null} onClick={() => go("csv")}>
          {busy === "csv" ? t("download.busy") : t("results.csv")}
        </button>
      </div>
      {error && (
        <p class="error" role="alert" data-testid="results-error">
          {error}
        </p>
      )}
    </section>
  );
}

function jump(e: Event, id: string) {
  // Keep the hash route: scroll instead of navigating to #id.
  e.preventDefault();
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

function sortEntries(list: Entry[]): Entry[] {
  return [...list].sort((a, b) => {
    if (a.status !== b.status) return a.status === "active" ? -1 : 1;
    if (a.status === "busted") return (a.place ?? 0) - (b.place ?? 0);
    return a.entry_id - b.entry_id;
  });
}
