// The director's tournament screen: the attention bar and the section tabs stay on
// top; below them one section — floor, players, clock, money, desk or tools — one tap apart.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { RejectedList, PendingList } from "../../../ui/Rejected";
import { useOutbox } from "../../../ui/hooks";
import * as outbox from "../../../sync/outbox";
import { setDirectorAuth } from "../../../sync/session";
import { report } from "../../../sync/report";
import { navigate } from "../../../router";
import { useDirectorTournament } from "../shared/useDirector";
import { VenueAlarms } from "../club/VenueCard";
import { useVenue } from "../club/venue";
import { usePreset, useClockAt, useReview, windowsAt } from "../shared/hooks";
import { attentionItems } from "./attention";
import { AttentionBar } from "./AttentionBar";
import { SectionTabs } from "./SectionTabs";
import { defaultSection, sectionFromHash, sectionHash, type SectionId } from "./sections";
import { FloorSection } from "../floor/FloorSection";
import { PlayersSection } from "../players/PlayersSection";
import { ClockSection } from "../clock/ClockSection";
import { MoneySection } from "../money/MoneySection";
import { DeskSection } from "../desk/DeskSection";
import { ToolsSection } from "../tools/ToolsSection";
import { PushCard } from "../../../ui/PushCard";
import { MomentBanner } from "../../../ui/Moments";
import { RemovedStacks } from "../moments/RemovedStacks";
import { pendingOf, type Bust, type DirCtx, type Entry, type Table } from "../shared/types";
import "./sections.css";

const LAST = (tid: string) => `pokerfloor.director.section.${tid}`;

/** The section in the hash (#/director/<tid>/<section>), else the last one of this tab, else null. */
function useSection(tid: string): [SectionId | null, (s: SectionId) => void] {
  const read = () => {
    const s = sectionFromHash(location.hash, tid);
    if (s) return s;
    try {
      return sectionFromHash(`#/director/${tid}/${sessionStorage.getItem(LAST(tid)) ?? ""}`, tid);
    } catch (e) {
      report("director.section_read", e); // no storage (private mode): the first section
      return null;
    }
  };
  const [s, set] = useState<SectionId | null>(read);
  useEffect(() => {
    const on = () => set(read());
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, [tid]);
  const select = (next: SectionId) => {
    // Replace, not push: switching sections is no step "back" should undo; a reload returns here.
    history.replaceState(history.state, "", sectionHash(tid, next));
    try {
      sessionStorage.setItem(LAST(tid), next);
    } catch (e) {
      report("director.section_save", e); // no storage (private mode): a reload opens the first section
    }
    set(next);
    window.scrollTo({ top: 0 });
  };
  return [s, select];
}

/** The sticky block sits under the (sticky) top bar, whose height changes with its notices. */
function useTopbarHeight() {
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>(".topbar");
    if (!bar || typeof ResizeObserver === "undefined") return;
    const set = () => document.documentElement.style.setProperty("--topbar-h", `${bar.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(bar);
    return () => ro.disconnect();
  }, []);
}

export function DirectorTournament(props: { tid: string }) {
  const lang = useLang();
  const { tid } = props;
  const { token, me, invalid, dview, pview, view, loaded } = useDirectorTournament(tid);
  // An observer sees every section as a director does; every control is disabled
  // (one fieldset), and the server refuses what he might send anyway.
  const observer = me?.access === "observer";
  const venue = useVenue(token);
  const review = useReview(tid, token, lang);
  const preset = usePreset(view?.preset_id, token);
  const at = useClockAt(view);
  const [chosen, select] = useSection(tid);
  useTopbarHeight();
  const queue = useOutbox();
  const mine = queue.filter((e) => String(e.tournament_id) === String(tid));

  useEffect(() => {
    if (invalid) void setDirectorAuth(null).then(() => navigate("/login"));
  }, [invalid]);

  // A seat released at the check-in deadline (N-3.6) is no entry any more: the desk lists those.
  const entries: Entry[] = (dview?.entries ?? []).filter((e: { status: string }) => e.status !== "released");
  const tables: Table[] = dview?.tables ?? [];
  const busts: Bust[] = dview?.busts ?? [];
  const drawQueued = mine.some((e) => e.state === "pending" && e.type === "draw_seats");
  // Decided only from a view (cached or fetched): deciding "open" before it arrives and flipping
  // afterwards re-created the desk's form under a director already typing a name.
  const registrationOpen = !drawQueued && !!view && (view.status === "new" || view.status === "registering");
  const lateOpen = !registrationOpen && !!preset.format?.late_seat && view?.status !== "finished";
  const section: SectionId = chosen ?? defaultSection(registrationOpen);

  const ctx: DirCtx = {
    tid,
    token,
    dview,
    pview,
    view,
    entries,
    tables,
    busts,
    mine,
    pending: pendingOf(mine),
    send: (type, payload, label) => {
      if (token) void outbox.enqueue({ tournament_id: Number(tid), type, payload, token, label });
    },
    preset,
    windows: windowsAt(view, at),
    finished: view?.status === "finished",
    registrationOpen,
    lateOpen,
  };
  const items = attentionItems(dview, { review: review?.count ?? 0, clockStatus: at?.status ?? null });

  return (
    <Shell title={view?.name ?? `#${tid}`} back={{ href: "#/director", label: t("director.all_tournaments") }} class="director" secure>
      <VenueAlarms venue={venue} />
      {observer && (
        <p class="card observer-banner" role="status" data-testid="observer-banner">
          {t("club.observer_banner")}
        </p>
      )}
      <div class="dir-sticky" data-section={section}>
        <fieldset class="observer-lock" disabled={observer}>
          <AttentionBar ctx={ctx} items={items} onOpen={select} />
        </fieldset>
        <SectionTabs tid={tid} current={section} items={items} onSelect={select} />
      </div>
      <RejectedList filter={(e) => String(e.tournament_id) === String(tid)} />
      <PendingList filter={(e) => String(e.tournament_id) === String(tid)} />
      {!view && loaded && <p class="card muted">{t("common.no_data")}</p>}
      {/* The room's moment while new (the attention bar holds what to do), and the stacks to count (N-3.2) */}
      <MomentBanner moments={view?.moments} playersLeft={view?.players_left ?? 0} audience="director" only="new" />
      <fieldset class="observer-lock" disabled={observer}>
        <RemovedStacks
          stacks={dview?.removed_stacks}
          pending={new Set(mine.filter((e) => e.state === "pending" && e.type === "count_removed_stack").map((e) => Number(e.payload.entry_id)))}
          send={ctx.send}
        />
      </fieldset>
      {observer && section === "tools" && token && <PushCard token={token} role="director" tid={Number(tid)} />}
      <fieldset class="dir-section observer-lock" disabled={observer} data-testid={`section-body-${section}`} data-section={section}>
        {section === "floor" && <FloorSection ctx={ctx} />}
        {section === "players" && <PlayersSection ctx={ctx} />}
        {section === "clock" && <ClockSection ctx={ctx} />}
        {section === "money" && <MoneySection ctx={ctx} />}
        {section === "desk" && <DeskSection ctx={ctx} />}
        {section === "tools" && <ToolsSection ctx={ctx} review={review} venue={venue} me={me} />}
      </fieldset>
    </Shell>
  );
}
