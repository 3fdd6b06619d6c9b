// What the TV tells the room besides the clock: the hand-for-hand banner, the moves
// ticker, the next levels, the seating list by name (GET /seating, a page at a time) and the
// winner screen with the places and prizes.
import { t, useLang, formatMoney, ordinal, formatNumber } from "../../i18n";
import { useCachedFetch } from "../../ui/useCachedFetch";
import { useServerNow } from "../../ui/hooks";
import { levelNumbers } from "../../clock/model";
import type { StructureEntry } from "../../clock/clock";
import { refLabel } from "../../ui/clockText";
import type { TableMove } from "../../seating/moves";
import type * as api from "../../api/views";

/** A move stays on the ticker this long (then the room has found its seat). */
export const MOVE_SHOWN_MS = 5 * 60_000;
/** The ticker's at most this many moves (the display view keeps the last 10). */
const TICKER_MAX = 10;

/** A move as the TV's view carries it (the same row as the player's "you moved"). */
export type Move = TableMove;

/** Big and unmistakable while hand-for-hand runs (N-2.13, V-V.b): the whole room waits together. */
export function HfhBanner(props: { on: boolean }) {
  useLang();
  if (!props.on) return null;
  return (
    <div class="tv-hfh" data-testid="display-hfh-banner" role="status">
      <strong class="tv-hfh-title" data-testid="display-hfh">
        {t("display.hfh")}
      </strong>
      <span class="tv-hfh-sub">{t("display.hfh_sub")}</span>
    </div>
  );
}

type TickerItem = { kind: "group"; key: string; text: string; reason: string; moves: Move[] } | { kind: "move"; key: string; move: Move };

const moveKey = (m: Move) => `m-${m.entry_id}-${m.at}-${m.to_table}-${m.to_seat}`;

/** Newest first; a break's (or a final table's) moves in one group under its heading, "Table 3
 * broken": a player who left that table earlier by balancing stays outside it, a move of his own. */
export function tickerItems(moves: Move[], now: number): TickerItem[] {
  const fresh = moves.filter((m) => m.at == null || now - m.at < MOVE_SHOWN_MS).slice(0, TICKER_MAX);
  const out: TickerItem[] = [];
  let group: Extract<TickerItem, { kind: "group" }> | null = null;
  for (const m of fresh) {
    const grouped = m.reason === "table_broken" || m.reason === "final_table_formed" || m.reason === "two_tables_formed";
    if (!grouped) {
      group = null;
      out.push({ kind: "move", key: moveKey(m), move: m });
      continue;
    }
    const id = `${m.reason}:${m.reason === "table_broken" ? m.from_table : ""}:${m.at}`;
    if (!group || group.key !== `g-${id}`) {
      const text =
        m.reason === "table_broken"
          ? t("display.table_broken", { t: m.from_table ?? "?" })
          : m.reason === "final_table_formed"
            ? t("display.final_table")
            : t("display.two_tables");
      group = { kind: "group", key: `g-${id}`, text, reason: m.reason ?? "", moves: [] };
      out.push(group);
    }
    group.moves.push(m);
  }
  return out;
}

function TickerMove(props: { move: Move }) {
  const m = props.move;
  return (
    <li class="tv-ticker-move" data-testid="display-ticker-move" data-entry-id={m.entry_id} data-table={m.to_table} data-seat={m.to_seat}>
      {t("display.move", { name: m.name, t: m.to_table, s: m.to_seat })}
    </li>
  );
}

/** The moves of the last minutes along the bottom of the TV: "Anna → table 2, seat 1". */
export function MovesTicker(props: { moves: Move[] | undefined }) {
  useLang();
  const now = useServerNow(5000);
  const items = tickerItems(props.moves ?? [], now);
  if (!items.length) return null;
  return (
    <section class="tv-ticker" data-testid="display-ticker" aria-label={t("display.moves")}>
      <span class="tv-ticker-label">{t("display.moves")}</span>
      <ul>
        {items.map((it) =>
          it.kind === "group" ? (
            <li key={it.key} class="tv-ticker-group" data-testid="display-ticker-group" data-reason={it.reason}>
              <ul>
                <li class="tv-ticker-head" data-testid="display-ticker-head" data-reason={it.reason}>
                  {it.text}
                </li>
                {it.moves.map((m) => (
                  <TickerMove key={moveKey(m)} move={m} />
                ))}
              </ul>
            </li>
          ) : (
            <TickerMove key={it.key} move={it.move} />
          ),
        )}
      </ul>
    </section>
  );
}

