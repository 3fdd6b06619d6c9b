import { t, useLang } from "../../../i18n";
import type { DirCtx } from "../shared/types";

/** The TVs' tone and spoken announcements (set_tv_sound, issue #33): two switches for every screen
 * of the tournament. While the command waits in this phone's queue, the switches show what was asked. */
export function TvSoundCard(props: { ctx: DirCtx }) {
  useLang();
  const { view, mine, send, finished } = props.ctx;
  if (!view || finished) return null;
  const queued = mine.filter((p) => p.state === "pending" && p.type === "set_tv_sound").pop();
  const now = (queued?.payload as { sound: boolean; voice: boolean } | undefined) ?? view.tv_sound ?? { sound: true, voice: true };
  const set = (change: Partial<typeof now>) => send("set_tv_sound", { sound: now.sound, voice: now.voice, ...change });
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
