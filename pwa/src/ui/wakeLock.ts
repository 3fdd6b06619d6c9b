import { useEffect, useState } from "preact/hooks";
import { report } from "../sync/report";

export interface WakeLockState {
  /** The screen is held on right now. */
  active: boolean;
  /** The browser has no Screen Wake Lock, or refused it while the page was visible (older iOS,
   * in home-screen mode above all): the phone's own screen lock decides, so the screen says how. */
  failed: boolean;
}

/** Keep the screen on while mounted (Screen Wake Lock API), re-acquired when visible again. */
export function useWakeLock(enabled = true): WakeLockState {
  const [state, setState] = useState<WakeLockState>({ active: false, failed: false });
  useEffect(() => {
    if (!enabled) return;
    const wl = (navigator as any).wakeLock;
    if (!wl?.request) {
      setState({ active: false, failed: true });
      return;
    }
    let sentinel: any = null;
    let alive = true;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || sentinel) return;
      try {
        sentinel = await wl.request("screen");
        if (!alive) {
          sentinel.release();
          return;
        }
        setState({ active: true, failed: false });
        sentinel.addEventListener?.("release", () => {
          sentinel = null;
          if (alive) setState((s) => ({ ...s, active: false }));
        });
      } catch (e) {
        report("wakeLock.request", e); // refused (battery saver, not visible): tried again when visible
        if (alive) setState({ active: false, failed: document.visibilityState === "visible" });
      }
    };
    const onVis = () => void acquire();
    document.addEventListener("visibilitychange", onVis);
    void acquire();
    return () => {
      alive = false;
      document.removeEventListener("visibilitychange", onVis);
      sentinel?.release?.().catch?.((e: unknown) => report("wakeLock.release", e));
    };
  }, [enabled]);
  return state;
}
