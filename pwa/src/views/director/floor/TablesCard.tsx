import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { BustConfirm } from "../players/BustConfirm";
import type { DirCtx, Send } from "../shared/types";

/** Each table's seats with a Bust per player: busting by table, as the floor walks the room;
 * folded (the map above shows the tables; the Players section busts by name). */
export function TablesCard(props: { ctx: DirCtx }) {
  useLang();
  const { tables, pending, send } = props.ctx;
  const [bust, setBust] = useState<{ entry_id: number; name: string } | null>(null);
  return (
    <details class="card fold" id="tables" data-testid="tables-fold">
      <summary id="tables-h">{t("tables.title")}</summary>
      {tables.length === 0 ? (
        <p class="muted">{t("tables.none")}</p>
      ) : (
        <div class="tables">
          {tables.map((tb) => (
            <div class={`table-card ${tb.broken ? "is-broken" : ""}`} key={tb.table_no} data-testid={`table-card-${tb.table_no}`}>
              <h3>
                {t("tables.table", { n: tb.table_no })} <span class="muted small">({tb.seats.length}/{tb.max_seats})</span>
                {tb.broken && <span class="tag tag-finished">{t("floor.broken")}</span>}
              </h3>
              <ul class="seats-mini">
                {[...tb.seats]
                  .sort((a, b) => a.seat - b.seat)
                  .map((s) => {
                    const pend = pending.busts.has(s.entry_id);
                    return (
                      <li key={s.seat} class={pend ? "is-pending" : ""}>
                        <span class="seat-no">{s.seat}</span>
                        <span class="seat-name">{s.name}</span>
                        {pend ? (
                          <span class="tag tag-pending">{t("common.pending")}</span>
                        ) : (
                          <button type="button" class="btn btn-danger btn-small" data-testid={`table-bust-${s.entry_id}`} onClick={() => setBust({ entry_id: s.entry_id, name: s.name })}>
                            {t("bust.button")}
                          </button>
                        )}
                      </li>
                    );
                  })}
              </ul>
              {!tb.broken && <TableNote tableNo={tb.table_no} note={tb.note} send={send} />}
            </div>
          ))}
        </div>
      )}
      {bust && <BustConfirm who={bust} send={send} onClose={() => setBust(null)} />}
    </details>
  );
}

/** The director's short note to this table's dealer (set_table_note): shown on the table's phone. */
function TableNote(props: { tableNo: number; note: string | null; send: Send }) {
  const [text, setText] = useState(props.note ?? "");
  const id = `table-note-${props.tableNo}`;
  const save = (value: string | null) => props.send("set_table_note", { table_no: props.tableNo, text: value });
  return (
    <form
      class="table-note"
      onSubmit={(e) => {
        e.preventDefault();
        save(text.trim() || null);
      }}
    >
      <label for={id}>{t("cmdscreen.set_table_note.label")}</label>
      <input id={id} data-testid={id} maxLength={140} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-describedby={`${id}-hint`} />
      <p class="muted small" id={`${id}-hint`}>{t("cmdscreen.set_table_note.hint")}</p>
      <button type="submit" class="btn btn-small" data-testid={`${id}-save`}>{t("cmdscreen.set_table_note.save")}</button>{" "}
      {props.note && (
        <button type="button" class="btn btn-small" data-testid={`${id}-clear`} onClick={() => { setText(""); save(null); }}>
          {t("cmdscreen.set_table_note.clear")}
        </button>
      )}
    </form>
  );
}
