// Level changes and time calls: a short tone and a vibration where the device allows it.
import { report } from "../sync/report";

let ctx: AudioContext | null = null;

/** The page's one AudioContext (made at the first call), resumed where it is suspended. */
export function audio(): AudioContext | null {
  try {
    if (!ctx) {
      const AC = (window as any).AudioContext || (window as any).webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
    }
    if (ctx && ctx.state === "suspended") void ctx.resume();
    return ctx;
  } catch (e) {
    report("alerts.audio", e); // no sound: the vibration and the screen still tell
    return null;
  }
}

/** The events WebKit (every iPhone browser) accepts as a user gesture for sound: a tap ends in
 * touchend and click. A touch's pointerdown is not one there (HTML's activation-triggering events:
 * pointerdown only from a mouse), so unlocking on it left iPhones silent. */
export const UNLOCK_EVENTS = ["touchend", "click", "keydown"] as const;

/** Unlock audio on a user gesture (browsers block sound until one), trying at every tap until the
 * sound runs: a first attempt the browser did not count must not end the listening. */
export function primeAudio(target: EventTarget = window): void {
  const stop = () => {
    for (const type of UNLOCK_EVENTS) target.removeEventListener(type, unlock, true);
  };
  function unlock() {
    const a = audio();
    if (!a) return stop(); // no Web Audio here: nothing to unlock
    if (a.state === "running") stop();
    else a.resume().then(() => a.state === "running" && stop(), (e) => report("alerts.resume", e));
  }
  for (const type of UNLOCK_EVENTS) target.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Tests only. */
export function _resetAudio(): void {
  ctx = null;
}

export function beep(times = 1, freq = 880): void {
  const a = audio();
  if (!a) return;
  for (let i = 0; i < times; i++) {
    const start = a.currentTime + i * 0.35;
    const o = a.createOscillator();
    const g = a.createGain();
    o.frequency.value = freq;
    o.type = "sine";
    g.gain.setValueAtTime(0.0001, start);
    g.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    o.connect(g).connect(a.destination);
    o.start(start);
    o.stop(start + 0.3);
  }
}

export function vibrate(pattern: number | number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch (e) {
    report("alerts.vibrate", e);
  }
}

export function levelChangeAlert(): void {
  beep(3, 988);
  vibrate([200, 100, 200]);
}

export function warningAlert(): void {
  beep(1, 660);
  vibrate(150);
}
