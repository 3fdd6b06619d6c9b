// The TV's tone and voice (issue #33): at each change of its clock, what voice.ts says to
// announce is beeped (ui/alerts.ts) and spoken by the browser's speech synthesis, unless the
// director switched it off (public view `tv_sound`, engine/tv_sound.py) or this screen's link
// says `sound=off`.
import { useEffect, useRef } from "preact/hooks";
import { useLang } from "../../i18n";
import { snapshotOf, type ClockModel } from "../../clock/model";
import { levelChangeAlert, warningAlert } from "../../ui/alerts";
import { report } from "../../sync/report";
import type { PublicView } from "../../api/views";
import { announcement, pickVoice, speechLang, spokenText, type VoiceSnapshot } from "./voice";

/** The tones take about a second; the voice starts after them. */
const AFTER_TONE_MS = 1100;

export interface TvVoice {
  /** Tones at the level change and one minute before it. */
  sound: boolean;
  /** Spoken announcements (only where the browser can speak). */
  voice: boolean;
}

export function speechAvailable(): boolean {
  return typeof window !== "undefined" && !!window.speechSynthesis && typeof SpeechSynthesisUtterance !== "undefined";
}

export function speak(text: string, lang: string): void {
  if (!speechAvailable()) return;
  try {
    const synth = window.speechSynthesis;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = lang;
    const v = pickVoice(synth.getVoices(), lang);
    if (v) u.voice = v;
    u.rate = 0.95; // a room, not a headset
    synth.cancel(); // an announcement still queued (a tab that slept) never plays late
    synth.speak(u);
  } catch (e) {
    report("tv.speak", e); // no voice: the tone and the screen still tell
  }
}

/** Call once per render of the TV with its public view, its clock and whether its link says
 * `sound=off` (ui/screens.ts). */
export function useTvVoice(pub: PublicView | null | undefined, m: ClockModel, linkOff: boolean): TvVoice {
  const lang = useLang();
  const sound = !linkOff && (pub?.tv_sound?.sound ?? true);
  const voice = !linkOff && (pub?.tv_sound?.voice ?? true) && speechAvailable();
  const snap: VoiceSnapshot = { ...snapshotOf(pub?.structure, m), elapsed_ms: m.elapsed_ms };
  const prev = useRef<VoiceSnapshot | null>(null);
  const said = useRef("");
  const now = { sound, voice, lang, region: pub?.region, structure: pub?.structure ?? [], deadlines: pub?.deadlines ?? {} };
  const ref = useRef(now);
  ref.current = now;
  useEffect(() => {
    const o = ref.current;
    const a = announcement(prev.current, snap, o.structure, o.deadlines);
    prev.current = snap;
    if (!a) return;
    const key = `${snap.structureKey}#${snap.index}#${a.alert}`;
    if (key === said.current) return; // once per event (a view arriving twice, a clock corrected back and forth)
    said.current = key;
    if (o.sound) (a.alert === "level" ? levelChangeAlert : warningAlert)();
    if (o.voice && a.lines.length) {
      const text = spokenText(a.lines, o.lang);
      const lang = speechLang(o.lang, o.region);
      if (o.sound) setTimeout(() => speak(text, lang), AFTER_TONE_MS);
      else speak(text, lang);
    }
  });
  useEffect(() => {
    if (!voice && speechAvailable()) window.speechSynthesis.cancel(); // switched off mid-sentence: stop
  }, [voice]);
  return { sound, voice };
}
