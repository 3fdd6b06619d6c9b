// A stack that left play without a count — the absent player's at the bubble (N-3.2: "der Stake
// wird vom Turnierleiter eingezogen": the director collects it), a player who left or was
// disqualified — is counted on the director's phone (`count_removed_stack`; the server takes the
// dealer of its table too): then its chips leave play and the average stack on every screen stops
// counting them (engine/moments.py). The dealer's phone says to leave the stack for the director.
import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import type { RemovedStack } from "../../../api/views";
import "../../../ui/moments.css";
import type { Send } from "../../../sync/outbox";

function lead(s: RemovedStack): string {
  const who = t("removed.who_table", { table: s.table_no ?? "–", seat: s.seat ?? "–", name: s.name });
  const why = s.reason === "absent" || s.reason === "no_show" ? t("removed.why_absent") : s.reason === "disqualified" ? t("removed.why_disqualified") : t("removed.why_left");
  return `${who} ${why}${s.rule ? ` (${s.rule})` : ""}.`;
}

function Row(props: { s: RemovedStack; pending: boolean; onCount: (chips: number) => void }) {
  const { s } = props;
  const [value, setValue] = useState("");
  const chips = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
  const [tried, setTried] = useState(false);
  const id = `removed-${s.entry_id}`;
  return (
    <li class="removed-stack-row" data-testid={`removed-stack-${s.entry_id}`} data-entry-id={s.entry_id}>
      <p class="removed-stack-lead">{lead(s)}</p>
      {props.pending ? (
        <span class="tag tag-pending">{t("common.pending")}</span>
      ) : (
        <form
          class="removed-stack-form"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (chips != null) props.onCount(chips);
          }}
        >
          <label class="visually-hidden" for={id}>
            {t("removed.chips_label", { name: s.name })}
          </label>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autocomplete="off"
            placeholder={t("removed.chips")}
            data-testid={`removed-chips-${s.entry_id}`}
            aria-invalid={tried && chips == null ? true : undefined}
            value={value}
            onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          />
          <button type="submit" class="btn btn-primary" data-testid={`removed-save-${s.entry_id}`} disabled={chips == null}>
            {t("removed.save")}
          </button>
        </form>
      )}
    </li>
  );
}

/** The stacks to count, each with its table and seat. */
export function RemovedStacks(props: {
  stacks: RemovedStack[] | null | undefined;
  pending: Set<number>;
  send: Send;
}) {
  useLang();
  const stacks = props.stacks ?? [];
  if (!stacks.length) return null;
  return (
    <section class="card removed-stack" data-testid="removed-stacks" role="alert" aria-labelledby="removed-h">
      <h2 id="removed-h">{t("removed.title")}</h2>
      <ul class="removed-stack-list">
        {stacks.map((s) => (
          <Row
            key={s.entry_id}
            s={s}
            pending={props.pending.has(s.entry_id)}
            onCount={(chips) => props.send("count_removed_stack", { entry_id: s.entry_id, chips }, { name: s.name })}
          />
        ))}
      </ul>
      <p class="muted small">{t("removed.hint")}</p>
    </section>
  );
}
