import { useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import type { DirCtx } from "./types";

/** The draw: how many tables (suggested from the field), which seats stay free for wheelchairs. */
export function DrawForm(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const [tablesN, setTablesN] = useState<string>("");
  const [accessibleSeats, setAccessibleSeats] = useState("");
  const active = ctx.entries.filter((e) => e.status === "active").length;
  const suggested = Math.max(1, Math.ceil((active + ctx.pending.regs.length) / 9));

  function draw(e: Event) {
    e.preventDefault();
    const n = parseInt(tablesN || String(suggested), 10);
    if (!Number.isFinite(n) || n < 1) return;
    const seats = accessibleSeats
      .split(/[^0-9]+/)
      .map((x) => parseInt(x, 10))
      .filter((x) => Number.isFinite(x) && x >= 1 && x <= 30);
    ctx.send("draw_seats", seats.length ? { tables: n, accessible_seats: [...new Set(seats)] } : { tables: n });
  }

  return (
    <form class="card form" id="draw" onSubmit={draw}>
      <h2>{t("draw.title")}</h2>
      <div class="row">
        <label class="field field-inline">
          <span>{t("draw.tables")}</span>
          <input
            data-testid="draw-tables"
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            value={tablesN}
            placeholder={String(suggested)}
            onInput={(e) => setTablesN((e.target as HTMLInputElement).value)}
          />
        </label>
        <button class="btn btn-primary" type="submit" data-testid="draw-submit">
          {t("draw.submit")}
        </button>
      </div>
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
    </form>
  );
}
