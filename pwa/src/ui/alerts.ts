// Level changes and time calls: a short tone and a vibration where the device allows it.
import { report } from "../sync/report";

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
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

/** Unlock audio on the first user gesture (browsers block autoplay). */
export function primeAudio(): void {
  const once = () => {
    audio();
    window.removeEventListener("pointerdown", once);
    window.removeEventListener("keydown", once);
  };
  window.addEventListener("pointerdown", once);
  window.addEventListener("keydown", once);
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
