import { t } from "../../../i18n";
import { withRule } from "../../../ui/reasons";
import type { RemovedStack } from "../../../api/views";

/** N-3.2: the director collects the absent player's stake; the dealer leaves the stack for him. */
export function RemovedStackNotes(props: { stacks: RemovedStack[] | undefined }) {
  return (
    <>
      {(props.stacks ?? []).map((r) => (
        <p key={r.entry_id} class="card removed-note" data-testid={`removed-note-${r.entry_id}`} role="status">
          {withRule(t("removed.dealer_note", { seat: r.seat ?? "–", name: r.name }), r.rule ?? "")}
        </p>
      ))}
    </>
  );
}