/** The next 2–3 entries after the current one: levels with blinds and ante, breaks. */
export function UpcomingLevels(props: { structure: StructureEntry[] | undefined; index: number; finished: boolean; count?: number }) {
  useLang();
  const structure = props.structure ?? [];
  if (props.finished || !structure.length) return null;
  const numbers = levelNumbers(structure);
  const rows = [];
  for (let i = props.index + 1; i < structure.length && rows.length < (props.count ?? 3); i++) {
    rows.push({ index: i, entry: structure[i], level: structure[i].level ?? numbers[i] });
  }
  if (!rows.length) return null;
  return (
    <section class="tv-upcoming" data-testid="display-upcoming" aria-label={t("display.upcoming")}>
      <h2>{t("display.upcoming")}</h2>
      <ol>
        {rows.map((r) => (
          <li key={r.index} class={`is-${r.entry.kind}`} data-index={r.index} data-kind={r.entry.kind}>
            <span class="tv-upcoming-what">{refLabel(r)}</span>
            {r.entry.kind === "level" && r.entry.minutes ? <span class="tv-upcoming-min">{t("display.minutes", { m: r.entry.minutes })}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export type ResultRow = api.Result;

/** The end of the night: the winner big, then the places in the money with names and prizes. */
export function WinnerScreen(props: { winner: { entry_id: number; name: string }; results: ResultRow[] | undefined; currency: string | null | undefined }) {
  useLang();
  const rows = props.results ?? [];
  const first = rows.find((r) => r.entry_id === props.winner.entry_id);
  const rest = rows.filter((r) => r !== first);
  return (
    <section class="tv-winner" data-testid="display-winner" data-entry-id={props.winner.entry_id}>
      <span class="tv-winner-label">{t("display.winner")}</span>
      <strong class="tv-winner-name">{props.winner.name}</strong>
      {first && first.prize > 0 && (
        <span class="tv-winner-prize" data-testid="display-winner-prize" data-amount={first.prize}>
          {formatMoney(first.prize, props.currency)}
        </span>
      )}
      {rest.length > 0 && (
        <ol
          class="tv-results"
          data-testid="display-results"
          aria-label={t("display.results")}
          style={`--cols: ${rest.length > 4 ? 2 : 1}; --rows: ${rest.length > 4 ? Math.ceil(rest.length / 2) : rest.length}`}
        >
          {rest.map((r) => (
            <li key={r.entry_id} data-place={r.place} data-entry-id={r.entry_id} data-amount={r.prize}>
              <span class="tv-results-place">{`${ordinal(r.place)}${r.tie > 1 ? "=" : ""}`}</span>
              <span class="tv-results-name">{r.name}</span>
              <span class="tv-results-prize">{r.prize > 0 ? formatMoney(r.prize, props.currency) : ""}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export type SeatingPage = api.SeatingPage;

/** How many names a seating page holds on this screen: 3 columns on a TV, fewer on a phone;
 * `reserved` px are taken by the hand-for-hand banner and the ticker. */
export function seatingLayout(width: number, height: number, reserved = 0): { cols: number; rows: number } {
  const cols = width >= 1400 ? 3 : width >= 800 ? 2 : 1;
  const rows = Math.max(5, Math.min(18, Math.floor((height - reserved - 310) / 44)));
  return { cols, rows };
}

/** GETs one page of the seating list (display token), again when the seating changed (`version`);
 * each page is kept for a TV that loses the network while it pages. */
export function useSeatingPage(tid: number | null, token: string, page: number, perPage: number, version: number | undefined, active: boolean) {
  const url = tid != null && active ? `/api/tournaments/${tid}/seating?page=${page}&per_page=${perPage}` : null;
  const select = (d: any): SeatingPage | null => (Array.isArray(d?.rows) ? d : null);
  const { data, error } = useCachedFetch<SeatingPage>(url, { where: "display.seating", token, cache: `seating:${tid}:${page}:${perPage}`, select, deps: [version] });
  return { data, failed: error != null };
}

/** Rows split into `cols` columns, read down then across (as a printed list). */
function columns<T>(rows: T[], cols: number): T[][] {
  const per = Math.ceil(rows.length / cols) || 1;
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += per) out.push(rows.slice(i, i + per));
  return out;
}

/** One page of the list people look for on the wall: name, table, seat, sorted by name. */
export function SeatingList(props: { data: SeatingPage | null; cols: number; failed: boolean }) {
  useLang();
  const d = props.data;
  if (!d) return <p class="muted center tv-seating-empty">{props.failed ? t("common.no_data") : t("common.loading")}</p>;
  // By family name, written family name first ("Weiß, Anna"), as a wall list is read
  const first = d.rows[0]?.listed_as;
  const last = d.rows[d.rows.length - 1]?.listed_as;
  return (
    <section class="tv-seating" data-testid="display-seating" data-page={d.page} data-pages={d.pages} aria-label={t("display.seating")}>
      <header class="tv-seating-head">
        <h2>{t("display.seating")}</h2>
        {first && (
          <span class="tv-seating-range">
            {first} – {last}
          </span>
        )}
        <span class="tv-seating-page muted" data-testid="display-seating-page">
          {t("display.seating_page", { p: d.page, n: d.pages })} · {t("display.seated", { n: formatNumber(d.total) })}
        </span>
      </header>
      <div class="tv-seating-cols" style={`--cols: ${props.cols}`}>
        {columns(d.rows, props.cols).map((col, i) => (
          <table key={i} class="tv-seating-col">
            <thead>
              <tr>
                <th scope="col">{t("display.col_name")}</th>
                <th scope="col">{t("display.col_table")}</th>
                <th scope="col">{t("display.col_seat")}</th>
              </tr>
            </thead>
            <tbody>
              {col.map((r) => (
                <tr key={`${r.table_no}-${r.seat}`} data-testid="display-seating-row" data-table={r.table_no} data-seat={r.seat}>
                  <td class="tv-seating-name">{r.listed_as}</td>
                  <td class="tv-seating-num">{r.table_no}</td>
                  <td class="tv-seating-num">{r.seat}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
