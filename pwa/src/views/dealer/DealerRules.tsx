// House rules on the dealer's phone that come from the table view:
// - P-Spielverlauf: a newcomer posts the big blind in his first hand ("Seat 4 (new) posts the big
//   blind this hand"), announced before that hand as "next hand";
// - S-#36: the penalties this table's dealer may give (`dealer_penalties`), else a warning only.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { Confirm } from "../../ui/Confirm";

interface NewBigBlind {
  seat: number;
  entry_id: number;
  name: string;
}

function lines(v: unknown): NewBigBlind[] {
  return Array.isArray(v) ? (v as NewBigBlind[]) : [];
}

/** On the hand card: who posts his first big blind in this hand, and who will in the next one. */
export function NewBigBlindLines(props: { table: Record<string, any> | null | undefined }) {
  const now = lines(props.table?.new_big_blinds);
  const next = lines(props.table?.owes_big_blind);
  if (!now.length && !next.length) return null;
  const row = (l: NewBigBlind, when: "this_hand" | "next_hand") => (
    <li key={`${when}-${l.entry_id}`} class={`newbb-row is-${when}`} data-testid={`dealer-new-bb-${l.seat}`} data-when={when} data-seat={l.seat}>
      <span class="newbb-badge" aria-hidden="true">BB</span>
      <span class="newbb-text">
        <strong>{t(when === "this_hand" ? "dealer.new_bb_this_hand" : "dealer.new_bb_next_hand", { seat: l.seat })}</strong>
        <span class="newbb-name muted small">{l.name} · P-Spielverlauf</span>
      </span>
    </li>
  );
  return (
    <ul class="hand-newbb" data-testid="dealer-new-bb" role="status">
      {now.map((l) => row(l, "this_hand"))}
      {next.map((l) => row(l, "next_hand"))}
    </ul>
  );
}

export interface DealerPenalties {
  kinds: string[];
  orbits: number[];
  rule: string | null;
}

/** What this phone may give: the table view's `dealer_penalties`, a warning when it says nothing. */
export function dealerPenalties(table: Record<string, any> | null | undefined): DealerPenalties {
  const d = table?.dealer_penalties;
  const kinds = Array.isArray(d?.kinds) && d.kinds.length ? (d.kinds as string[]) : ["warning"];
  return { kinds, orbits: Array.isArray(d?.orbits) ? (d.orbits as number[]) : [], rule: d?.rule ?? null };
}

interface SeatLike {
  seat: number;
  entry_id: number;
  name: string;
}

/** A dealer's warning — or, where the preset lets him (S-#36), a missed hand or missed round of
 *  1–4 orbits — at his own table: tap the seat, the kind, the orbits, an optional reason. */
export function DealerPenaltyDialog(props: {
  seats: SeatLike[];
  allowed: DealerPenalties;
  onCancel: () => void;
  onSubmit: (s: SeatLike, payload: Record<string, unknown>) => void;
}) {
  const kinds = props.allowed.kinds.filter((k) => k === "warning" || k === "missed_hand" || k === "missed_round");
  const [pick, setPick] = useState<SeatLike | null>(null);
  const [kind, setKind] = useState<string>(kinds[0] ?? "warning");
  const [orbits, setOrbits] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const sitOut = kind !== "warning";
  const ready = !!pick && (!sitOut || orbits != null);
  const only = kinds.length <= 1;
  return (
    <Confirm
      title={only ? t("warn.title") : t("dpen.title")}
      confirmLabel={only || kind === "warning" ? t("warn.submit") : t("penalty.submit")}
      testid="warn-submit"
      disabled={!ready}
      onCancel={props.onCancel}
      onConfirm={() => {
        if (!pick || !ready) return;
        const payload: Record<string, unknown> = { entry_id: pick.entry_id, kind };
        if (sitOut) payload.orbits = orbits;
        if (reason.trim()) payload.reason = reason.trim();
        props.onSubmit(pick, payload);
      }}
    >
      <p>{only ? t("warn.who") : t("dpen.who")}</p>
      <div class="warn-grid" data-testid="warn-dialog">
        {props.seats.map((s) => (
          <button
            type="button"
            key={s.seat}
            class={`btn btn-secondary ${pick?.seat === s.seat ? "is-on" : ""}`}
            aria-pressed={pick?.seat === s.seat}
            data-testid={`warn-seat-${s.seat}`}
            onClick={() => setPick(s)}
          >
            <span class="seat-no">{s.seat}</span> <span>{s.name}</span>
          </button>
        ))}
      </div>
      {!only && (
        <fieldset class="dpen-kinds" data-testid="dpen-kinds">
          <legend>
            {t("penalty.kind")}
            {props.allowed.rule ? <span class="muted small"> ({props.allowed.rule})</span> : null}
          </legend>
          <div class="seg">
            {kinds.map((k) => (
              <button
                type="button"
                key={k}
                class={`btn btn-secondary ${kind === k ? "is-on" : ""}`}
                aria-pressed={kind === k}
                data-testid={`dpen-kind-${k}`}
                onClick={() => setKind(k)}
              >
                {t(`penalty.kind.${k}` as "penalty.kind.warning")}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {sitOut && (
        <fieldset class="dpen-orbits" data-testid="dpen-orbits">
          <legend>{t("penalty.orbits")}</legend>
          <div class="seg">
            {props.allowed.orbits.map((o) => (
              <button
                type="button"
                key={o}
                class={`btn btn-secondary ${orbits === o ? "is-on" : ""}`}
                aria-pressed={orbits === o}
                data-testid={`dpen-orbits-${o}`}
                onClick={() => setOrbits(o)}
              >
                {o}
              </button>
            ))}
          </div>
          <p class="muted small">{t("penalty.orbits_hint")}</p>
        </fieldset>
      )}
      <label class="field">
        <span>{t("warn.reason")}</span>
        <input data-testid="warn-reason" value={reason} maxLength={200} autocomplete="off" onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
      </label>
      {!pick ? <p class="muted small">{t("warn.pick_first")}</p> : sitOut && orbits == null ? <p class="muted small">{t("penalty.missing_orbits")}</p> : null}
    </Confirm>
  );
}
