// The dealer's phone: one table, its seats and the hand on top, "Bust" on every seat, the clock a
// line while a hand is on. Each part is its own file, in a folder per thing a dealer does; the
// panels opened now and then (several out in one hand, chip count, side pots, a penalty, a refused
// bust, the time call's countdown) load after the first screen (lazyPanels.ts).
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { PushCard } from "../../ui/PushCard";
import { RejectedList } from "../../ui/Rejected";
import { useServerNow } from "../../ui/hooks";
import { useWakeLock } from "../../ui/wakeLock";
import type { OutboxEntry } from "../../sync/db";
import * as outbox from "../../sync/outbox";
import type { Seat } from "../../api/views";
import { useDealerTable } from "./useDealerTable";
import { queuedAtTable } from "./queued";
import { tableState } from "./tableState";
import { RefusedLink, UnknownTable } from "./RefusedLink";
import { BrokenTable } from "./BrokenTable";
import { ClockCard } from "./clock/ClockCard";
import { HaltBanner } from "./hand/HaltBanner";
import { RemovedStackNotes } from "./seats/RemovedStackNotes";
import { HandForHandBanner } from "./hand/HandForHandBanner";
import { HandCard } from "./hand/HandCard";
import { TimeCall } from "./clock/TimeCall";
import { SitOutCard } from "./penalties/SitOutCard";
import { SeatsCard } from "./seats/SeatsCard";
import { DealerTools, type Panel } from "./seats/DealerTools";
import { MovesCard } from "./seats/MovesCard";
import { TableBusts } from "./busts/TableBusts";
import { BustDialog } from "./busts/BustDialog";
import { BustToast, useBustToast } from "./busts/BustToast";
import { dealerPenalties } from "./hand/DealerRules";
import { ChipCountPanel, MultiBustPanel, PenaltyPanel, PotsPanel, RefusedBustPanel, preloadPanels } from "./lazyPanels";
import "./dealer.css";

