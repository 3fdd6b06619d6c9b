// A new attention item buzzes and chimes once: navigator.vibrate and a short WebAudio
// tone (no sound file). The director can silence it; the choice is stored on this phone.

import { beep, vibrate } from "../../../ui/alerts";
import { report } from "../../../sync/report";

const KEY = "pokerfloor.director.alerts";

export function alertsOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch (e) {
    report("director.alerts_read", e); // no storage (private mode): alerts on
    return true;
  }
}

export function setAlertsOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch (e) {
    report("director.alerts_save", e); // no storage (private mode): the choice lasts this session
  }
  for (const f of listeners) f(on);
}

const listeners = new Set<(on: boolean) => void>();
export function onAlertsChange(f: (on: boolean) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** One buzz and one chime for new items, unless silenced. Counted in window.__pokerfloorAlerts. */
export function alertNew(): boolean {
  if (!alertsOn()) return false;
  vibrate([120, 60, 120]);
  beep(1, 1320); // the shared tone of ui/alerts (unlocked by primeAudio on the first tap)
  const w = window as any;
  w.__pokerfloorAlerts = (w.__pokerfloorAlerts ?? 0) + 1;
  return true;
}
