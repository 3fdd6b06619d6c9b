// The seats: the table's oval (who just arrived marked) and a row per seat with "Away" and "Bust";
// below them the tools (children) and "the button is elsewhere".
import type { ComponentChildren } from "preact";
import { t } from "../../../i18n";
import { TableOval } from "../../../ui/TableOval";
import type { TableView } from "../../../api/views";
import type { TableState } from "../tableState";
import type { Queued } from "../queued";
import { EmptySeatRow, SeatRow, seatRows } from "./SeatRow";

export function SeatsCard(props: {
  table: TableView | undefined;
  tableNo: number | null;
  at: TableState;
  queued: Queued;
  handOn: boolean;
  loaded: boolean;
  picking: boolean;
  onAway: (s: TableState["seats"][number], away: boolean) => void;
  onBust: (s: TableState["seats"][number]) => void;
  onMoveButton: () => void;
  children?: ComponentChildren;
}) {
  const { table, tableNo, at, queued, handOn } = props;
  const { seats, maxSeats, handNo } = at;
  const stacks = table?.chip_count?.stacks ?? null;
  const awayShort = new Map<number, string>();
  for (const x of seats) if (x.away || x.absent) awayShort.set(x.seat, x.away ? t("away.short") : t("away.absent_short"));
  const outShort = new Map(at.sitOut.map((p) => [p.seat, p.hands_left != null ? `${t("sitout.badge")} ${p.hands_left}` : t("sitout.badge")]));
  return (
    <section class="card dealer-seats-card" aria-labelledby="seats-h">
      <h2 id="seats-h" class={handOn ? "visually-hidden" : undefined}>
        {t("dealer.seats")} <span class="muted small">{maxSeats ? `(${seats.length}/${maxSeats})` : ""}</span>
      </h2>
      {!table && props.loaded && <p class="muted">{t("common.no_data")}</p>}
      {table && seats.length === 0 && <p class="muted">{t("dealer.no_seats")}</p>}
      {table && maxSeats > 0 && seats.length > 0 && (
        <TableOval
          class={`dealer-oval ${handOn ? "is-after-list" : ""}`}
          maxSeats={maxSeats}
          seats={seats}
          badges={at.badges}
          names
          marked={new Set(at.moves.filter((m) => m.fresh && m.kind !== "leave").map((m) => m.to_seat))}
          out={outShort}
          away={awayShort}
          center={[t("dealer.title", { n: tableNo ?? "?" }), handNo ? t("floor.hand", { n: handNo }) : null]}
          dealerLabel={t("floor.dealer")}
          label={t("dealer.title", { n: tableNo ?? "?" })}
        />
      )}
      <ul class="dealer-seats">
        {seatRows(seats, at.badges).map((row) => {
          if (!row.s) return <EmptySeatRow key={`e${row.seat}`} seat={row.seat} badges={row.badges} />;
          const s = row.s;
          const awayNow = queued.away.get(s.entry_id) ?? Boolean(s.away);
          const chips = stacks?.[String(s.seat)];
          return (
            <SeatRow
              key={s.seat}
              s={s}
              badges={row.badges}
              handOn={handOn}
              handNo={handNo}
              busted={at.busted.has(s.entry_id)}
              pending={queued.busts.has(s.entry_id)}
              out={at.outBySeat.get(s.seat)}
              awayNow={awayNow}
              awayQueued={queued.away.has(s.entry_id)}
              stack={chips != null ? { chips: Number(chips), at: table?.chip_count?.at } : null}
              onAway={() => props.onAway(s, !awayNow)}
              onBust={() => props.onBust(s)}
            />
          );
        })}
      </ul>
      {props.children}
      {table && seats.length >= 2 && table.button != null && !props.picking && (
        <button type="button" class="btn btn-ghost btn-block redraw" data-testid="dealer-set-button" onClick={props.onMoveButton}>
          {t("dealer.redraw_button")}
        </button>
      )}
    </section>
  );
}