export function Dealer(props: { token: string }) {
  useLang();
  const { token } = props;
  const { me, tid, tableNo, invalid, refusal, cachedNote, table, loaded, pub, mine, send } = useDealerTable(token);
  useWakeLock(true);
  const now = useServerNow(5000);
  const queued = queuedAtTable(mine);
  const [confirm, setConfirm] = useState<Seat | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const [warn, setWarn] = useState(false);
  const [picking, setPicking] = useState(false);
  const [clockOpen, setClockOpen] = useState(false);
  const at = tableState(table, tableNo, queued, now);
  const { seats, live, handNo, hstate, halt } = at;
  // While a hand is on, the clock is one line and the hand one row, so every seat's
  // Bust button is on the first screen; the full clock is a tap away (and back at the next hand).
  const handOn = Boolean(table) && !table?.broken && handNo > 0 && hstate === "off" && !halt && !picking && seats.length >= 2;
  const compact = handOn && !clockOpen;
  useEffect(() => setClockOpen(false), [handNo]);
  useEffect(() => (table ? preloadPanels() : undefined), [Boolean(table)]);
  const toast = useBustToast({ tid, token, table, pub, queue: mine });

  if (me.status === "invalid" || invalid) {
    const revoked = me.code === "revoked" || refusal?.error === "revoked";
    return <RefusedLink token={token} revoked={revoked} lostTable={me.tableNo ?? refusal?.table_no ?? tableNo} />;
  }
  if (!me.me) return <UnknownTable token={token} loading={me.status === "loading"} />;

  const clockCard = (
    <ClockCard pub={pub} compact={compact} handOn={handOn} broken={Boolean(table?.broken)} onOpen={() => setClockOpen(true)} onShrink={() => setClockOpen(false)} />
  );
  if (table?.broken) {
    return (
      <BrokenTable token={token} table={table} tableNo={tableNo!} cachedNote={cachedNote}>
        {clockCard}
      </BrokenTable>
    );
  }

  return (
    <Shell title={t("dealer.title", { n: tableNo ?? "?" })} class={`dealer ${handOn ? "is-hand-on" : ""} ${compact ? "is-compact" : ""}`} secure>
      {cachedNote && (table || pub) && <p class="offline-note">{cachedNote}</p>}
      <RejectedList
        filter={(e) => e.token === token}
        canEdit={(e) => e.type === "record_bust" || e.type === "chip_count"}
        onEdit={(e) => {
          setPanel(null);
          setEditing(e);
        }}
      />
      {editing?.type === "chip_count" && tableNo != null && (
        <ChipCountPanel
          key={editing.op_id}
          tableNo={tableNo}
          seats={live}
          initial={(editing.payload.stacks as Record<string, unknown>) ?? {}}
          lead={t("rejected.edit_count_lead")}
          onCancel={() => setEditing(null)}
          onSubmit={(payload) => {
            void outbox.resend(editing.op_id, payload, { table_no: tableNo });
            setEditing(null);
          }}
        />
      )}

      {halt && <HaltBanner halt={halt} />}
      {table?.note && (
        <section class="card table-note" data-testid="table-note" role="status">
          <p class="muted small">{t("cmdscreen.set_table_note.shown")}</p>
          <p>{table.note}</p>
        </section>
      )}
      <RemovedStackNotes stacks={table?.removed_stacks} />
      {hstate !== "off" && <HandForHandBanner hfh={at.hfh} state={hstate} doneQueued={queued.handDone} />}

      {compact && (
        <div class="dealer-topline">
          {clockCard}
          {table && <TimeCall presetId={pub?.preset_id} token={token} compact />}
        </div>
      )}

      {table && (
        <HandCard
          compact={handOn}
          table={table}
          seats={seats}
          hstate={hstate}
          halt={halt}
          redraw={at.redraw}
          picking={picking}
          setPicking={setPicking}
          pendingHands={queued.newHands}
          pendingButton={queued.button}
          pendingBusts={queued.busts}
          onNewHand={() => send("new_hand", { table_no: table.table_no })}
          onSetButton={(seat) => {
            send("set_button", { table_no: table.table_no, seat }, { seat });
            setPicking(false);
          }}
          onHandDone={() => send("hand_done", { table_no: table.table_no })}
        />
      )}

      {table && !compact && <TimeCall presetId={pub?.preset_id} token={token} />}
      {at.sitOut.length > 0 && <SitOutCard sitOut={at.sitOut} />}
      {!compact && clockCard}

      <SeatsCard
        table={table}
        tableNo={tableNo}
        at={at}
        queued={queued}
        handOn={handOn}
        loaded={loaded}
        picking={picking}
        onAway={(s, away) => send("set_away", { entry_id: s.entry_id, away }, { name: s.name, seat: s.seat })}
        onBust={setConfirm}
        onMoveButton={() => {
          setPicking(true);
          window.scrollTo({ top: 0, behavior: "smooth" });
        }}
      >
        {table && tableNo != null && panel === null && (
          <DealerTools
            live={live.length}
            countQueued={queued.chipCount}
            penaltiesQueued={queued.penalties}
            penalties={dealerPenalties(table).kinds.length > 1}
            onOpen={setPanel}
            onPenalty={() => setWarn(true)}
          />
        )}
      </SeatsCard>

      {at.moves.length > 0 && <MovesCard moves={at.moves} />}

      {panel === "multi" && tableNo != null && (
        <MultiBustPanel
          tableNo={tableNo}
          seats={live}
          onCancel={() => setPanel(null)}
          onSubmit={(payload, label) => {
            send("record_busts", payload, label);
            setPanel(null);
          }}
        />
      )}
      {panel === "pots" && <PotsPanel seats={live} button={table?.button ?? null} pub={pub ?? null} onClose={() => setPanel(null)} />}
      {panel === "count" && tableNo != null && (
        <ChipCountPanel
          tableNo={tableNo}
          seats={live}
          previous={table?.last_count}
          onCancel={() => setPanel(null)}
          onSubmit={(payload) => {
            send("chip_count", payload, { table_no: tableNo });
            setPanel(null);
          }}
        />
      )}

      {table?.busts?.length ? <TableBusts busts={table.busts} /> : null}

      <PushCard token={token} role="dealer" />

      {warn && (
        <PenaltyPanel
          seats={live}
          allowed={dealerPenalties(table)}
          onCancel={() => setWarn(false)}
          onSubmit={(s, payload) => {
            send("penalize", payload, { name: s.name, seat: s.seat });
            setWarn(false);
          }}
        />
      )}

      {editing?.type === "record_bust" && <RefusedBustPanel editing={editing} live={live} onDone={() => setEditing(null)} />}

      {confirm && (
        <BustDialog
          seat={confirm}
          seats={live}
          onCancel={() => setConfirm(null)}
          onConfirm={(by) => {
            const seat = confirm;
            const queuedBust = send(
              "record_bust",
              by ? { entry_id: seat.entry_id, eliminated_by: by.entry_id } : { entry_id: seat.entry_id },
              { name: seat.name, seat: seat.seat },
            );
            toast.show(seat, queuedBust);
            setConfirm(null);
          }}
        />
      )}
      <BustToast toast={toast} />
    </Shell>
  );
}
