import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Confirm } from "../../../ui/Confirm";
import { t, useLang, formatNumber, formatTime, formatDecimal } from "../../../i18n";
import type { OutboxEntry } from "../../../sync/db";
import { amountText, payoutRowText, placeText, type PayoutDue } from "../../../money/money";

import type { ChipsInPlay, Correction } from "../../../api/views";
type Chips = ChipsInPlay;
/** The parts of the director view both money cards read. */
function moneyOf(v: any): { currency: string | null; due: PayoutDue[]; corrections: Correction[]; chips: Chips | null } {
  return {
    currency: v.currency ?? null,
    due: Array.isArray(v.payouts_due) ? v.payouts_due : [],
    corrections: Array.isArray(v.corrections) ? v.corrections : [],
    chips: v.chips ?? null,
  };
}

import type { Send } from "../../../sync/outbox";

/** N-3.8: who to pay now (one big Paid per row), corrections, the chip check, the pool and the ledger. */
export function MoneyCard(props: { view: any; pending: OutboxEntry[]; send: Send }) {
  const l = useLang();
  const v = props.view;
  if (!v) return null;
  const { currency, due, corrections, chips } = moneyOf(v);
  const money = v.money ?? null;
  const ledger: any[] = Array.isArray(v.ledger) ? v.ledger : [];

  return (
    <>
      <section class="card money-card" id="money" data-testid="money-card" aria-labelledby="money-h">
        <h2 id="money-h">{t("money.title")}</h2>
        {due.length === 0 && corrections.length === 0 && <p class="muted" data-testid="payouts-none">{t("money.none_due")}</p>}
        {money && (
          <dl class="money-summary" data-testid="money-summary">
            <div class="money-pool">
              <dt>{t("money.pool")}</dt>
              <dd data-testid="money-pool" data-amount={money.prize_pool}>{amountText(money.prize_pool, currency, l)}</dd>
            </div>
            <div>
              <dt>{t("money.buy_ins")}</dt>
              <dd>{money.buy_ins}</dd>
            </div>
            <div>
              <dt>{t("money.rebuys")}</dt>
              <dd data-testid="money-rebuys">{money.rebuys}</dd>
            </div>
            <div>
              <dt>{t("money.addons")}</dt>
              <dd>{money.addons}</dd>
            </div>
            <div>
              <dt>{t("money.reentries")}</dt>
              <dd>{money.reentries}</dd>
            </div>
            <div>
              <dt>{t("money.fees")}</dt>
              <dd>{amountText(money.fees, currency, l)}</dd>
            </div>
            <div>
              <dt>{t("money.paid_out")}</dt>
              <dd>{amountText(money.paid_out, currency, l)}</dd>
            </div>
            <div>
              <dt>{t("money.paid_places")}</dt>
              <dd>{money.paid_places}</dd>
            </div>
          </dl>
        )}
        {Array.isArray(v.payouts) && v.payouts.length > 0 && (
          <section class="payouts" data-testid="director-payouts" aria-label={t("display.payouts")}>
            <h2>{t("display.payouts")}</h2>
            <ol>
              {v.payouts.map((p: any) => (
                <li key={p.place} data-place={p.place}>
                  <span class="payout-place">{placeText(p.place, 1, l)}</span>
                  <span class="payout-amount">{amountText(p.amount, currency, l)}</span>
                  <span class="payout-pct">{formatDecimal(p.percent, 2)}%</span>
                </li>
              ))}
            </ol>
          </section>
        )}
        {chips && !chips.alarm && <ChipCheck chips={chips} />}
        {ledger.length > 0 && (
          <details class="ledger">
            <summary>{t("money.ledger")}</summary>
            <ul>
              {ledger.slice(0, 20).map((m, i) => (
                <li key={`${m.seq}-${i}`}>
                  <span>{t(`money.ledger.${m.kind}` as "money.ledger.payout")}</span>
                  <span class="ledger-name">{m.name}</span>
                  <span class="ledger-amount">{amountText(m.amount, currency, l)}</span>
                  <span class="muted small">{m.at ? formatTime(m.at) : ""}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
    </>
  );
}

function ChipCheck(props: { chips: Chips; alarmOnly?: boolean }) {
  const c = props.chips;
  const complete = c.difference != null;
  const diff = c.difference ?? 0;
  const signed = `${diff > 0 ? "+" : diff < 0 ? "−" : "±"}${formatNumber(Math.abs(diff))}`;
  return (
    <section
      class={`card chip-check ${c.alarm ? "is-alarm" : ""}`}
      data-testid="chip-check"
      data-alarm={c.alarm ? "true" : "false"}
      data-difference={c.difference ?? undefined}
      role={c.alarm ? "alert" : undefined}
    >
      <h2>{t("chips.title")}</h2>
      {c.alarm ? (
        <>
          <p class="chip-alarm" data-testid="chip-alarm">{t("chips.alarm")}</p>
          <p>{t("chips.alarm_text", { counted: formatNumber(c.counted), in_play: formatNumber(c.in_play), diff: signed })}</p>
        </>
      ) : (
        <p class={complete ? "chip-ok" : "muted"}>{complete ? t("chips.ok") : t("chips.incomplete")}</p>
      )}
      <dl class="money-summary">
        <div>
          <dt>{t("chips.in_play")}</dt>
          <dd data-testid="chips-in-play">{formatNumber(c.in_play)}</dd>
        </div>
        <div>
          <dt>{t("chips.counted")}</dt>
          <dd data-testid="chips-counted">{c.counted == null ? "–" : formatNumber(c.counted)}</dd>
        </div>
        <div>
          <dt>{t("chips.difference")}</dt>
          <dd>{complete ? signed : "–"}</dd>
        </div>
      </dl>
      <p class="muted small">
        {t("chips.tables", { n: c.tables_counted, total: c.tables_total })}
        {c.tolerance ? ` · ${t("chips.tolerance", { n: formatNumber(c.tolerance) })}` : ""}
      </p>
      {c.unknown_removals > 0 && <p class="muted small">{t("chips.unknown_removals", { n: c.unknown_removals })}</p>}
    </section>
  );
}

/** What to hand over now (and the chip alarm): shown at the top of the director's screen. */
export function MoneyDue(props: { view: any; pending: OutboxEntry[]; send: Send }) {
  const l = useLang();
  const v = props.view;
  if (!v) return null;
  const { currency, due, corrections, chips } = moneyOf(v);
  const pendingPaid = new Set(props.pending.filter((e) => e.state === "pending" && e.type === "confirm_payout").map((e) => Number(e.payload.entry_id)));
  const pendingSettled = new Set(props.pending.filter((e) => e.state === "pending" && e.type === "settle_correction").map((e) => String(e.payload.id)));
  const entryOf = (entryId: number): any => (v.entries ?? []).find((e: any) => e.entry_id === entryId);

  return (
    <>
      {chips?.alarm && <ChipCheck chips={chips} alarmOnly />}
      {(due.length > 0 || corrections.length > 0) && (
        <section class="card money-due" id="money-due" data-testid="payouts-due" aria-labelledby="due-h">
          <h2 id="due-h">{t("money.pay_out")}</h2>
          <ul class="due-list">
            {due.map((d) => (
              <DueRow
                key={d.entry_id}
                pending={pendingPaid.has(d.entry_id)}
                testid={`payout-due-${d.entry_id}`}
                attrs={{ "data-amount": d.amount }}
                buttonTestid={`payout-paid-${d.entry_id}`}
                buttonLabel={t("money.paid")}
                confirmTitle={t("money.paid_confirm_title", { name: d.name, amount: amountText(d.amount, currency, l) })}
                confirmText={`${payoutRowText(d, currency, l)}. ${t("money.paid_confirm_text")}`}
                onConfirm={() => props.send("confirm_payout", { entry_id: d.entry_id }, { name: d.name })}
              >
                {payoutRowText(d, currency, l)}
              </DueRow>
            ))}
          </ul>
          {corrections.length > 0 && (
            <>
              <h3>{t("money.corrections")}</h3>
              <ul class="due-list">
                {corrections.map((c) => (
                  <DueRow
                    key={c.id}
                    correction
                    pending={pendingSettled.has(String(c.id))}
                    testid={`correction-${c.id}`}
                    attrs={{ "data-entry-id": c.entry_id }}
                    buttonTestid={`correction-settle-${c.id}`}
                    buttonLabel={t("money.settled")}
                    confirmTitle={t("money.settle_confirm_title", { name: c.name })}
                    onConfirm={() => props.send("settle_correction", { id: c.id }, { name: c.name })}
                  >
                    {t("money.correction_paid", { name: c.name, paid: amountText(c.paid, currency, l) })}{" "}
                    {entryOf(c.entry_id)?.disqualified || c.place == null
                      ? t("money.correction_now_none")
                      : t("money.correction_now", { place: placeText(c.place, entryOf(c.entry_id)?.tie, l), due: amountText(c.due, currency, l) })}{" "}
                    <span class="correction-action">
                      {c.difference < 0
                        ? t("money.correction_back", { amount: amountText(-c.difference, currency, l) })
                        : t("money.correction_more", { amount: amountText(c.difference, currency, l) })}
                    </span>
                  </DueRow>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}

/** One thing to hand out or settle: what, and the big confirm button (or "pending" once tapped). */
function DueRow(props: {
  pending: boolean;
  correction?: boolean;
  testid: string;
  attrs: Record<string, string | number>;
  buttonTestid: string;
  buttonLabel: string;
  confirmTitle: string;
  confirmText?: string;
  onConfirm: () => void;
  children: ComponentChildren;
}) {
  // "Paid" hands out money: it asks once.
  const [asking, setAsking] = useState(false);
  return (
    <li class={`due-row ${props.correction ? "correction" : ""} ${props.pending ? "is-pending" : ""}`} data-testid={props.testid} {...props.attrs}>
      <span class="due-text">{props.children}</span>
      {props.pending ? (
        <span class="tag tag-pending">{t("common.pending")}</span>
      ) : (
        <button
          type="button"
          class={`btn ${props.correction ? "btn-warn" : "btn-primary"} btn-big due-paid`}
          data-testid={props.buttonTestid}
          onClick={() => setAsking(true)}
        >
          {props.buttonLabel}
        </button>
      )}
      {asking && (
        <Confirm
          title={props.confirmTitle}
          text={props.confirmText}
          confirmLabel={props.buttonLabel}
          testid="due-confirm"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            props.onConfirm();
          }}
        />
      )}
    </li>
  );
}
