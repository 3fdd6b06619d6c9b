import { useEffect, useState } from "preact/hooks";
import { report } from "../sync/report";

/** Keep the screen on while mounted (Screen Wake Lock API), re-acquired when visible again. */
export function useWakeLock(enabled = true): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const wl = (navigator as any).wakeLock;
    if (!wl?.request) return;
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
        setActive(true);
        sentinel.addEventListener?.("release", () => {
          sentinel = null;
          if (alive) setActive(false);
        });
      } catch (e) {
        report("wakeLock.request", e); // refused (battery saver, not visible): tried again when visible
        setActive(false);
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
  return active;
}
