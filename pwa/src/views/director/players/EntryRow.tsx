import { t, useLang } from "../../../i18n";
import { amountText, entryActions, placeText, type EntryAction } from "../../../money/money";
import { penaltyActive, penaltyLeftText } from "../../../money/penalties";
import { cardText } from "../../../ui/cardText";
import type { DirCtx, Entry } from "../shared/types";

function pendingLabel(type: string): "entry.rebuy" {
  if (type === "undo_bust") return "undo_bust.action" as "entry.rebuy";
  if (type === "lift_penalty") return "entry.lift" as "entry.rebuy";
  if (type === "use_wild_card") return "entry.wild_card" as "entry.rebuy";
  return `entry.${type}` as "entry.rebuy";
}

export type PenMode = "penalize" | "lift" | "wild";

/** One player: name, seat, what happened to him (rebuys, penalty, prize), Bust, the window's main
 * action (rebuy, re-entry, add-on at the break, check-in), the rest behind "⋯". */
export function EntryRow(props: {
  e: Entry;
  ctx: DirCtx;
  serverNow: number;
  seatFree: boolean;
  hasPenalties: boolean;
  isOpen: boolean;
  onToggle: () => void;
  onBust: () => void;
  onAction: (a: EntryAction) => void;
  onPen: (mode: PenMode) => void;
  nameOf: (id: number | null | undefined) => string;
}) {
  const lang = useLang();
  const { e, ctx, isOpen } = props;
  const { finished, windows } = ctx;
  const pend = ctx.pending.busts.has(e.entry_id);
  const pendAction = ctx.pending.actions.get(e.entry_id);
  const drawn = !ctx.registrationOpen;
  const acts = ctx.dview ? entryActions({ ...e, seat_free: props.seatFree }, ctx.preset.format, finished, windows, drawn) : [];
  // The add-on is the break's main action (V-XIII: "nur zur Pause"), next to Bust.
  const main = acts.filter((a) => a === "rebuy" || a === "reentry" || a === "alternate" || a === "check_in" || (a === "addon" && windows.addon));
  const more = acts.filter((a) => !(main as EntryAction[]).includes(a));
  const out = e.out_reason && e.out_reason !== "bust" ? e.out_reason : null;
  const facts: string[] = [];
  if (e.rebuys) facts.push(t("entry.rebuys_n", { n: e.rebuys }));
  if (e.addon) facts.push(t("entry.addon_done"));
  if (e.reentries) facts.push(t("entry.reentries_n", { n: e.reentries }));
  if (e.prepaid) facts.push(t("entry.prepaid"));
  if (e.present === false && e.status === "active") facts.push(t("entry.absent"));
  if (out) facts.push(t(`entry.out.${out}` as "entry.out.left"));
  else if (e.disqualified) facts.push(t("entry.disqualified"));
  if (e.headhunter && e.headhunter.hh_chips != null) facts.push(t("entry.hh", { n: e.headhunter.hh_chips }));
  const sitting = e.status === "active" && penaltyActive(e.penalty, props.serverNow);
  if (e.warnings?.length) facts.push(t("entry.warnings_n", { n: e.warnings.length }));
  if (e.eliminated_by != null) facts.push(t("entry.eliminated_by", { name: props.nameOf(e.eliminated_by) }));
  if (e.card) facts.push(t("busts.card", { card: cardText(e.card) }));
  const extra = !finished && ((e.status === "active" && props.hasPenalties) || sitting || !!e.headhunter?.wild_card);
  const currency = ctx.view?.currency;
  return (
    <li
      class={`entry-row ${e.status === "busted" ? "is-busted" : ""} ${pend || pendAction ? "is-pending" : ""} ${acts.length ? "has-actions" : ""}`}
      data-testid={`entry-row-${e.entry_id}`}
      data-status={e.status}
      data-place={e.status === "busted" && e.place != null ? String(e.place) : undefined}
      data-tie={e.tie && e.tie > 1 ? String(e.tie) : undefined}
      data-pending={pend ? "true" : undefined}
      data-rebuys={e.rebuys ?? undefined}
    >
      <div class="entry-main">
        <span class="entry-name">{e.name}</span>
        <span class="entry-sub muted">
          {e.table_no != null && e.seat != null ? t("entries.table_seat", { t: e.table_no, s: e.seat }) : e.status === "active" ? t("entries.unseated") : ""}
        </span>
        {sitting && (
          <span class="entry-penalty small" data-testid={`entry-penalty-${e.entry_id}`} data-kind={e.penalty!.kind} data-hands-left={e.penalty!.hands_left ?? undefined}>
            {t("entry.sits_out", { text: penaltyLeftText(e.penalty, lang) || t(`penalty.kind.${e.penalty!.kind}` as "penalty.kind.warning") })}
            {e.penalty!.reason ? ` · ${e.penalty!.reason}` : ""}
          </span>
        )}
        {facts.length > 0 && <span class="entry-facts small" data-testid={`entry-facts-${e.entry_id}`}>{facts.join(" · ")}</span>}
        {(e.prize ?? 0) > 0 && (
          <span class={`entry-prize small ${e.paid != null ? "is-paid" : ""}`} data-testid={`entry-prize-${e.entry_id}`} data-paid={e.paid != null ? "true" : "false"}>
            {t("entry.prize", { amount: amountText(e.prize, currency, lang) })}
            {e.paid != null ? ` · ${t("entry.paid", { amount: amountText(e.paid, currency, lang) })} ✓` : ""}
          </span>
        )}
      </div>
      <div class="entry-side">
        {e.status === "busted" ? (
          <span class="tag tag-busted" data-testid={`entry-place-${e.entry_id}`}>
            {e.place != null ? placeText(e.place, e.tie, lang) : t("entries.busted")}
          </span>
        ) : pend ? (
          <span class="tag tag-pending">{t("bust.pending")}</span>
        ) : finished ? (
          <span class="tag tag-active" data-testid={`entry-won-${e.entry_id}`}>{e.place != null ? placeText(e.place, e.tie, lang) : t("entries.active")}</span>
        ) : !drawn ? null : (
          <button type="button" class="btn btn-danger btn-small" data-testid={`bust-${e.entry_id}`} onClick={props.onBust}>
            {t("bust.button")}
          </button>
        )}
        {(more.length > 0 || extra) && !pendAction && (
          <button
            type="button"
            class={`btn btn-ghost btn-small entry-more ${isOpen ? "is-open" : ""}`}
            data-testid={`entry-more-${e.entry_id}`}
            aria-expanded={isOpen}
            aria-label={isOpen ? t("entry.less") : t("entry.more")}
            title={isOpen ? t("entry.less") : t("entry.more")}
            onClick={props.onToggle}
          >
            {isOpen ? "✕" : "⋯"}
          </button>
        )}
      </div>
      {(main.length > 0 || isOpen || pendAction) && (
        <div class="entry-actions">
          {pendAction ? (
            <span class="tag tag-pending">{t(pendingLabel(pendAction))} · {t("common.pending")}</span>
          ) : (
            <>
              {main.map((a) => (
                <button key={a} type="button" class="btn btn-secondary btn-small" data-testid={`entry-${a}-${e.entry_id}`} onClick={() => props.onAction(a)}>
                  {t(`entry.${a}` as "entry.rebuy")}
                </button>
              ))}
              {isOpen &&
                more.map((a) => (
                  <button
                    key={a}
                    type="button"
                    class={`btn btn-small ${a === "disqualify" ? "btn-danger" : "btn-secondary"}`}
                    data-testid={`entry-${a}-${e.entry_id}`}
                    onClick={() => props.onAction(a)}
                  >
                    {t(`entry.${a}` as "entry.rebuy")}
                  </button>
                ))}
              {isOpen && !finished && e.status === "active" && props.hasPenalties && (
                <button type="button" class="btn btn-small btn-warn" data-testid={`entry-penalize-${e.entry_id}`} onClick={() => props.onPen("penalize")}>
                  {t("entry.penalize")}
                </button>
              )}
              {isOpen && !finished && sitting && (
                <button type="button" class="btn btn-small btn-secondary" data-testid={`entry-lift-${e.entry_id}`} onClick={() => props.onPen("lift")}>
                  {t("entry.lift")}
                </button>
              )}
              {isOpen && !finished && e.headhunter?.wild_card && (
                <button type="button" class="btn btn-small btn-primary" data-testid={`entry-wild-${e.entry_id}`} onClick={() => props.onPen("wild")}>
                  {t("entry.wild_card")}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}
