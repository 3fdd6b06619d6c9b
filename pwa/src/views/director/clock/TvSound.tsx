import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import * as outbox from "../../../sync/outbox";
import type { DirCtx } from "../shared/types";

type Switches = { sound: boolean; voice: boolean };

/** The TVs' tone and spoken announcements (set_tv_sound, issue #33): two switches for every screen
 * of the tournament. While the command waits in this phone's queue, and after its answer until the
 * view that holds it arrives, the switches show what was asked (never a flick back to the old state). */
export function TvSoundCard(props: { ctx: DirCtx }) {
  useLang();
  const { view, mine, send, finished } = props.ctx;
  const [applied, setApplied] = useState<{ asked: Switches; seq: number } | null>(null);
  useEffect(
    () =>
      outbox.onApplied(({ entry, seq }) => {
        if (entry.type === "set_tv_sound" && seq != null) setApplied({ asked: entry.payload as Switches, seq });
      }),
    [],
  );
  if (!view || finished) return null;
  const queued = mine.filter((p) => p.state === "pending" && p.type === "set_tv_sound").pop();
  const answered = applied && (view.seq ?? 0) < applied.seq ? applied.asked : undefined;
  const now = (queued?.payload as Switches | undefined) ?? answered ?? view.tv_sound ?? { sound: true, voice: true };
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
