import { t, useLang, formatTime } from "../../../i18n";
import { placeText } from "../../../money/money";
import type { Bust } from "../../../api/views";

/** The last ten players out at this table, with their places. */
export function TableBusts(props: { busts: Bust[] }) {
  const lang = useLang();
  return (
    <section class="card" aria-labelledby="tbusts-h">
      <h2 id="tbusts-h">{t("busts.title")}</h2>
      <ol class="busts">
        {props.busts.slice(0, 10).map((b) => (
          <li key={b.entry_id}>
            <span class="bust-place">{b.place != null ? placeText(b.place, b.tie, lang) : "–"}</span>
            <span class="bust-name">{b.name}</span>
            <span class="muted small">{formatTime(b.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
