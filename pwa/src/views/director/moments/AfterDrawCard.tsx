import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import { DrawForm, sizesText } from "./DrawForm";
import { openPrintWindow, showPrintout, type PrintKind } from "../shared/printout";
import type { DirCtx } from "../shared/types";

/** The desk between the draw and the first card: what was drawn, the printouts the room needs,
 * the clock's start (it asks first), and a redraw while nothing has been played. */
export function AfterDrawCard(props: { ctx: DirCtx; start?: boolean }) {
  const lang = useLang();
  const { ctx } = props;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tables = ctx.tables.filter((tb) => !tb.broken);
  const started = ctx.mine.some((e) => e.state === "pending" && e.type === "start_clock");
  const first = (ctx.view?.structure ?? [])[0] as { sb?: number; bb?: number; minutes?: number } | undefined;

  async function print(kind: PrintKind) {
    if (!ctx.token) return;
    setError(null);
    const win = openPrintWindow();
    const failed = await showPrintout(win, { tid: ctx.tid, token: ctx.token, kind, lang });
    if (failed) setError(t("download.failed", { message: failed.status === 0 ? t("common.network_error") : failed.message }));
  }

  return (
    <>
      <section class="card next-steps" data-testid="after-draw" aria-labelledby="after-draw-h">
        <h2 id="after-draw-h">{t("afterdraw.title")}</h2>
        <p data-testid="after-draw-tables" data-tables={tables.length}>
          {t("afterdraw.drawn", { tables: tables.length, players: tables.reduce((n, tb) => n + tb.seats.length, 0) })}{" "}
          <span class="muted">({sizesText(tables.map((tb) => tb.seats.length))})</span>
        </p>
        <div class="tools-actions">
          <button type="button" class="btn btn-secondary" data-testid="after-draw-seat-cards" onClick={() => void print("seat-cards")}>
            {t("printouts.seat_cards")}
          </button>
          <button type="button" class="btn btn-secondary" data-testid="after-draw-table-sheets" onClick={() => void print("table-sheets")}>
            {t("printouts.table_sheets")}
          </button>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {props.start !== false && (
          <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="after-draw-start" disabled={started} onClick={() => setStarting(true)}>
            {t("clock.start")}
          </button>
        )}
      </section>
      {ctx.dview?.draw?.redraw && <DrawForm ctx={ctx} redraw />}
      {starting && (
        <StartClockConfirm
          level={first}
          onCancel={() => setStarting(false)}
          onConfirm={() => {
            ctx.send("start_clock", {});
            setStarting(false);
          }}
        />
      )}
    </>
  );
}

/** Starting the clock moves every phone and the TV: it asks once, saying which level begins. */
export function StartClockConfirm(props: { level?: { sb?: number; bb?: number; minutes?: number }; onCancel: () => void; onConfirm: () => void }) {
  const l = props.level;
  return (
    <Confirm
      title={t("clock.start_title")}
      text={l?.sb != null ? t("clock.start_text", { sb: l.sb, bb: l.bb ?? "", minutes: l.minutes ?? "" }) : t("clock.start_text_plain")}
      confirmLabel={t("clock.start")}
      testid="clock-start-confirm"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
