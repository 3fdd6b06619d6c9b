import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import { withRule } from "../../../ui/reasons";
import type * as api from "../../../api/views";
import type { DirCtx, Entry } from "../shared/types";

type Plan = NonNullable<NonNullable<api.DirectorView["draw"]>["plan"]>;

/** Why the proposal: the seats a table holds, the break rule that would empty a table more, the room. */
export function planReasons(plan: Plan): string[] {
  const out = [withRule(t("draw.why_per_table", { n: plan.per_table }), plan.per_table_rule ?? "")];
  if (plan.one_more_breaks) {
    out.push(withRule(t("draw.why_break", { players: plan.players, tables: plan.tables, more: plan.tables + 1 }), plan.break_rule));
  }
  if (plan.max_tables != null) out.push(withRule(t("draw.why_room", { n: plan.max_tables }), plan.max_tables_rule ?? ""));
  return out;
}

export function sizesText(sizes: number[]): string {
  return sizes.join(" · ");
}

/** The seat draw before the clock starts: the number of tables the preset's rules keep (and why),
 * a confirm step that says what happens, another count for a director who knows better, and the
 * seats that stay free for wheelchairs (S-#3). Also the redraw until the clock starts. */
export function DrawForm(props: { ctx: DirCtx; redraw?: boolean }) {
  useLang();
  const { ctx } = props;
  const plan = ctx.dview?.draw?.plan ?? null;
  const [other, setOther] = useState(false);
  const [tablesN, setTablesN] = useState<string>("");
  const [accessibleSeats, setAccessibleSeats] = useState("");
  const [asking, setAsking] = useState<number | null>(null);
  const [giving, setGiving] = useState(false);
  const queued = ctx.mine.some((e) => e.state === "pending" && e.type === "draw_seats");
  // N-3.6: moved up from the waiting list, not checked in: the draw gives these places up.
  const losing: Entry[] = ctx.entries.filter((e) => e.status === "active" && (e as { pays_at_check_in?: boolean }).pays_at_check_in);
  const waiting = (ctx.dview?.registration?.waiting ?? []) as { name: string; wait_id: number }[];
  if (!plan) {
    return props.redraw ? null : (
      <section class="card" id="draw">
        <h2>{t("draw.title")}</h2>
        <p class="muted" data-testid="draw-none">{t("draw.too_few")}</p>
      </section>
    );
  }
  const chosen = other && tablesN ? parseInt(tablesN, 10) : plan.tables;

  function draw(n: number) {
    const seats = accessibleSeats
      .split(/[^0-9]+/)
      .map((x) => parseInt(x, 10))
      .filter((x) => Number.isFinite(x) && x >= 1 && x <= 30);
    ctx.send("draw_seats", seats.length ? { tables: n, accessible_seats: [...new Set(seats)] } : { tables: n }, { n });
    setAsking(null);
  }

  return (
    <section class="card form draw-card" id="draw" data-testid="draw-card" aria-labelledby="draw-h">
      <h2 id="draw-h">{props.redraw ? t("draw.again_title") : t("draw.title")}</h2>
      <p class="draw-plan" data-testid="draw-plan" data-tables={plan.tables} data-players={plan.players}>
        <strong>{t("draw.plan", { players: plan.players, tables: plan.tables })}</strong>
        <span class="muted"> ({sizesText(plan.sizes)})</span>
      </p>
      <ul class="draw-why muted small" data-testid="draw-why">
        {planReasons(plan).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {!props.redraw && losing.length > 0 && (
        <div class="draw-losing" data-testid="draw-losing" role="status">
          <p class="small">{withRule(t("draw.losing", { names: losing.map((e) => e.name).join(", ") }), ctx.dview?.registration?.cite?.check_in ?? "")}</p>
          {waiting.length > 0 && (
            <button type="button" class="btn btn-secondary btn-block" data-testid="draw-give-place" onClick={() => setGiving(true)}>
              {t("draw.give_place", { from: losing[0].name, to: waiting[0].name })}
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        class={`btn btn-block btn-huge ${props.redraw ? "btn-secondary" : "btn-primary"}`}
        data-testid="draw-submit"
        disabled={queued || !Number.isFinite(chosen) || chosen < 1}
        onClick={() => setAsking(chosen)}
      >
        {props.redraw ? t("draw.again", { n: chosen }) : t("draw.submit_n", { n: chosen })}
      </button>
      <details class="draw-other" open={other} onToggle={(e) => setOther((e.target as HTMLDetailsElement).open)}>
        <summary data-testid="draw-other">{t("draw.other")}</summary>
        <label class="field field-inline">
          <span>{t("draw.tables")}</span>
          <input
            data-testid="draw-tables"
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            value={tablesN}
            placeholder={String(plan.tables)}
            onInput={(e) => setTablesN((e.target as HTMLInputElement).value)}
          />
        </label>
        <label class="field field-inline">
          <span>{t("draw.accessible_seats")}</span>
          <input
            data-testid="draw-accessible-seats"
            type="text"
            inputMode="numeric"
            placeholder="1"
            value={accessibleSeats}
            onInput={(e) => setAccessibleSeats((e.target as HTMLInputElement).value)}
          />
        </label>
      </details>
      {asking != null && (
        <Confirm
          title={props.redraw ? t("draw.again_confirm_title", { n: asking }) : t("draw.confirm_title", { players: plan.players, n: asking })}
          text={props.redraw ? t("draw.again_confirm_text") : t("draw.confirm_text")}
          confirmLabel={props.redraw ? t("draw.again", { n: asking }) : t("draw.submit_n", { n: asking })}
          danger={props.redraw}
          testid="draw-confirm"
          onCancel={() => setAsking(null)}
          onConfirm={() => draw(asking)}
        >
          {asking !== plan.tables && <p class="warn small" data-testid="draw-confirm-other">{t("draw.confirm_other", { n: plan.tables })}</p>}
          {!props.redraw && losing.length > 0 && <p class="small">{t("draw.losing", { names: losing.map((e) => e.name).join(", ") })}</p>}
        </Confirm>
      )}
      {giving && losing.length > 0 && waiting.length > 0 && (
        <Confirm
          title={t("draw.give_place", { from: losing[0].name, to: waiting[0].name })}
          text={ctx.dview?.registration?.id_check ? t("draw.give_place_id", { name: waiting[0].name }) : t("draw.give_place_text", { name: waiting[0].name })}
          confirmLabel={t("draw.give_place_ok")}
          testid="draw-give-place-confirm"
          onCancel={() => setGiving(false)}
          onConfirm={() => {
            ctx.send("remove_registration", { entry_id: losing[0].entry_id }, { name: losing[0].name });
            ctx.send("promote_waiting", ctx.dview?.registration?.id_check ? { id_checked: true } : {}, { name: waiting[0].name });
            setGiving(false);
          }}
        />
      )}
    </section>
  );
}
