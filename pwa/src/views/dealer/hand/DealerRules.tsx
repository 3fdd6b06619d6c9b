// House rules on the dealer's phone that come from the table view:
// - P-Spielverlauf: a newcomer posts the big blind in his first hand ("Seat 4 (new) posts the big
//   blind this hand"), announced before that hand as "next hand";
// - S-#36: the penalties this table's dealer may give (`dealer_penalties`), else a warning only.
import { t } from "../../../i18n";
import type { SeatName } from "../../../api/views";

function lines(v: unknown): SeatName[] {
  return Array.isArray(v) ? (v as SeatName[]) : [];
}

/** On the hand card: who posts his first big blind in this hand, and who will in the next one. */
export function NewBigBlindLines(props: { table: Record<string, any> | null | undefined }) {
  const now = lines(props.table?.new_big_blinds);
  const next = lines(props.table?.owes_big_blind);
  if (!now.length && !next.length) return null;
  const row = (l: SeatName, when: "this_hand" | "next_hand") => (
    <li key={`${when}-${l.entry_id}`} class={`newbb-row is-${when}`} data-testid={`dealer-new-bb-${l.seat}`} data-when={when} data-seat={l.seat}>
      <span class="newbb-badge" aria-hidden="true">BB</span>
      <span class="newbb-text">
        <strong>{t(when === "this_hand" ? "dealer.new_bb_this_hand" : "dealer.new_bb_next_hand", { seat: l.seat })}</strong>
        <span class="newbb-name muted small">{l.name} · P-Spielverlauf</span>
      </span>
    </li>
  );
  return (
    <ul class="hand-newbb" data-testid="dealer-new-bb" role="status">
      {now.map((l) => row(l, "this_hand"))}
      {next.map((l) => row(l, "next_hand"))}
    </ul>
  );
}

export interface DealerPenalties {
  kinds: string[];
  orbits: number[];
  rule: string | null;
}

/** What this phone may give: the table view's `dealer_penalties`, a warning when it says nothing. */
export function dealerPenalties(table: Record<string, any> | null | undefined): DealerPenalties {
  const d = table?.dealer_penalties;
  const kinds = Array.isArray(d?.kinds) && d.kinds.length ? (d.kinds as string[]) : ["warning"];
  return { kinds, orbits: Array.isArray(d?.orbits) ? (d.orbits as number[]) : [], rule: d?.rule ?? null };
}
