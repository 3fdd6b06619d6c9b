// Loaded when opened (lazyPanels.ts): the first screen does without it.
import { useState } from "preact/hooks";
import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import type { PayloadOf, SeatName as Seat } from "../../../api/views";
import type { DealerPenalties } from "../hand/DealerRules";

/** What a dealer may give himself (the director gives the rest). */
type DealerKind = Extract<PayloadOf<"penalize">["kind"], "warning" | "missed_hand" | "missed_round">;

/** A dealer's warning — or, where the preset lets him (S-#36), a missed hand or missed round of
 *  1–4 orbits — at his own table: tap the seat, the kind, the orbits, an optional reason. */
export function DealerPenaltyDialog(props: {
  seats: Seat[];
  allowed: DealerPenalties;
  onCancel: () => void;
  onSubmit: (s: Seat, payload: PayloadOf<"penalize">) => void;
}) {
  const kinds = props.allowed.kinds.filter((k): k is DealerKind => k === "warning" || k === "missed_hand" || k === "missed_round");
  const [pick, setPick] = useState<Seat | null>(null);
  const [kind, setKind] = useState<DealerKind>(kinds[0] ?? "warning");
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
        const payload: PayloadOf<"penalize"> = { entry_id: pick.entry_id, kind };
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
