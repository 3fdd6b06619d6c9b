import { useMemo, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import type { EntryAction } from "../../../money/money";
import type { PenaltyKind } from "../../../money/penalties";
import { useServerNow } from "../../../ui/hooks";
import { BustConfirm } from "./BustConfirm";
import { EntryActionDialog } from "./EntryActionDialog";
import { EntryRow, type PenMode } from "./EntryRow";
import { PenaltyDialog } from "./PenaltyDialog";
import { WildCardDialog } from "./WildCardDialog";
import type { DirCtx, Entry } from "../shared/types";

function sortEntries(list: Entry[]): Entry[] {
  return [...list].sort((a, b) => {
    if (a.status !== b.status) return a.status === "active" ? -1 : 1;
    if (a.status === "busted") return (a.place ?? 0) - (b.place ?? 0);
    return a.entry_id - b.entry_id;
  });
}

/** Every entry (pending registrations first), each with Bust and its actions and their dialogs. */
export function EntriesCard(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const { entries, tables, send, preset } = ctx;
  const serverNow = useServerNow(15000);
  const [open, setOpen] = useState<number | null>(null);
  const [action, setAction] = useState<{ e: Entry; a: EntryAction } | null>(null);
  const [pen, setPen] = useState<{ e: Entry; mode: PenMode } | null>(null);
  const [bust, setBust] = useState<Entry | null>(null);
  const penaltyKinds = (preset.penalties?.options ?? []).filter((k) => k !== "disqualification") as PenaltyKind[];
  // S-#46: the seats someone sits in now; a busted player's seat outside it is free for an alternate.
  const taken = useMemo(() => new Set(tables.flatMap((tb) => (tb.broken ? [] : tb.seats.map((x) => `${tb.table_no}:${x.seat}`)))), [tables]);
  const seatFree = (e: Entry) => e.table_no != null && e.seat != null && !taken.has(`${e.table_no}:${e.seat}`);
  const nameOf = (id: number | null | undefined) => entries.find((x) => x.entry_id === id)?.name ?? (id != null ? `#${id}` : "");
  const closeAll = () => {
    setPen(null);
    setOpen(null);
  };

  return (
    <section class="card" id="entries" aria-labelledby="entries-h">
      <h2 id="entries-h">{t("entries.title", { n: entries.length })}</h2>
      {entries.length === 0 && ctx.pending.regs.length === 0 && <p class="muted">{t("entries.none")}</p>}
      <ul class="entries">
        {ctx.pending.regs.map((e) => (
          <li class="entry-row is-pending" key={e.op_id}>
            <span class="entry-name">{String(e.payload.name)}</span>
            <span class="tag tag-pending">{t("common.pending")}</span>
          </li>
        ))}
        {sortEntries(entries).map((e) => (
          <EntryRow
            key={e.entry_id}
            e={e}
            ctx={ctx}
            serverNow={serverNow}
            seatFree={seatFree(e)}
            hasPenalties={penaltyKinds.length > 0}
            isOpen={open === e.entry_id}
            onToggle={() => setOpen(open === e.entry_id ? null : e.entry_id)}
            onBust={() => setBust(e)}
            onAction={(a) => setAction({ e, a })}
            onPen={(mode) => setPen({ e, mode })}
            nameOf={nameOf}
          />
        ))}
      </ul>

      {bust && <BustConfirm who={bust} send={send} onClose={() => setBust(null)} />}
      {action && (
        <EntryActionDialog
          entry={action.e}
          action={action.a}
          send={send}
          onClose={() => {
            setAction(null);
            setOpen(null);
          }}
        />
      )}
      {pen?.mode === "penalize" && (
        <PenaltyDialog
          entry={pen.e}
          kinds={penaltyKinds}
          orbits={preset.penalties?.orbits ?? []}
          players={tables.find((tb) => tb.table_no === pen.e.table_no)?.seats.length ?? null}
          onCancel={() => setPen(null)}
          onSubmit={(payload) => {
            send("penalize", payload, { name: pen.e.name });
            closeAll();
          }}
        />
      )}
      {pen?.mode === "lift" && (
        <Confirm
          title={t("penalty.lift_title", { name: pen.e.name })}
          text={t("penalty.lift_text")}
          confirmLabel={t("entry.lift")}
          testid="penalty-lift-confirm"
          onCancel={() => setPen(null)}
          onConfirm={() => {
            send("lift_penalty", { entry_id: pen.e.entry_id }, { name: pen.e.name });
            closeAll();
          }}
        />
      )}
      {pen?.mode === "wild" && (
        <WildCardDialog
          entry={pen.e}
          format={preset.format}
          onCancel={() => setPen(null)}
          onSubmit={(as) => {
            send("use_wild_card", { entry_id: pen.e.entry_id, as }, { name: pen.e.name });
            closeAll();
          }}
        />
      )}
    </section>
  );
}
