import { useState } from "preact/hooks";
import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import { buildPenalty, type PenaltyKind } from "../../../money/penalties";
import type { Entry } from "../shared/types";
import type { PayloadOf } from "../../../api/views";

/** A penalty from the preset's options: orbits from the preset, hands or minutes, a reason. */
export function PenaltyDialog(props: {
  entry: Entry;
  kinds: PenaltyKind[];
  orbits: number[];
  players: number | null;
  onCancel: () => void;
  onSubmit: (payload: PayloadOf<"penalize">) => void;
}) {
  const sitKinds = props.kinds.filter((k) => k !== "warning");
  const [kind, setKind] = useState<PenaltyKind>(sitKinds[0] ?? props.kinds[0] ?? "warning");
  const [orbits, setOrbits] = useState<string>(props.orbits.length ? String(props.orbits[0]) : "");
  const [hands, setHands] = useState("");
  const [minutes, setMinutes] = useState("");
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const built = buildPenalty(props.entry.entry_id, kind, { orbits: hands && kind === "missed_hand" ? "" : orbits, hands, minutes }, reason, props.orbits);
  const err = !built.ok ? built.field : null;
  return (
    <Confirm
      title={t("penalty.title", { name: props.entry.name })}
      confirmLabel={t("penalty.submit")}
      testid="penalty-submit"
      danger={kind !== "warning"}
      onCancel={props.onCancel}
      onConfirm={() => {
        setTried(true);
        if (built.ok) props.onSubmit(built.payload);
      }}
    >
      <div class="penalty-dialog" data-testid="penalty-dialog">
        <p class="muted small">{t("penalty.kind")}</p>
        <div class="chip-row" role="radiogroup" aria-label={t("penalty.kind")}>
          {props.kinds.map((k) => (
            <button
              type="button"
              key={k}
              role="radio"
              aria-checked={kind === k}
              class={`btn btn-secondary ${kind === k ? "is-on" : ""}`}
              data-testid={`penalty-kind-${k}`}
              onClick={() => setKind(k)}
            >
              {t(`penalty.kind.${k}` as "penalty.kind.warning")}
            </button>
          ))}
        </div>
        {(kind === "missed_round" || kind === "missed_hand") && (
          <>
            <p class="muted small">{t("penalty.orbits")}</p>
            <div class="chip-row" role="radiogroup" aria-label={t("penalty.orbits")}>
              {props.orbits.map((o) => (
                <button
                  type="button"
                  key={o}
                  role="radio"
                  aria-checked={orbits === String(o) && !hands}
                  class={`btn btn-secondary ${orbits === String(o) && !(kind === "missed_hand" && hands) ? "is-on" : ""}`}
                  data-testid={`penalty-orbits-${o}`}
                  onClick={() => {
                    setOrbits(String(o));
                    setHands("");
                  }}
                >
                  {o}
                </button>
              ))}
            </div>
            <p class="muted small" data-testid="penalty-orbits-hint">
              {props.players && /^\d+$/.test(orbits) && !(kind === "missed_hand" && hands)
                ? t("penalty.orbits_hands", { orbits, players: props.players, hands: Number(orbits) * props.players })
                : t("penalty.orbits_hint")}
            </p>
            {kind === "missed_hand" && (
              <label class="field">
                <span>{t("penalty.hands")}</span>
                <input data-testid="penalty-hands" type="number" inputMode="numeric" min={1} value={hands} onInput={(e) => setHands((e.target as HTMLInputElement).value)} />
              </label>
            )}
          </>
        )}
        {kind === "time" && (
          <label class="field">
            <span>{t("penalty.minutes")}</span>
            <input data-testid="penalty-minutes" type="number" inputMode="numeric" min={1} value={minutes} onInput={(e) => setMinutes((e.target as HTMLInputElement).value)} />
          </label>
        )}
        <label class="field">
          <span>{t("penalty.reason")}</span>
          <input data-testid="penalty-reason" value={reason} maxLength={200} autocomplete="off" onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        </label>
        {tried && err && (
          <p class="field-error" role="alert" data-testid="penalty-error" data-field={err}>
            {t(err === "reason" ? "penalty.reason_required" : err === "minutes" ? "penalty.missing_minutes" : err === "hands" ? "penalty.missing_hands" : "penalty.missing_orbits")}
          </p>
        )}
      </div>
    </Confirm>
  );
}
