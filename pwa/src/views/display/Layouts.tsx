// The TV's layouts besides the clock (docs/screens.md): the lobby of the club's tournaments of
// tonight, and the seat changes of the last minutes in large type.
import { t, useLang, formatMoney, formatNumber } from "../../i18n";
import { useCachedFetch } from "../../ui/useCachedFetch";
import { useServerNow } from "../../ui/hooks";
import { useClockState } from "../../ui/useClockState";
import { EntryLine, StatusPill } from "../../ui/Clock";
import { currentLabel, nextText } from "../../ui/clockText";
import { formatRemaining } from "../../clock/clock";
import { tickerItems, type Move } from "./TvRoom";
import type { components } from "../../api/types.gen";

type LobbyTournament = components["schemas"]["LobbyTournament"];
type Lobby = components["schemas"]["Lobby"];

/** The lobby asks again this often; the clocks tick locally in between. */
export const LOBBY_REFRESH_MS = 10_000;
/** At most this many side by side (the server sends up to 6: the first 4 by start). */
export const LOBBY_SHOWN = 4;

/** How the lobby's cards sit: side by side on a wide screen, stacked on a tall one. */
export function lobbyGrid(n: number, portrait: boolean): { cols: number; rows: number } {
  const k = Math.max(1, Math.min(LOBBY_SHOWN, n));
  if (portrait) return { cols: k === 4 ? 2 : 1, rows: k === 4 ? 2 : k };
  return { cols: k === 4 ? 2 : k, rows: k === 4 ? 2 : 1 };
}

/** The club's tournaments of tonight (GET /api/display/lobby), 1–4 side by side. */
export function LobbyBody(props: { token: string; portrait: boolean }) {
  useLang();
  const { data, error } = useCachedFetch<Lobby>("/api/display/lobby", {
    where: "display.lobby",
    token: props.token,
    cache: `display:lobby:${props.token}`,
    refreshMs: LOBBY_REFRESH_MS,
    select: (d) => (Array.isArray(d?.tournaments) ? d : null),
  });
  const list = (data?.tournaments ?? []).slice(0, LOBBY_SHOWN);
  const grid = lobbyGrid(list.length, props.portrait);
  return (
    <main class="display-body tv-lobby" data-testid="display-lobby" data-count={list.length} style={`--cols: ${grid.cols}; --rows: ${grid.rows}`}>
      {!data ? (
        <p class="muted center tv-lobby-empty">{error ? t("common.no_data") : t("common.loading")}</p>
      ) : list.length === 0 ? (
        <p class="muted center tv-lobby-empty">{t("display.lobby_empty")}</p>
      ) : (
        list.map((x) => <LobbyCard key={x.id} t={x} />)
      )}
    </main>
  );
}

function LobbyCard(props: { t: LobbyTournament }) {
  const x = props.t;
  const m = useClockState(x.structure as any, x.clock as any, { rules: x.clock_rules as any });
  return (
    <section class={`tv-lobby-card is-${m.entry?.kind ?? "level"} status-${m.status}`} data-testid="lobby-tournament" data-id={x.id} aria-label={x.name}>
      <h2 class="tv-lobby-name" data-testid="lobby-name">
        {x.name}
      </h2>
      <div class="tv-lobby-level">
        <span data-testid="lobby-level">{currentLabel(m)}</span> <StatusPill m={m} />
      </div>
      <div class="tv-lobby-time" data-testid="clock-time" data-remaining-ms={m.remaining_ms}>
        {x.status === "finished" ? t("clock.finished") : formatRemaining(m.remaining_ms)}
      </div>
      <EntryLine m={m} class="tv-lobby-blinds" />
      {m.entry && x.status !== "finished" && (
        <div class="tv-lobby-next">
          <span class="muted">{t("clock.next")}: </span>
          <span>{nextText(m)}</span>
        </div>
      )}
      <dl class="tv-lobby-stats">
        <div>
          <dt>{t("display.players_left")}</dt>
          <dd data-testid="lobby-players">
            {formatNumber(x.players_left)}
            <span class="sub"> / {formatNumber(x.entries_total)}</span>
          </dd>
        </div>
        {x.prize_pool ? (
          <div>
            <dt>{t("display.prize_pool")}</dt>
            <dd data-testid="lobby-pool">{formatMoney(x.prize_pool, x.currency)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The seats changed in the last minutes, large (the moves layout): "Anna → table 2, seat 1". */
export function RecentMoves(props: { moves: Move[] | undefined }) {
  useLang();
  const now = useServerNow(5000);
  const items = tickerItems(props.moves ?? [], now);
  return (
    <section class="tv-recent" data-testid="display-recent-moves" aria-labelledby="tv-recent-h">
      <h2 id="tv-recent-h">{t("display.recent_moves")}</h2>
      {items.length === 0 ? (
        <p class="tv-recent-none">{t("display.no_moves")}</p>
      ) : (
        <ul>
          {items.flatMap((it) =>
            it.kind === "group"
              ? [
                  <li key={it.key} class="tv-recent-head" data-testid="display-recent-head" data-reason={it.reason}>
                    {it.text}
                  </li>,
                  ...it.moves.map((mv) => <RecentMove key={`${it.key}-${mv.entry_id}`} move={mv} />),
                ]
              : [<RecentMove key={it.key} move={it.move} />],
          )}
        </ul>
      )}
    </section>
  );
}

function RecentMove(props: { move: Move }) {
  const mv = props.move;
  return (
    <li class="tv-recent-move" data-testid="display-recent-move" data-entry-id={mv.entry_id} data-table={mv.to_table} data-seat={mv.to_seat}>
      <span class="tv-recent-name">{mv.name}</span>
      <span class="tv-recent-seat">
        {t("display.col_table")} {mv.to_table} · {t("display.col_seat")} {mv.to_seat}
      </span>
    </li>
  );
}
