// The dealer's panels opened now and then, in one chunk of their own (panels.ts): the first screen
// (the seats, the hand, "Bust") loads without them, and they are fetched once it is up
// (docs/bundles.md). The service worker precaches every chunk, so a phone reloaded offline still
// opens each one.
import { lazy } from "../../ui/lazy";

const panels = () => import("./panels");

export const MultiBustPanel = lazy(() => panels().then((m) => m.MultiBust), "dealer.multi_bust");
export const ChipCountPanel = lazy(() => panels().then((m) => m.ChipCount), "dealer.chip_count");
export const PotsPanel = lazy(() => panels().then((m) => m.DealerPotsNow), "dealer.pots");
export const PenaltyPanel = lazy(() => panels().then((m) => m.DealerPenaltyDialog), "dealer.penalty");
export const RefusedBustPanel = lazy(() => panels().then((m) => m.RefusedBustEdit), "dealer.refused_bust");
export const TimeCountdownPanel = lazy(() => panels().then((m) => m.TimeCountdown), "dealer.time_call");

const PANELS = [MultiBustPanel, ChipCountPanel, PotsPanel, PenaltyPanel, RefusedBustPanel, TimeCountdownPanel];

/** Fetch the panels once the phone is idle after the first screen, so none opens with a loading line. */
export function preloadPanels(): () => void {
  const load = () => PANELS.forEach((p) => void p.preload());
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 1000);
  return () => clearTimeout(id);
}
