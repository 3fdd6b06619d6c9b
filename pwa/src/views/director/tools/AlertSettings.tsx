import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { alertsOn, onAlertsChange, setAlertsOn } from "../tournament/alerts";

/** Buzz and chime for new attention items, or not: stored on this phone (localStorage). */
export function AlertSettings() {
  useLang();
  const [on, setOn] = useState(alertsOn());
  useEffect(() => onAlertsChange(setOn), []);
  return (
    <section class="card" data-testid="alert-settings" aria-labelledby="alerts-h">
      <h2 id="alerts-h">{t("alerts.title")}</h2>
      <label class={`scheck ${on ? "is-on" : ""}`}>
        <input type="checkbox" data-testid="alerts-toggle" checked={on} onChange={(e) => setAlertsOn((e.target as HTMLInputElement).checked)} />
        <span>{t("alerts.on")}</span>
      </label>
      <p class="muted small">{t("alerts.hint")}</p>
    </section>
  );
}
