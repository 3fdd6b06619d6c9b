import type { OutboxEntry } from "../../../sync/db";
import { t, useLang, formatNumber } from "../../../i18n";
import { ClockView } from "../../../ui/Clock";
import { useClockState } from "../../../ui/useClockState";
import type { StructureEntry } from "../../../clock/clock";
import { ClockControls } from "./ClockControls";
import { AfterDrawCard } from "../moments/AfterDrawCard";
import { OverCard } from "../moments/OverCard";
import { PicturesCard } from "./Pictures";
import { TvSoundCard } from "./TvSound";
import { AnnounceCard } from "./AnnounceCard";
import type { DirCtx, Send } from "../shared/types";

/** The clock and its controls: only this part re-renders with every tick. */
function DirectorClock(props: { view: any; pending: OutboxEntry[]; send: Send }) {
  const structure: StructureEntry[] = props.view?.structure ?? [];
  const m = useClockState(structure, props.view?.clock, { rules: props.view?.clock_rules });
  return (
    <>
      <ClockView m={m} size="big" />
      <ClockControls m={m} structure={structure} serverStatus={props.view?.clock?.status ?? "idle"} pending={props.pending} send={props.send} />
    </>
  );
}

/** The clock section: the clock, its controls, the structure, the field's numbers and charts. */
export function ClockSection(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const { view, tid } = ctx;
  const active = ctx.entries.filter((e) => e.status === "active").length;
  const seated = !ctx.registrationOpen && view?.status === "seated"; // drawn, the clock not started yet
  return (
    <>
      <OverCard ctx={ctx} />
      {seated && <AfterDrawCard ctx={ctx} start={false} />}
      <section class="card clock-card">
        <DirectorClock view={view} pending={ctx.mine} send={ctx.send} />
        <a class="btn btn-ghost btn-block structure-link" href={`#/director/${tid}/structure`} data-testid="structure-link">
          {t("structure.link")} ›
        </a>
        {view && (
          <div class="stats">
            <div>
              <span class="muted">{t("player.left")}</span> <strong>{view.players_left ?? active}</strong>
            </div>
            <div>
              <span class="muted">{t("player.entries")}</span> <strong>{view.entries_total ?? ctx.entries.length}</strong>
            </div>
            <div>
              <span class="muted">{t("display.avg_stack")}</span> <strong>{formatNumber(view.average_stack)}</strong>
            </div>
          </div>
        )}
      </section>
      <AnnounceCard view={ctx.view} send={ctx.send} disabled={ctx.finished} />
      {/* the players-left history comes with the public view (the director's pushes leave it out) */}
      <TvSoundCard ctx={ctx} />
      {view && !ctx.registrationOpen && <PicturesCard view={ctx.dview} history={ctx.pview?.players_history} tid={tid} token={ctx.token} />}
    </>
  );
}
