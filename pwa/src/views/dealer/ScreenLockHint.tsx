// A dealer's phone whose screen may go dark mid-hand: the browser would not keep it on (no Screen
// Wake Lock, or refused — older iOS, in home-screen mode above all). Nothing is lost when it goes
// dark: entries wait in the outbox, and on unlocking the phone sends them, reconnects and asks
// for its views again. But a dealer should not have to wake the phone for every bust, so the
// screen says how to keep it on with the phone's own settings. Dismissed for the day.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { report } from "../../sync/report";

const KEY = "pokerfloor.screen_lock_hint";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function dismissedToday(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === today();
  } catch (e) {
    report("dealer.screen_hint_read", e); // private mode: shown again, no harm
    return false;
  }
}

export function ScreenLockHint() {
  const [hidden, setHidden] = useState(dismissedToday);
  if (hidden) return null;
  const dismiss = () => {
    setHidden(true);
    try {
      globalThis.localStorage?.setItem(KEY, today());
    } catch (e) {
      report("dealer.screen_hint_save", e);
    }
  };
  return (
    <section class="card screen-lock-hint" data-testid="dealer-screen-lock" role="status">
      <p class="screen-lock-title">{t("dealer.screen_lock_title")}</p>
      <p class="muted small">{t("dealer.screen_lock_text")}</p>
      <button type="button" class="btn btn-secondary btn-small" data-testid="dealer-screen-lock-ok" onClick={dismiss}>
        {t("common.dismiss")}
      </button>
    </section>
  );
}
