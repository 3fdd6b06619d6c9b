// The attention bar: always on top of the director's screen, whatever section is open;
// each item is one tap to act (a balancing move applies at once; bigger steps ask once).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { AskConfirm, type Ask as Confirmable } from "../../../ui/Confirm";
import * as outbox from "../../../sync/outbox";
import { amountText, payoutRowText } from "../../../money/money";
import { applyLabel, suggestionCommand, suggestionText, suggestionTitle } from "../../../seating/suggestions";
import type { CommandLabel } from "../../../sync/outbox";
import type { CommandType, PayloadOf } from "../../../api/views";
import { alertNew } from "./alerts";
import { primeAudio } from "../../../ui/alerts";
import { newKeys, type AttentionItem } from "./attention";
import type { SectionId } from "./sections";
import type { DirCtx } from "../shared/types";

/** Quiet at first: the cached view and then the server's may differ right after opening. */
const GRACE_MS = 2500;
const COLLAPSED = 2;

interface Ask extends Confirmable {
  item: AttentionItem;
}

export function AttentionBar(props: { ctx: DirCtx; items: AttentionItem[]; onOpen: (s: SectionId) => void }) {
  const lang = useLang();
  const { ctx, items } = props;
  const [expanded, setExpanded] = useState(false);
  const [ask, setAsk] = useState<Ask | null>(null);
  const seen = useRef<Set<string> | null>(null);
  const since = useRef(0);
  const keys = items.map((i) => i.key).join("|");

  useEffect(() => primeAudio(), []); // the director's first tap unlocks the chime

  useEffect(() => {
    if (!ctx.dview) return;
    const first = seen.current == null;
    const r = newKeys(seen.current, items);
    seen.current = r.seen;
    if (first) since.current = Date.now();
    if (r.fresh.length && Date.now() - since.current > GRACE_MS) alertNew();
  }, [keys, !!ctx.dview]);

  const players = ctx.view?.players_left ?? ctx.entries.filter((e) => e.status === "active").length;
  const queued = ctx.mine.filter((e) => e.state === "pending");

  function enqueue<T extends CommandType>(item: AttentionItem, type: T, payload: PayloadOf<T>, label: CommandLabel = {}) {
    if (!ctx.token) return;
    const extra: Record<string, string | number> = { attn: item.key };
    if (item.suggestion) extra.suggestion = item.suggestion.id;
    void outbox.enqueue({ tournament_id: Number(ctx.tid), type, payload, token: ctx.token, label: { ...label, ...extra } });
  }

  function row(item: AttentionItem): { title: string; button: string; act: () => void } {
    const s = item.suggestion;
    const cur = ctx.view?.currency;
    const confirmSuggestion = (button: string, danger = false) => () => {
      const cmd = s && suggestionCommand(s);
      if (!s || !cmd) return props.onOpen("floor");
      setAsk({ item, title: applyLabel(s, lang), text: suggestionText(s, {}, lang), label: button, danger, run: () => enqueue(item, cmd.type, cmd.payload) });
    };
    switch (item.kind) {
      case "chips":
        return { title: t("attn.chips"), button: t("attn.check"), act: () => props.onOpen("money") };
      case "clock_halted":
        return { title: t("attn.clock_halted"), button: t("clock.resume"), act: () => enqueue(item, "resume_clock", {}) };
      case "move": {
        const cmd = suggestionCommand(s!);
        return {
          title: applyLabel(s!, lang),
          button: t("attn.move"),
          act: () => (cmd ? enqueue(item, cmd.type, cmd.payload, { name: s!.name ?? `#${s!.entry_id}`, t: s!.to_table!, s: s!.to_seat! }) : props.onOpen("floor")),
        };
      }
      case "halt":
        return { title: suggestionTitle(s!, lang), button: t("attn.confirm_halt"), act: confirmSuggestion(t("attn.confirm_halt")) };
      case "break":
        return { title: suggestionTitle(s!, lang), button: t("attn.break"), act: confirmSuggestion(t("attn.break"), true) };
      case "final_table":
        return { title: suggestionTitle(s!, lang), button: t("attn.final"), act: confirmSuggestion(t("attn.final")) };
      case "hand_for_hand":
        return { title: suggestionTitle(s!, lang), button: t("attn.start"), act: confirmSuggestion(t("attn.start")) };
      case "hfh_stop":
        return {
          title: t("attn.hfh_stop"),
          button: t("attn.stop"),
          act: () => setAsk({ item, title: t("hfh.stop"), text: t("attn.hfh_stop_text"), label: t("attn.stop"), run: () => enqueue(item, "stop_hand_for_hand", {}) }),
        };
      case "remove_absent":
        return {
          title: t("attn.remove_title", { name: s!.name ?? `#${s!.entry_id}` }),
          button: t("attn.remove"),
          act: () =>
            setAsk({
              item,
              title: t("attn.remove_title", { name: s!.name ?? `#${s!.entry_id}` }),
              // The engine's sentence is English: the phone words it in the director's language.
              text: lang === "en" && s!.text ? s!.text : t((s as any).reason === "no_show" ? "attn.remove_no_show" : "attn.remove_absent", { name: s!.name ?? `#${s!.entry_id}`, rule: (s as any).rule ? ` (${(s as any).rule})` : "" }),
              label: t("attn.remove"),
              danger: true,
              run: () => s?.entry_id != null && enqueue(item, "player_leaves", { entry_id: s.entry_id, reason: (s as any).reason ?? "absent" }, { name: s.name ?? "" }),
            }),
        };
      case "payout": {
        const p = item.payout!;
        return {
          title: payoutRowText(p, cur, lang),
          button: t("money.paid"),
          act: () =>
            setAsk({
              item,
              title: t("money.paid_confirm_title", { name: p.name, amount: amountText(p.amount, cur, lang) }),
              text: t("money.paid_confirm_text"),
              label: t("money.paid"),
              run: () => enqueue(item, "confirm_payout", { entry_id: p.entry_id }, { name: p.name }),
            }),
        };
      }
      case "correction": {
        const c = item.correction!;
        return {
          title: t("attn.correction", { name: c.name }),
          button: t("money.settled"),
          act: () => setAsk({ item, title: t("money.settle_confirm_title", { name: c.name }), label: t("money.settled"), run: () => enqueue(item, "settle_correction", { id: c.id }, { name: c.name }) }),
        };
      }
      case "deal_apply": {
        const n = item.dealNo ?? 0;
        return {
          title: t("attn.deal_apply", { n }),
          button: t("deal.apply"),
          act: () => setAsk({ item, title: t("deal.apply_title", { n }), text: t("deal.apply_text"), label: t("deal.apply"), run: () => enqueue(item, "apply_deal", { deal_no: n }) }),
        };
      }
      case "review":
        return { title: t("attn.review", { n: item.count ?? 0 }), button: t("attn.review_go"), act: () => props.onOpen("tools") };
    }
  }

  const shown = expanded ? items : items.slice(0, COLLAPSED);
  return (
    <section class={`attn ${items.length ? "has-items" : ""}`} aria-label={t("attn.label")} data-testid="attention-bar" data-count={items.length}>
      <div class="attn-head">
        <span class={`attn-state ${items.length ? "is-on" : ""}`}>{items.length ? t("attn.count", { n: items.length }) : `✓ ${t("attn.none")}`}</span>
        {ctx.view && (
          <span class="attn-left">
            <strong data-testid="players-left">{players}</strong> <span class="muted">{t("attn.left")}</span>
          </span>
        )}
      </div>
      {items.length > 0 && (
        <ul class={`attn-list ${expanded ? "is-expanded" : ""}`}>
          {shown.map((item) => {
            const r = row(item);
            const waiting = queued.some((e) => e.label?.attn === item.key || (item.suggestion && e.label?.suggestion === item.suggestion.id));
            return (
              <li key={item.key} class={`attn-item attn-${item.kind}`} data-testid="attention-item" data-kind={item.kind} data-key={item.key}>
                <button type="button" class="attn-text" data-testid="attention-open" onClick={() => props.onOpen(item.section)}>
                  <span class="attn-title">{r.title}</span>
                </button>
                {waiting ? (
                  <span class="tag tag-pending attn-sent" data-testid="attention-pending">{t("attn.pending")}</span>
                ) : (
                  <button type="button" class={`btn btn-small attn-act ${item.kind === "chips" || item.kind === "break" ? "btn-warn" : "btn-primary"}`} data-testid="attention-act" onClick={r.act}>
                    {r.button}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {items.length > COLLAPSED && (
        <button type="button" class="btn btn-ghost attn-more" data-testid="attention-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t("attn.less") : t("attn.more", { n: items.length - COLLAPSED })}
        </button>
      )}
      <AskConfirm ask={ask} onClose={() => setAsk(null)} testid="attention-confirm" />
    </section>
  );
}
