// The final table's deal on the director's phone (issue 32): the stacks, how to share, a live
// preview from the server, the proposal to the players' phones, who has answered, a verbal yes
// or no, Apply (where the rules want the director to confirm), Undo, and the payout slips.
import { useEffect, useMemo, useState } from "preact/hooks";
import { t, useLang, formatNumber } from "../../../i18n";
import { AskConfirm, type Ask } from "../../../ui/Confirm";
import { amountText } from "../../../money/money";
import { DEAL_METHODS, ROUNDINGS, canApply, estimateDeal, dealPayload, dealProgress, initialStacks, readDeal, sumAmounts, type Deal, type DealErrors, type DealForm, type ProposeDeal } from "../../../money/deal";
import { houseRule } from "../../../ui/houseRules";
import { reasonText } from "../../../ui/reasons";
import type { DirCtx } from "../shared/types";
import { calculate, dealCommands, type Preview } from "./dealApi";
import { PrintSlips } from "./PrintSlips";
import "./deal.css";

/** The players at the final table (the one table with seats), in seat order. */
function finalTable(ctx: DirCtx): { entry_id: number; name: string }[] | null {
  const occupied = ctx.tables.filter((tb) => !tb.broken && tb.seats.length > 0);
  if (occupied.length !== 1) return null;
  return [...occupied[0].seats].sort((a, b) => a.seat - b.seat).map((s) => ({ entry_id: s.entry_id, name: s.name }));
}

export function DealCard(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const deal = readDeal(ctx.dview?.deal);
  const players = finalTable(ctx);
  const playing = ctx.view?.status === "seated" || ctx.view?.status === "running";
  const atFinal = playing && !!players && players.length >= 2;
  const rules: any = (ctx.preset.format as any)?.deal;
  // The rule from this tournament's own preset, as it renders (not the screen-wide house rules,
  // which are set after the first render).
  const forbiddenBy: string = (ctx.preset as any).cite?.deal ?? houseRule("deal");
  const [editing, setEditing] = useState(false);
  if (!deal && !atFinal) return null;
  const live = deal && (deal.status === "open" || deal.status === "applied");
  return (
    <section class="card deal-card" id="deal" data-testid="deal-card" data-status={deal?.status ?? "none"} data-deal-no={deal?.deal_no ?? ""} aria-labelledby="deal-h">
      <h2 id="deal-h">{t("deal.title")}</h2>
      {rules && rules.allowed === false ? (
        <p class="muted" data-testid="deal-forbidden">
          {t("deal.forbidden", { rule: forbiddenBy ? ` (${forbiddenBy})` : "" })}
        </p>
      ) : !deal && !((ctx.view?.prize_pool ?? 0) > 0) ? (
        <p class="muted" data-testid="deal-no-cash">
          {t("deal.no_cash")}
        </p>
      ) : (
        <>
          {deal && <DealState deal={deal} ctx={ctx} />}
          {atFinal && players && (!live || editing) ? (
            <ProposeForm ctx={ctx} players={players} last={deal} onSent={() => setEditing(false)} />
          ) : (
            atFinal &&
            deal?.status === "open" && (
              <button type="button" class="btn btn-secondary btn-block" data-testid="deal-new" onClick={() => setEditing(true)}>
                {t("deal.new")}
              </button>
            )
          )}
        </>
      )}
    </section>
  );
}

