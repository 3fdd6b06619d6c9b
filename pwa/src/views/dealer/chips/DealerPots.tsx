import { useState } from "preact/hooks";
import { t, useLang, formatNumber } from "../../../i18n";
import { parseChips } from "../../../money/money";
import { buildPots, defaultChipUnit, levelNow, splitPot, type Contribution } from "../../../money/pots";
import { clockAt } from "../../../clock/clock";
import { serverNow } from "../../../sync/timeOffset";
import type { PublicView } from "../../../api/views";
import type { SeatName as Seat } from "../../../api/views";
import { withHouseRule } from "../../../ui/houseRules";

/**
 * Side pots and the odd chip, worked out on the phone (nothing is sent): each player's chips in
 * the pot and who folded give the main and side pots (V-X.p, S-#30); tapping each pot's winners
 * splits it, the odd chip to the first winner clockwise from the button (N-2.7, V-VII.b, S-#11).
 */
/** The side-pot helper with the chip unit of the level in play (a chunk of its own, Dealer.tsx). */
export function DealerPotsNow(props: { seats: Seat[]; button: number | null; pub: PublicView | null; onClose: () => void }) {
  const pub = props.pub;
  const index = pub?.clock ? clockAt(pub.structure ?? [], pub.clock, serverNow()).index : 0;
  return <DealerPots seats={props.seats} button={props.button} unit={defaultChipUnit(levelNow(pub?.structure, index))} onClose={props.onClose} />;
}

export function DealerPots(props: { seats: Seat[]; button: number | null; unit: number; onClose: () => void }) {
  useLang();
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [folded, setFolded] = useState<Set<number>>(new Set());
  const [winners, setWinners] = useState<Record<number, number[]>>({});
  const [unitRaw, setUnitRaw] = useState(String(props.unit));
  const name = (seat: number) => props.seats.find((s) => s.seat === seat)?.name ?? "";

  const contribs: Contribution[] = [];
  const bad = new Set<number>();
  for (const s of props.seats) {
    const raw = amounts[s.seat] ?? "";
    if (!raw.trim()) continue;
    const v = parseChips(raw);
    if (!v.ok) bad.add(s.seat);
    else contribs.push({ seat: s.seat, amount: v.value, folded: folded.has(s.seat) });
  }
  const unitParsed = parseChips(unitRaw);
  const unit = unitParsed.ok && unitParsed.value > 0 ? unitParsed.value : 1;
  const { pots, returned } = buildPots(contribs);
  const edit = (fn: () => void) => {
    fn();
    setWinners({}); // the pots changed: pick the winners again
  };

  return (
    <section class="card dealer-pots" data-testid="pots-panel" aria-labelledby="pots-h">
      <h2 id="pots-h">{t("pots.title")}</h2>
      <p class="muted small">{t("pots.lead")}</p>
      <ul class="pots-seats">
        {props.seats.map((s) => (
          <li key={s.seat} class={folded.has(s.seat) ? "is-folded" : ""}>
            <span class="seat-no">{s.seat}</span>
            <span class="seat-name">{s.name}</span>
            <input
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autocomplete="off"
              aria-label={t("pots.in_pot", { name: s.name })}
              placeholder="0"
              data-testid={`pots-amount-${s.seat}`}
              class={bad.has(s.seat) ? "is-invalid" : ""}
              aria-invalid={bad.has(s.seat) ? true : undefined}
              value={amounts[s.seat] ?? ""}
              onInput={(e) => edit(() => setAmounts({ ...amounts, [s.seat]: (e.target as HTMLInputElement).value }))}
            />
            <button
              type="button"
              class={`btn btn-small ${folded.has(s.seat) ? "btn-warn" : "btn-secondary"}`}
              aria-pressed={folded.has(s.seat)}
              data-testid={`pots-fold-${s.seat}`}
              onClick={() =>
                edit(() => {
                  const next = new Set(folded);
                  if (next.has(s.seat)) next.delete(s.seat);
                  else next.add(s.seat);
                  setFolded(next);
                })
              }
            >
              {t("pots.folded")}
            </button>
          </li>
        ))}
      </ul>
      {bad.size > 0 && <p class="field-error" role="alert" data-testid="pots-error">{t("chipcount.invalid")}</p>}
      <label class="field pots-unit">
        <span>{t("pots.unit")}</span>
        <input type="text" inputMode="numeric" pattern="[0-9]*" data-testid="pots-unit" value={unitRaw} onInput={(e) => setUnitRaw((e.target as HTMLInputElement).value)} />
      </label>
      {pots.map((pot, i) => {
        const chosen = winners[i] ?? [];
        const shares = splitPot(pot.amount, chosen, unit, props.button);
        return (
          <div class="pot" key={i} data-testid={`pot-${i}`} data-amount={pot.amount}>
            <h3>
              {i === 0 ? t("pots.main") : t("pots.side", { n: i })}: {formatNumber(pot.amount)}
            </h3>
            <p class="muted small">{t("pots.tap_winners")}</p>
            <div class="pick-grid pick-grid-small">
              {pot.eligible.map((seat) => {
                const on = chosen.includes(seat);
                return (
                  <button
                    type="button"
                    key={seat}
                    class={`btn pick-seat ${on ? "btn-primary is-on" : "btn-secondary"}`}
                    aria-pressed={on}
                    data-testid={`pot-${i}-winner-${seat}`}
                    onClick={() => setWinners({ ...winners, [i]: on ? chosen.filter((x) => x !== seat) : [...chosen, seat] })}
                  >
                    <span class="seat-no">{seat}</span>
                    <span class="pick-name">{name(seat)}</span>
                  </button>
                );
              })}
            </div>
            {chosen.length > 0 && (
              <ul class="pot-shares" data-testid={`pot-${i}-shares`}>
                {[...shares.entries()].map(([seat, amount]) => (
                  <li key={seat} data-seat={seat} data-amount={amount}>
                    {t("pots.share", { seat, name: name(seat), amount: formatNumber(amount) })}
                  </li>
                ))}
                {chosen.length > 1 && pot.amount % (unit * chosen.length) !== 0 && (
                  <li class="muted small">{withHouseRule(t("pots.odd_chip_rule"), "odd_chip")}</li>
                )}
              </ul>
            )}
          </div>
        );
      })}
      {returned && (
        <p class="pot-returned" data-testid="pots-returned">
          {t("pots.returned", { seat: returned.seat, name: name(returned.seat), amount: formatNumber(returned.amount) })}
        </p>
      )}
      <button type="button" class="btn btn-secondary btn-block btn-big" data-testid="pots-close" onClick={props.onClose}>
        {t("pots.close")}
      </button>
    </section>
  );
}
