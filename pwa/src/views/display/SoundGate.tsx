// "Tap to enable sound" (issue #33): browsers keep a page silent until a user gesture. The TV
// shows this one button until its sound is unlocked; any tap, click or key on the page unlocks it
// (ui/alerts.ts UNLOCK_EVENTS: touchend, click, keydown — iOS does not count pointerdown), and a
// silent utterance spoken inside the same gesture unlocks the speech synthesis too (Safari and
// Chrome refuse speak() before a gesture). It never covers the clock: a TV nobody taps keeps
// showing the clock, with the button at the bottom.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { UNLOCK_EVENTS, audio } from "../../ui/alerts";
import { report } from "../../sync/report";
import { speechAvailable } from "./useTvVoice";
import "./sound-gate.css";

let unlocked = false; // per page: a new layout or a remount does not ask again
// Whether the gate shows is decided once per page load. Asked again at a remount, the browser's
// sticky activation could say "allowed" after a gesture that never reached our listeners (a test
// driver's script counts as one), and the gate vanished untapped (a flaky TV test under load).
let shownAtLoad: boolean | null = null;

/** Inside the gesture: resume the audio and prime the speech; true once the page may sound. */
function unlockNow(): Promise<boolean> {
  if (speechAvailable()) {
    try {
      const u = new SpeechSynthesisUtterance(" ");
      u.volume = 0;
      window.speechSynthesis.speak(u);
    } catch (e) {
      report("tv.speech_prime", e);
    }
  }
  const a = audio(); // made and resumed inside the gesture
  if (!a) return Promise.resolve(speechAvailable());
  if (a.state === "running") return Promise.resolve(true);
  return a.resume().then(
    () => a.state === "running",
    (e) => {
      report("tv.audio_resume", e);
      return false;
    },
  );
}

/** The browser lets this page sound already (it had a gesture before: Chrome's sticky activation). */
function alreadyAllowed(): boolean {
  const activated = (navigator as any).userActivation?.hasBeenActive === true;
  const a = activated ? audio() : null;
  return !!a && a.state === "running";
}

/** `sound`, `voice`: what this TV may do now (useTvVoice). */
export function SoundGate(props: { sound: boolean; voice: boolean }) {
  useLang();
  const wanted = props.sound || props.voice;
  const possible = typeof window !== "undefined" && (speechAvailable() || !!((window as any).AudioContext || (window as any).webkitAudioContext));
  const [open, setOpen] = useState(() => {
    shownAtLoad ??= possible && !alreadyAllowed();
    return !unlocked && shownAtLoad;
  });
  useEffect(() => {
    if (!open || !wanted) return;
    let alive = true;
    const on = () => {
      void unlockNow().then((ok) => {
        if (!ok) return; // not counted as a gesture here: the next tap tries again
        unlocked = true;
        if (alive) setOpen(false);
      });
    };
    for (const type of UNLOCK_EVENTS) window.addEventListener(type, on, { capture: true, passive: true });
    return () => {
      alive = false;
      for (const type of UNLOCK_EVENTS) window.removeEventListener(type, on, true);
    };
  }, [open, wanted]);
  // what this screen does now, for the tests and a look in the inspector
  const state = <span hidden data-testid="tv-sound" data-sound={String(props.sound)} data-voice={String(props.voice)} />;
  if (!open || !wanted) return state;
  return (
    <>
      {state}
      <button type="button" class="sound-gate" data-testid="sound-gate">
      <svg class="sound-gate-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
      <span class="sound-gate-text">
        <strong>{t("voice.gate")}</strong>
        <span class="sound-gate-sub">{t("voice.gate_sub")}</span>
      </span>
      </button>
    </>
  );
}