/** The proposal the players see, with their answers; what the director can do with it now. */
function DealState(props: { deal: Deal; ctx: DirCtx }) {
  const lang = useLang();
  const { deal, ctx } = props;
  const cmds = dealCommands(ctx.send);
  const currency = ctx.view?.currency;
  const money = (n: number) => amountText(n, currency, lang);
  const progress = dealProgress(deal);
  const [ask, setAsk] = useState<Ask | null>(null);
  const queued = (type: string) => ctx.mine.some((e) => e.state === "pending" && e.type === type && Number(e.payload.deal_no) === deal.deal_no);
  const queuedAnswer = (entryId: number) =>
    ctx.mine.some((e) => e.state === "pending" && e.type === "answer_deal" && Number(e.payload.deal_no) === deal.deal_no && Number(e.payload.entry_id) === entryId);
  const open = deal.status === "open";
  return (
    <div class="deal-state" data-testid="deal-state">
      <p class="deal-head">
        <strong>{t("deal.proposal", { n: deal.deal_no, method: t(`deal.method.${deal.method}` as "deal.method.icm") })}</strong>{" "}
        <span class={`tag deal-tag is-${deal.status}`} data-testid="deal-status">
          {t(`deal.status.${deal.status}` as "deal.status.open")}
        </span>
      </p>
      {open && (
        <p class="deal-progress" data-testid="deal-progress" data-accepted={progress.accepted} data-players={progress.players}>
          {t("deal.progress", { accepted: progress.accepted, players: progress.players })}
        </p>
      )}
      <ul class="deal-rows">
        {deal.rows.map((r) => (
          <li key={r.entry_id} class="deal-row" data-testid={`deal-row-${r.entry_id}`} data-answer={r.answer ?? "none"} data-amount={r.amount}>
            <span class="deal-name">{r.name}</span>
            <span class="deal-chips muted small">{formatNumber(r.chips)}</span>
            <span class="deal-amount">{money(r.amount)}</span>
            <span class={`deal-answer is-${r.answer ?? "none"}`}>{answerWord(r.answer)}</span>
            {open && r.answer == null && (
              <span class="deal-verbal">
                {queuedAnswer(r.entry_id) ? (
                  <span class="tag tag-pending">{t("common.pending")}</span>
                ) : (
                  <>
                    <button
                      type="button"
                      class="btn btn-secondary btn-small"
                      data-testid={`deal-verbal-yes-${r.entry_id}`}
                      onClick={() =>
                        setAsk({
                          title: t("deal.verbal_title", { name: r.name }),
                          text: t("deal.verbal_text_yes", { name: r.name, amount: money(r.amount) }),
                          label: t("deal.verbal_yes"),
                          run: () => cmds.answer(deal.deal_no, r.entry_id, true, r.name),
                        })
                      }
                    >
                      {t("deal.verbal_yes")}
                    </button>
                    <button
                      type="button"
                      class="btn btn-secondary btn-small"
                      data-testid={`deal-verbal-no-${r.entry_id}`}
                      onClick={() =>
                        setAsk({
                          title: t("deal.verbal_title", { name: r.name }),
                          text: t("deal.verbal_text_no", { name: r.name }),
                          label: t("deal.verbal_no"),
                          danger: true,
                          run: () => cmds.answer(deal.deal_no, r.entry_id, false, r.name),
                        })
                      }
                    >
                      {t("deal.verbal_no")}
                    </button>
                  </>
                )}
              </span>
            )}
          </li>
        ))}
        <li class="deal-row deal-total">
          <span class="deal-name">{t("deal.total")}</span>
          <span />
          <span class="deal-amount" data-testid="deal-total">{money(deal.total)}</span>
        </li>
      </ul>
      {deal.keep ? <p class="muted small" data-testid="deal-keep">{t("deal.kept", { amount: money(deal.keep) })}</p> : null}
      {deal.status === "rejected" && <p class="warn" data-testid="deal-rejected">{t("deal.rejected_by", { names: progress.rejectedBy.join(", ") || "–" })}</p>}
      {deal.status === "undone" && <p class="muted" data-testid="deal-undone">{t("deal.undone_text")}</p>}
      {deal.status === "applied" && <p data-testid="deal-applied">✓ {t("deal.applied_text")}</p>}
      {canApply(deal) && (
        <>
          <p class="warn">{t("deal.confirm_needed")}</p>
          <button
            type="button"
            class="btn btn-primary btn-block btn-big"
            data-testid="deal-apply"
            disabled={queued("apply_deal")}
            onClick={() => setAsk({ title: t("deal.apply_title", { n: deal.deal_no }), text: t("deal.apply_text"), label: t("deal.apply"), run: () => cmds.apply(deal.deal_no) })}
          >
            {queued("apply_deal") ? t("common.pending") : t("deal.apply")}
          </button>
        </>
      )}
      {deal.status === "applied" && (
        <>
          {ctx.token && <PrintSlips tid={ctx.tid} token={ctx.token} />}
          <button
            type="button"
            class="btn btn-warn btn-block"
            data-testid="deal-undo"
            disabled={queued("undo_deal")}
            onClick={() => setAsk({ title: t("deal.undo_title", { n: deal.deal_no }), text: t("deal.undo_text"), label: t("deal.undo"), danger: true, run: () => cmds.undo(deal.deal_no) })}
          >
            {queued("undo_deal") ? t("common.pending") : t("deal.undo")}
          </button>
        </>
      )}
      <AskConfirm ask={ask} onClose={() => setAsk(null)} testid="deal-confirm" />
    </div>
  );
}

