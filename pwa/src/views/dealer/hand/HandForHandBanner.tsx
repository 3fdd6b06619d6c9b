import { t } from "../../../i18n";
import { hfhStillPlaying, type HandForHand, type HfhState } from "../../../seating/moves";

/** N-2.13, V-V.b: hand for hand — deal one hand, say when it is done, wait for the other tables. */
export function HandForHandBanner(props: { hfh: HandForHand; state: Exclude<HfhState, "off">; doneQueued: boolean }) {
  const { hfh, state } = props;
  const stillPlaying = hfhStillPlaying(hfh);
  return (
    <section class={`card hfh-banner hfh-${state}`} data-testid="dealer-hfh-banner" data-state={state} data-round={hfh.round} role="status">
      <p class="hfh-round muted small">
        {t("dealer.hfh_round", { n: hfh.round })}
        {hfh.rule ? ` · ${hfh.rule}` : ""}
      </p>
      {state === "playing" && (
        <>
          <p class="hfh-text">{t("dealer.hfh_banner")}</p>
          <p class="hfh-sub">{t("dealer.hfh_playing_sub")}</p>
        </>
      )}
      {state === "wait" && (
        <div data-testid="dealer-hfh-wait" data-playing={stillPlaying ?? undefined}>
          <p class="hfh-text">{stillPlaying === 1 ? t("dealer.hfh_wait_one") : stillPlaying ? t("dealer.hfh_wait_n", { n: stillPlaying }) : t("dealer.hfh_wait")}</p>
          <p class="hfh-sub">{t("dealer.hfh_wait_sub")}</p>
          {props.doneQueued && <span class="tag tag-pending">{t("common.pending")}</span>}
        </div>
      )}
      {state === "next" && <p class="hfh-text">{t("dealer.hfh_next")}</p>}
    </section>
  );
}
