// The clock on the dealer's phone: while a hand is on, one line (every seat's Bust button stays on
// the first screen) that opens the full clock; else the full clock and the players left.
import { t } from "../../../i18n";
import { Clock } from "../../../ui/Clock";
import { ClockLine } from "./DealerCompact";
import type { PublicView } from "../../../api/views";

export function ClockCard(props: { pub: PublicView | undefined; compact: boolean; handOn: boolean; broken: boolean; onOpen: () => void; onShrink: () => void }) {
  const { pub } = props;
  if (props.compact) return <ClockLine structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} onExpand={props.onOpen} />;
  return (
    <section class="card clock-card">
      {props.handOn && (
        <button type="button" class="btn btn-ghost clock-shrink" data-testid="dealer-clock-shrink" aria-expanded="true" onClick={props.onShrink}>
          {t("dealer.clock_less")} ▴
        </button>
      )}
      <Clock structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} size={props.broken ? "normal" : "big"} alerts />
      {pub && (
        <div class="stats">
          <div>
            <span class="muted">{t("player.left")}</span> <strong data-testid="players-left">{pub.players_left}</strong>
          </div>
        </div>
      )}
    </section>
  );
}
