import { t } from "../../../i18n";

export type Panel = "multi" | "count" | "pots";

/** Under the seats: several out in one hand, chip count, side pots, a penalty — each opens a panel. */
export function DealerTools(props: {
  live: number;
  countQueued: boolean;
  penaltiesQueued: number;
  /** The preset lets this dealer give more than a warning (S-#36). */
  penalties: boolean;
  onOpen: (panel: Panel) => void;
  onPenalty: () => void;
}) {
  const { live } = props;
  return (
    <div class="dealer-tools">
      {live >= 2 && (
        <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-multi-bust" onClick={() => props.onOpen("multi")}>
          {t("bust.multi")}
        </button>
      )}
      {live >= 1 && (
        <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-chip-count" onClick={() => props.onOpen("count")}>
          {t("chipcount.open")}
          {props.countQueued && <span class="tag tag-pending">{t("common.pending")}</span>}
        </button>
      )}
      {live >= 2 && (
        <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-pots" onClick={() => props.onOpen("pots")}>
          {t("pots.open")}
        </button>
      )}
      {live >= 1 && (
        <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-warn" onClick={props.onPenalty}>
          {props.penalties ? t("dpen.open") : t("warn.open")}
          {props.penaltiesQueued > 0 && <span class="tag tag-pending">{t("common.pending")}</span>}
        </button>
      )}
    </div>
  );
}
