import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import type { DirCtx } from "../shared/types";

type Switches = { sound: boolean; voice: boolean };

/** The TVs' tone and spoken announcements (set_tv_sound, issue #33): two switches for every screen
 * of the tournament. From the tap until the view shows it (or the command is refused), the switches
 * show what was asked: the command reaches this phone's queue a moment after the tap, and any
 * render in between (a view, the clock) must not flick a switch back. */
export function TvSoundCard(props: { ctx: DirCtx }) {
  useLang();
  const { view, mine, send, finished } = props.ctx;
  const [asked, setAsked] = useState<Switches | null>(null);
  const shown: Switches = view?.tv_sound ?? { sound: true, voice: true };
  const refused = mine.filter((p) => p.state === "rejected" && p.type === "set_tv_sound").length;
  useEffect(() => {
    if (asked && asked.sound === shown.sound && asked.voice === shown.voice) setAsked(null);
  }, [asked, shown.sound, shown.voice]);
  useEffect(() => setAsked(null), [refused]); // a refusal: the view's state again (the reason is listed)
  if (!view || finished) return null;
  const now = asked ?? shown;
  const set = (change: Partial<Switches>) => {
    const next = { ...now, ...change };
    setAsked(next);
    send("set_tv_sound", next);
  };
  return (
    <section class="card tv-sound-card" data-testid="tv-sound-card">
      <h2>{t("tvsound.title")}</h2>
      <label class="scheck">
        <input type="checkbox" data-testid="tv-sound-tone" checked={now.sound} onChange={(e) => set({ sound: (e.target as HTMLInputElement).checked })} />
        <span>{t("tvsound.tone")}</span>
      </label>
      <label class="scheck">
        <input type="checkbox" data-testid="tv-sound-voice" checked={now.voice} onChange={(e) => set({ voice: (e.target as HTMLInputElement).checked })} />
        <span>{t("tvsound.voice")}</span>
      </label>
      <p class="muted small">{t("tvsound.hint")}</p>
    </section>
  );
}
