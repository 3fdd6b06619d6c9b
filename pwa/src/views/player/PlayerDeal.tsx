// The deal on the player's phone (issue 32): his amount first, the whole table's below, two big
// buttons; then his answer and how many are still to answer; agreed, rejected or undone, said plainly.
import { useState } from "preact/hooks";
import { t, useLang, formatNumber, type MessageKey } from "../../i18n";
import { Confirm } from "../../ui/Confirm";
import { useOutbox } from "../../ui/hooks";
import * as outbox from "../../sync/outbox";
import { amountText } from "../../money/money";
import { dealProgress, playerDealState, readDeal } from "../../money/dealView";
import "./player-deal.css";

export function PlayerDeal(props: { deal: unknown; entryId: number | null; tid: number | null; token: string; currency: string | null | undefined; placedPrize?: number | null }) {
  const lang = useLang();
  const deal = readDeal(props.deal);
  const state = playerDealState(deal, props.entryId);
  const queue = useOutbox();
  const [asking, setAsking] = useState(false);
  if (!deal || state.kind === "none") return null;
  const money = (n: number) => amountText(n, props.currency, lang);
  const method = t(`deal.method.${deal.method}` as "deal.method.icm");
  const mine = deal.rows.find((r) => r.entry_id === (props.entryId ?? deal.mine));
  const sending = queue.some((e) => e.state === "pending" && e.type === "answer_deal" && Number(e.payload.deal_no) === deal.deal_no);
  const answer = (accept: boolean) => {
    if (props.tid == null) return;
    void outbox.enqueue({ tournament_id: props.tid, type: "answer_deal", payload: { deal_no: deal.deal_no, accept }, token: props.token });
  };
  const progress = dealProgress(deal);

  if (state.kind === "rejected" || state.kind === "undone") {
    return (
      <section class="card player-deal is-closed" data-testid="player-deal" data-status={deal.status} role="status">
        <strong class="pdeal-title">{state.kind === "rejected" ? t("pdeal.rejected") : t("pdeal.undone")}</strong>
        <p class="pdeal-sub">{state.kind === "rejected" ? t("pdeal.rejected_text") : t("pdeal.undone_text")}</p>
      </section>
    );
  }

  if (state.kind === "agreed") {
    // Once his place is known, his prize is the view's: the agreed amount, with the kept one if he won.
    const placed = props.placedPrize != null;
    const prize = placed ? props.placedPrize! : state.row.amount;
    return (
      <section class="card player-deal is-agreed" data-testid="player-deal" data-status="applied" data-amount={prize} role="status">
        <strong class="pdeal-title">{t("pdeal.agreed")}</strong>
        <span class="pdeal-amount" data-testid="player-deal-prize">{t("pdeal.agreed_prize", { amount: money(prize) })}</span>
        {deal.keep && !placed ? <p class="pdeal-sub">{t("pdeal.agreed_keep", { amount: money(deal.keep) })}</p> : null}
        <Rows deal={deal} mine={mine?.entry_id ?? null} money={money} />
      </section>
    );
  }

  return (
    <section class="card player-deal is-open" data-testid="player-deal" data-status="open" data-amount={state.row.amount} data-answer={state.row.answer ?? "none"} aria-labelledby="pdeal-h">
      <strong class="pdeal-title" id="pdeal-h">
        {t("pdeal.proposed")}
      </strong>
      <span class="pdeal-amount" data-testid="player-deal-amount">
        {t("pdeal.your_amount", { amount: money(state.row.amount) })}
      </span>
      <span class="pdeal-method">{t("pdeal.method", { method, n: deal.deal_no })}</span>
      {deal.keep ? <p class="pdeal-sub">{t("pdeal.kept", { amount: money(deal.keep) })}</p> : null}
      {state.kind === "answer" && !sending && (
        <div class="pdeal-buttons">
          <button type="button" class="btn btn-primary btn-big" data-testid="player-deal-accept" onClick={() => answer(true)}>
            {t("pdeal.accept")}
          </button>
          <button type="button" class="btn btn-danger btn-big" data-testid="player-deal-reject" onClick={() => setAsking(true)}>
            {t("pdeal.reject")}
          </button>
        </div>
      )}
      {sending && <p class="pdeal-answered" role="status">{t("pdeal.sending")}</p>}
      {state.kind === "answered" && !sending && (
        <p class={`pdeal-answered ${state.accepted ? "is-yes" : "is-no"}`} data-testid="player-deal-answered" role="status">
          {state.accepted ? `✓ ${t("pdeal.you_accepted")}` : t("pdeal.you_rejected")}
          {progress.waiting > 0 && ` ${t("pdeal.waiting", { n: progress.waiting })}`}
        </p>
      )}
      <RefusedAnswer tid={props.tid} />
      <Rows deal={deal} mine={mine?.entry_id ?? null} money={money} answers />
      {asking && (
        <Confirm
          title={t("pdeal.reject_title")}
          text={t("pdeal.reject_text")}
          confirmLabel={t("pdeal.reject")}
          danger
          testid="player-deal-reject-confirm"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            answer(false);
          }}
        />
      )}
    </section>
  );
}

/** Everyone's amount (the table sees them all), and who has said yes. */
function Rows(props: { deal: NonNullable<ReturnType<typeof readDeal>>; mine: number | null; money: (n: number) => string; answers?: boolean }) {
  return (
    <details class="pdeal-table" open={props.answers}>
      <summary>{t("pdeal.table")}</summary>
      <ul>
        {props.deal.rows.map((r) => (
          <li key={r.entry_id} class={r.entry_id === props.mine ? "is-me" : ""} data-testid={`player-deal-row-${r.entry_id}`} data-answer={r.answer ?? "none"}>
            <span class="pdeal-name">
              {r.name}
              {r.entry_id === props.mine ? ` (${t("deal.you")})` : ""}
            </span>
            <span class="pdeal-chips">{formatNumber(r.chips)}</span>
            <span class="pdeal-row-amount">{props.money(r.amount)}</span>
            {props.answers && <span class={`pdeal-mark is-${r.answer ?? "none"}`} title={answerLabel(r.answer)} aria-label={answerLabel(r.answer)}>{r.answer === "accepted" ? "✓" : r.answer === "rejected" ? "✗" : "…"}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

const answerLabel = (a: "accepted" | "rejected" | null) =>
  a === "accepted" ? t("deal.answer.accepted") : a === "rejected" ? t("deal.answer.rejected") : t("deal.answer.none");

// The refusals his answer can meet, in his words (ui/reasons.ts and the review list would bring every
// refusal's and command's words into the player's chunk); anything else shows the server's sentence.
const REFUSED: Record<string, MessageKey> = {
  deal_closed: "pdeal.refused_closed",
  already_answered: "pdeal.refused_answered",
  not_in_deal: "pdeal.refused_not_in",
  unknown_deal: "pdeal.refused_closed",
};

/** His answer the server refused (the deal closed meanwhile, he had answered already), until he taps it away. */
function RefusedAnswer(props: { tid: number | string | null }) {
  const refused = useOutbox().filter(
    (e) => e.type === "answer_deal" && e.state === "rejected" && String(e.tournament_id) === String(props.tid),
  );
  return (
    <>
      {refused.map((e) => (
        <p key={e.op_id} class="error pdeal-refused" role="alert" data-testid="player-deal-refused">
          {e.error && REFUSED[e.error] ? t(REFUSED[e.error]) : (e.message ?? e.error ?? "")}{" "}
          <button type="button" class="linkish" onClick={() => void outbox.dismiss(e.op_id)}>
            {t("common.dismiss")}
          </button>
        </p>
      ))}
    </>
  );
}
