import { useState } from "preact/hooks";
import { t, useLang, ordinal, formatTime } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { Clock } from "../../ui/Clock";
import { Confirm } from "../../ui/Confirm";
import { RejectedList } from "../../ui/Rejected";
import { useOnline, useOutbox, useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { useWakeLock } from "../../ui/wakeLock";
import { viewKey } from "../../sync/viewCache";
import * as outbox from "../../sync/outbox";

interface Seat {
  seat: number;
  entry_id: number;
  name: string;
}

export function Dealer(props: { token: string }) {
  useLang();
  const { token } = props;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const tableNo = me.me?.table_no ?? null;
  const { invalid } = useLive({ token, tid });
  const online = useOnline();
  useWakeLock(true);
  const { view: table, loaded } = useView(tid != null && tableNo != null ? viewKey(tid, "table", tableNo) : null);
  const { view: pub } = useView(tid != null ? viewKey(tid, "public") : null);
  const queue = useOutbox();
  const mine = queue.filter((e) => e.token === token);
  const pendingBusts = new Set(mine.filter((e) => e.state === "pending" && e.type === "record_bust").map((e) => Number(e.payload.entry_id)));
  const [confirm, setConfirm] = useState<Seat | null>(null);

  const bustedIds = new Set<number>((table?.busts ?? []).map((b: any) => Number(b.entry_id)));
  const seats: Seat[] = [...(table?.seats ?? [])].sort((a: Seat, b: Seat) => a.seat - b.seat);
  const maxSeats: number = table?.max_seats ?? 0;

  if (me.status === "invalid" || invalid) {
    return (
      <Shell title={t("dealer.title", { n: tableNo ?? "?" })}>
        <p class="card error" role="alert">{t("token.invalid")}</p>
      </Shell>
    );
  }
  if (!me.me) {
    return (
      <Shell title={t("dealer.unknown_table")}>
        <p class="card muted">{me.status === "loading" ? t("common.loading") : t("common.no_data")}</p>
        <RejectedList filter={(e) => e.token === token} />
      </Shell>
    );
  }

  return (
    <Shell title={t("dealer.title", { n: tableNo ?? "?" })} class="dealer">
      {!online && (table || pub) && <p class="offline-note">{t("offline.cached")}</p>}
      <RejectedList filter={(e) => e.token === token} />
      <section class="card clock-card">
        <Clock structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} size="big" alerts />
        {pub && (
          <div class="stats">
            <div>
              <span class="muted">{t("player.left")}</span> <strong data-testid="players-left">{pub.players_left}</strong>
            </div>
          </div>
        )}
      </section>

      <section class="card" aria-labelledby="seats-h">
        <h2 id="seats-h">
          {t("dealer.seats")} <span class="muted small">{maxSeats ? `(${seats.length}/${maxSeats})` : ""}</span>
        </h2>
        {!table && loaded && <p class="muted">{t("common.no_data")}</p>}
        {table && seats.length === 0 && <p class="muted">{t("dealer.no_seats")}</p>}
        <ul class="dealer-seats">
          {seats.map((s) => {
            const pend = pendingBusts.has(s.entry_id);
            const busted = bustedIds.has(s.entry_id);
            return (
              <li
                key={s.seat}
                class={`dealer-seat ${pend ? "is-pending" : ""} ${busted ? "is-busted" : ""}`}
                data-testid={`seat-${s.seat}`}
                data-entry-id={s.entry_id}
                data-pending={pend ? "true" : undefined}
                data-busted={busted ? "true" : undefined}
              >
                <span class="seat-no" aria-label={`Seat ${s.seat}`}>
                  {s.seat}
                </span>
                <span class="seat-name">{s.name}</span>
                {busted ? (
                  <span class="tag tag-busted">{t("dealer.busted")}</span>
                ) : pend ? (
                  <span class="tag tag-pending">{t("bust.pending")}</span>
                ) : (
                  <button type="button" class="btn btn-danger btn-bust" data-testid={`bust-${s.entry_id}`} onClick={() => setConfirm(s)}>
                    {t("bust.button")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {table?.busts?.length ? (
        <section class="card" aria-labelledby="tbusts-h">
          <h2 id="tbusts-h">{t("busts.title")}</h2>
          <ol class="busts">
            {table.busts.slice(0, 10).map((b: any) => (
              <li key={b.entry_id}>
                <span class="bust-place">{b.place != null ? ordinal(b.place) : "–"}</span>
                <span class="bust-name">{b.name}</span>
                <span class="muted small">{formatTime(b.at)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {confirm && (
        <Confirm
          title={t("bust.confirm_title", { name: confirm.name })}
          text={t("bust.confirm_text", { name: confirm.name })}
          confirmLabel={t("bust.confirm")}
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            if (tid != null) {
              void outbox.enqueue({
                tournament_id: tid,
                type: "record_bust",
                payload: { entry_id: confirm.entry_id },
                token,
                label: { name: confirm.name, seat: confirm.seat },
              });
            }
            setConfirm(null);
          }}
        />
      )}
    </Shell>
  );
}
