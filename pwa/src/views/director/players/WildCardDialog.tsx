import { useState } from "preact/hooks";
import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import type { PresetFormat } from "../../../money/money";
import type { Entry } from "../shared/types";

/** V-VII.s: spend `wild_card_at` HH chips for a free rebuy or add-on. */
export function WildCardDialog(props: { entry: Entry; format: PresetFormat | null; onCancel: () => void; onSubmit: (as: "rebuy" | "addon") => void }) {
  const canAddon = props.entry.status === "active" && !props.entry.addon && !!props.format?.addon;
  const canRebuy = !!props.format?.rebuy;
  const [as, setAs] = useState<"rebuy" | "addon">(canRebuy ? "rebuy" : "addon");
  return (
    <Confirm
      title={t("wild.title", { name: props.entry.name })}
      text={t("wild.text", { n: props.entry.headhunter?.wild_card_at ?? "?" })}
      confirmLabel={t("wild.submit")}
      testid="wild-submit"
      onCancel={props.onCancel}
      onConfirm={() => props.onSubmit(as)}
    >
      <div class="chip-row" role="radiogroup">
        {(["rebuy", "addon"] as const).map((k) => (
          <button
            type="button"
            key={k}
            role="radio"
            aria-checked={as === k}
            disabled={k === "addon" ? !canAddon : !canRebuy}
            class={`btn btn-secondary ${as === k ? "is-on" : ""}`}
            data-testid={`wild-as-${k}`}
            onClick={() => setAs(k)}
          >
            {t(k === "rebuy" ? "wild.rebuy" : "wild.addon")}
          </button>
        ))}
      </div>
    </Confirm>
  );
}