function answerWord(a: Deal["rows"][number]["answer"]): string {
  return a === "accepted" ? `✓ ${t("deal.answer.accepted")}` : a === "rejected" ? `✗ ${t("deal.answer.rejected")}` : t("deal.answer.none");
}

/** The errors a field shows, in words. */
function errorText(code: DealErrors[string] | undefined, kind: "chips" | "keep" | "amount"): string | null {
  if (!code) return null;
  if (kind === "chips") return code === "missing" ? t("deal.err.missing") : t("deal.err.invalid");
  if (kind === "keep") return code === "too_much" ? t("deal.err.too_much") : t("deal.err.keep_invalid");
  return code === "missing" ? t("deal.err.amount_missing") : t("deal.err.amount_invalid");
}

/** The stacks (prefilled, editable), the method, the kept amount and the rounding; the server's
 * amounts as a live preview; then the proposal, sent through the outbox. */
function ProposeForm(props: { ctx: DirCtx; players: { entry_id: number; name: string }[]; last: Deal | null; onSent: () => void }) {
  const lang = useLang();
  const { ctx, players } = props;
  const currency = ctx.view?.currency;
  const money = (n: number) => amountText(n, currency, lang);
  const fromLast = props.last ? Object.fromEntries(props.last.rows.map((r) => [r.entry_id, r.chips])) : null;
  const counted = countedStacks(ctx.dview?.deal_stacks);
  const [form, setForm] = useState<DealForm>(() => ({
    method: props.last?.method ?? "icm",
    stacks: initialStacks(players, fromLast, counted),
    keep: props.last?.keep ? String(props.last.keep) : "",
    roundTo: props.last?.round_to != null && (ROUNDINGS as readonly string[]).includes(String(props.last.round_to)) ? String(props.last.round_to) : "",
    amounts: {},
  }));
  const [tried, setTried] = useState(false);
  const built = dealPayload(form, players, null);
  const errors: DealErrors = built.ok ? {} : built.errors;
  const key = built.ok ? JSON.stringify(built.payload) : null;
  const preview = usePreview(ctx, built.ok ? built.payload : null, key);
  const [lastTotal, setLastTotal] = useState<number | null>(null);
  useEffect(() => {
    if (preview.state === "ok" && form.method !== "custom") setLastTotal(preview.total);
  }, [preview]);
  const set = (patch: Partial<DealForm>) => setForm((f) => ({ ...f, ...patch }));
  const pickMethod = (m: DealForm["method"]) => {
    // Custom starts from the amounts on screen: they add up already, the director moves money between them.
    if (m === "custom" && preview.state === "ok") set({ method: m, amounts: Object.fromEntries(preview.rows.map((r) => [r.entry_id, String(r.amount)])) });
    else set({ method: m });
  };
  const proposeQueued = ctx.mine.some((e) => e.state === "pending" && e.type === "propose_deal");
  const typedSum = sumAmounts(players.map((p) => ({ amount: Number(String(form.amounts[p.entry_id] ?? "").replace(/[\s'’]/g, "").replace(",", ".")) || 0 })));
  const show = (field: string) => tried || (form.stacks as any)[field.split(".")[1]] !== "";

  return (
    <form
      class="deal-form"
      data-testid="deal-form"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        // The server refused these very inputs in the preview (a custom split that does not add up…): it would refuse the proposal too.
        if (!built.ok || proposeQueued || preview.state === "refused") return;
        dealCommands(ctx.send).propose(built.payload);
        props.onSent();
      }}
    >
      <p class="muted small">{t("deal.intro", { left: lastTotal != null ? money(lastTotal + (built.ok ? built.payload.keep ?? 0 : 0)) : "…" })}</p>
      <h3>{t("deal.players")}</h3>
      <ul class="deal-stacks">
        {players.map((p) => {
          const err = errorText(errors[`stacks.${p.entry_id}`], "chips");
          const id = `deal-stack-${p.entry_id}`;
          return (
            <li key={p.entry_id} class="deal-stack">
              <label for={id} class="deal-name">{p.name}</label>
              <input
                id={id}
                data-testid={id}
                inputMode="numeric"
                autocomplete="off"
                class={err && show(`stacks.${p.entry_id}`) ? "is-invalid" : ""}
                aria-invalid={err && show(`stacks.${p.entry_id}`) ? "true" : undefined}
                aria-label={`${p.name}: ${t("deal.chips")}`}
                value={form.stacks[p.entry_id] ?? ""}
                onInput={(e) => set({ stacks: { ...form.stacks, [p.entry_id]: e.currentTarget.value } })}
              />
              {form.method === "custom" && (
                <input
                  data-testid={`deal-amount-${p.entry_id}`}
                  inputMode="decimal"
                  autocomplete="off"
                  aria-label={`${p.name}: ${t("deal.amount")}`}
                  class={errors[`amounts.${p.entry_id}`] && tried ? "is-invalid deal-amount-input" : "deal-amount-input"}
                  value={form.amounts[p.entry_id] ?? ""}
                  onInput={(e) => set({ amounts: { ...form.amounts, [p.entry_id]: e.currentTarget.value } })}
                />
              )}
              {err && show(`stacks.${p.entry_id}`) && <span class="field-error">{err}</span>}
              {form.method === "custom" && tried && errors[`amounts.${p.entry_id}`] && <span class="field-error">{errorText(errors[`amounts.${p.entry_id}`], "amount")}</span>}
            </li>
          );
        })}
      </ul>
      {errors.stacks && <p class="field-error">{t("deal.err.all_zero")}</p>}

      <h3>{t("deal.method")}</h3>
      <div class="chip-row deal-methods" role="radiogroup" aria-label={t("deal.method")}>
        {DEAL_METHODS.map((m) => (
          <button type="button" key={m} role="radio" aria-checked={form.method === m} class={`btn btn-secondary ${form.method === m ? "is-on" : ""}`} data-testid={`deal-method-${m}`} onClick={() => pickMethod(m)}>
            {t(`deal.method.${m}` as "deal.method.icm")}
          </button>
        ))}
      </div>
      <p class="muted small">{t(`deal.method_hint.${form.method}` as "deal.method_hint.icm", { target: lastTotal != null ? money(lastTotal) : "–" })}</p>
      {form.method === "custom" && (
        <p class="muted small" data-testid="deal-custom-sum">
          {t("deal.custom_sum", { sum: money(typedSum), target: lastTotal != null ? money(lastTotal) : "–" })}
        </p>
      )}

      <div class="deal-options">
        <label class="field">
          <span>{t("deal.keep")}</span>
          <input
            data-testid="deal-keep"
            inputMode="decimal"
            autocomplete="off"
            class={errors.keep ? "is-invalid" : ""}
            value={form.keep}
            placeholder="0"
            onInput={(e) => set({ keep: e.currentTarget.value })}
          />
          {errors.keep ? <span class="field-error">{errorText(errors.keep, "keep")}</span> : <span class="muted small">{t("deal.keep_hint")}</span>}
        </label>
        {form.method !== "custom" && (
          <div class="field">
            <span>{t("deal.round")}</span>
            <div class="chip-row deal-rounding" role="radiogroup" aria-label={t("deal.round")}>
              {ROUNDINGS.map((r) => (
                <button type="button" key={r || "unit"} role="radio" aria-checked={form.roundTo === r} class={`btn btn-secondary ${form.roundTo === r ? "is-on" : ""}`} data-testid={`deal-round-${r || "unit"}`} onClick={() => set({ roundTo: r })}>
                  {r ? formatNumber(Number(r)) : t("deal.round_none")}
                </button>
              ))}
            </div>
            <span class="muted small">{t("deal.round_hint")}</span>
          </div>
        )}
      </div>

      <PreviewBlock preview={preview} money={money} estimate={preview.state === "offline" && built.ok ? offlineEstimate(ctx, players, built.payload) : null} />

      <button type="submit" class="btn btn-primary btn-block btn-big" data-testid="deal-propose" disabled={proposeQueued || preview.state === "refused"}>
        {proposeQueued ? t("common.pending") : props.last?.status === "open" ? t("deal.propose_again") : t("deal.propose")}
      </button>
    </form>
  );
}

/** The latest chip counts per entry id, where the view offers them. */
function countedStacks(x: unknown): Record<number, number> | null {
  if (!Array.isArray(x)) return null;
  const out: Record<number, number> = {};
  for (const r of x) if (r && Number.isFinite(r.entry_id) && Number.isFinite(r.chips)) out[r.entry_id] = r.chips;
  return out;
}

/** Asks the server for the amounts 400 ms after the last change (each keystroke would be a request). */
function usePreview(ctx: DirCtx, payload: unknown, key: string | null): Preview {
  const [preview, setPreview] = useState<Preview>({ state: "idle" });
  const seq = (ctx.dview as any)?.seq;
  useEffect(() => {
    if (!key || !ctx.token || !payload) {
      setPreview({ state: "idle" });
      return;
    }
    const ctl = new AbortController();
    setPreview((p) => (p.state === "ok" ? p : { state: "loading" }));
    const timer = setTimeout(() => {
      calculate(ctx.tid, ctx.token!, payload as any, ctl.signal)
        .then((p) => {
          if (!ctl.signal.aborted) setPreview(p);
        })
        .catch(() => {
          if (!ctl.signal.aborted) setPreview({ state: "offline" });
        });
    }, 400);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [key, ctx.token, ctx.tid, seq]);
  return preview;
}

/** About what each player gets, computed on the phone while the server cannot be asked. */
function offlineEstimate(ctx: DirCtx, players: { entry_id: number; name: string }[], p: ProposeDeal): Estimate | null {
  const places = [...(ctx.view?.payouts ?? [])].sort((a, b) => a.place - b.place).map((x) => x.amount);
  const chips = p.stacks.map((s) => s.chips);
  const amounts = estimateDeal(p.method, chips, places, p.keep);
  return amounts && players.map((pl, i) => ({ entry_id: pl.entry_id, name: pl.name, chips: chips[i], amount: amounts[i] }));
}
type Estimate = { entry_id: number; name: string; chips: number; amount: number }[];

function PreviewBlock(props: { preview: Preview; money: (n: number) => string; estimate: Estimate | null }) {
  const p = props.preview;
  const rows = useMemo(() => (p.state === "ok" ? p.rows : []), [p]);
  return (
    <div class="deal-preview" data-testid="deal-preview" data-state={p.state} aria-live="polite">
      <h3>{t("deal.preview")}</h3>
      {p.state === "loading" && <p class="muted">{t("deal.preview_loading")}</p>}
      {p.state === "offline" && <p class="muted">{t("deal.preview_offline")}</p>}
      {props.estimate && (
        <ul class="deal-rows is-estimate" data-testid="deal-estimate">
          {props.estimate.map((r) => (
            <li key={r.entry_id} class="deal-row">
              <span class="deal-name">{r.name}</span>
              <span class="deal-chips muted small">{formatNumber(r.chips)}</span>
              <span class="deal-amount">≈ {props.money(Math.round(r.amount))}</span>
            </li>
          ))}
        </ul>
      )}
      {p.state === "refused" && (
        <p class="field-error" data-testid="deal-preview-error" data-field={p.field ?? ""}>
          {reasonText(p.error, p.params, p.message)}
        </p>
      )}
      {p.state === "ok" && (
        <ul class="deal-rows">
          {rows.map((r) => (
            <li key={r.entry_id} class="deal-row" data-testid={`deal-preview-${r.entry_id}`} data-amount={r.amount}>
              <span class="deal-name">{r.name}</span>
              <span class="deal-chips muted small">{formatNumber(r.chips)}</span>
              <span class="deal-amount">{props.money(r.amount)}</span>
            </li>
          ))}
          <li class="deal-row deal-total">
            <span class="deal-name">{t("deal.total")}</span>
            <span />
            <span class="deal-amount" data-testid="deal-preview-total">{props.money(p.total)}</span>
          </li>
        </ul>
      )}
    </div>
  );
}
