import { useState } from "preact/hooks";
import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import { withHouseRule } from "../../../ui/houseRules";
import type { EntryAction } from "../../../money/money";
import type { Entry, Send } from "../shared/types";
import type { PayloadOf } from "../../../api/views";

type LeaveReason = NonNullable<PayloadOf<"player_leaves">["reason"]>;

/** The confirm step of a player's action: rebuy, add-on, re-entry, check-in, an alternate in his
 * seat (S-#46, with the alternate's name), a player who leaves (why), a disqualification (why). */
export function EntryActionDialog(props: { entry: Entry; action: EntryAction; send: Send; onClose: () => void }) {
  const { entry: e, action: a } = props;
  const [reason, setReason] = useState("");
  const [leaveReason, setLeaveReason] = useState<LeaveReason>("left");

  function done() {
    if (a === "disqualify") {
      const r = reason.trim();
      if (!r) return;
      props.send("disqualify", { entry_id: e.entry_id, reason: r }, { name: e.name });
    } else if (a === "player_leaves") {
      props.send("player_leaves", { entry_id: e.entry_id, reason: leaveReason }, { name: e.name });
    } else if (a === "alternate") {
      const n = reason.trim(); // the alternate's name (S-#46)
      if (!n) return;
      props.send("seat_alternate", { name: n, replaces: e.entry_id }, { name: n, for: e.name });
    } else {
      props.send(a, { entry_id: e.entry_id }, { name: e.name });
    }
    props.onClose();
  }

  return (
    <Confirm
      title={
        a === "disqualify"
          ? t("entry.dq_title", { name: e.name })
          : a === "player_leaves"
            ? t("entry.leaves_title", { name: e.name })
            : a === "alternate"
              ? t("entry.alternate_title", { name: e.name })
              : t("entry.confirm_action", { action: t(`entry.${a}` as "entry.rebuy"), name: e.name })
      }
      text={
        a === "disqualify"
          ? withHouseRule(t("entry.dq_text"), "disqualification")
          : a === "player_leaves"
            ? withHouseRule(t("entry.leaves_text", { name: e.name }), "leave")
            : a === "alternate"
              ? withHouseRule(t("entry.alternate_text", { name: e.name, t: e.table_no ?? "?", s: e.seat ?? "?" }), "alternates")
              : a === "remove_registration"
                ? t("entry.remove_registration_text", { name: e.name })
                : undefined
      }
      confirmLabel={t(`entry.${a}` as "entry.rebuy")}
      danger={a === "disqualify" || a === "player_leaves" || a === "remove_registration"}
      testid="entry-action-confirm"
      disabled={(a === "disqualify" || a === "alternate") && !reason.trim()}
      onCancel={props.onClose}
      onConfirm={done}
    >
      {a === "disqualify" && (
        <label class="field">
          <span>{t("entry.dq_reason")}</span>
          <input data-testid="entry-dq-reason" value={reason} maxLength={200} autocomplete="off" onInput={(ev) => setReason((ev.target as HTMLInputElement).value)} />
          {!reason.trim() && <span class="muted small">{t("entry.dq_reason_missing")}</span>}
        </label>
      )}
      {a === "alternate" && (
        <label class="field">
          <span>{t("entry.alternate_name")}</span>
          <input data-testid="entry-alternate-name" value={reason} maxLength={80} autocomplete="off" onInput={(ev) => setReason((ev.target as HTMLInputElement).value)} />
        </label>
      )}
      {a === "player_leaves" && (
        <div class="choice-list" role="radiogroup" aria-label={t("entry.leaves_reason")}>
          {(["left", "absent", "no_show"] as const).map((r) => (
            <label key={r} class={`scheck choice ${leaveReason === r ? "is-on" : ""}`}>
              <input type="radio" name="leave-reason" data-testid={`entry-leave-${r}`} checked={leaveReason === r} onChange={() => setLeaveReason(r)} />
              <span>{t(`entry.leaves_${r}` as "entry.leaves_left")}</span>
            </label>
          ))}
        </div>
      )}
    </Confirm>
  );
}
