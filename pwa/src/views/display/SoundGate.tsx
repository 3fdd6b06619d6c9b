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

export function SoundGate(props: { wanted: boolean }) {
  useLang();
  const possible = typeof window !== "undefined" && (speechAvailable() || !!((window as any).AudioContext || (window as any).webkitAudioContext));
  const [open, setOpen] = useState(() => !unlocked && possible && !alreadyAllowed());
  useEffect(() => {
    if (!open || !props.wanted) return;
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
  }, [open, props.wanted]);
  if (!open || !props.wanted) return null;
  return (
    <button type="button" class="sound-gate" data-testid="sound-gate">
      <span class="sound-gate-icon" aria-hidden="true">
        🔊
      </span>
      <span class="sound-gate-text">
        <strong>{t("voice.gate")}</strong>
        <span class="sound-gate-sub">{t("voice.gate_sub")}</span>
      </span>
    </button>
  );
}
