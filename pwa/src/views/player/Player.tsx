import { t, useLang, ordinal, formatNumber } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { Clock } from "../../ui/Clock";
import { Payouts } from "../../ui/Payouts";
import { useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { viewKey } from "../../sync/viewCache";

export function Player(props: { token: string }) {
  useLang();
  const { token } = props;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const entryId = me.me?.entry_id ?? null;
  const { invalid } = useLive({ token, tid });
  const { view: pv, loaded } = useView(tid != null && entryId != null ? viewKey(tid, "player", entryId) : null);
  const { view: pub } = useView(tid != null ? viewKey(tid, "public") : null);

  if (me.status === "invalid" || invalid) {
    return (
      <Shell title={t("app.name")} class="player">
        <p class="card error" role="alert">{t("token.invalid")}</p>
      </Shell>
    );
  }
  const busted = pv?.status === "busted";
  return (
    <Shell title={pv?.name ?? pub?.name ?? t("app.name")} class="player">
      {!me.me && <p class="card muted">{me.status === "loading" ? t("common.loading") : t("common.no_data")}</p>}
      {pub && <p class="muted center tournament-name">{pub.name}</p>}
      <section class="card seat-card">
        <div class="player-name" data-testid="player-name">
          {pv?.name ?? ""}
        </div>
        {busted ? (
          <div class="player-busted" data-testid="player-place" data-place={pv?.place ?? undefined}>
            {pv?.place != null ? t("player.busted", { place: ordinal(pv.place) }) : t("player.busted_noplace")}
          </div>
        ) : pv && pv.table_no != null && pv.seat != null ? (
          <div class="player-seat" data-testid="player-seat" data-table={pv.table_no} data-seat={pv.seat}>
            <span class="seat-line">{t("player.table_only", { t: pv.table_no })}</span>
            <span class="seat-line">{t("player.seat_only", { s: pv.seat })}</span>
          </div>
        ) : (
          <div class="player-seat muted" data-testid="player-seat">
            {pv || loaded ? t("player.not_seated") : t("common.loading")}
          </div>
        )}
      </section>
      <section class="card clock-card">
        <Clock structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} size="big" />
      </section>
      {pub && (
        <section class="card stats stats-grid">
          <div>
            <span class="muted">{t("player.left")}</span>
            <strong data-testid="players-left">{pub.players_left}</strong>
          </div>
          <div>
            <span class="muted">{t("player.entries")}</span>
            <strong>{pub.entries_total}</strong>
          </div>
          <div>
            <span class="muted">{t("display.avg_stack")}</span>
            <strong>{formatNumber(pub.average_stack)}</strong>
          </div>
        </section>
      )}
      {pub?.payouts?.length ? (
        <section class="card">
          <Payouts payouts={pub.payouts} currency={pub.currency} testid="player-payouts" />
        </section>
      ) : null}
    </Shell>
  );
}
