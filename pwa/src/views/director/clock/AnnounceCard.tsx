import { useState } from "preact/hooks";
import { t, formatTime, type MessageKey } from "../../../i18n";
import { useServerNow } from "../../../ui/hooks";
import { announceText, running } from "../../../ui/announce";
import type { Announcement } from "../../../ui/announce";
import type { Send } from "../shared/types";
import "./announce.css";

const TEMPLATES = ["dinner_break", "last_call_reentries", "chip_race_at_break", "final_table_soon", "break_extended"] as const;

/** The director's announcements to the room (issue 33): a quick pick or a typed text, for so many
 * minutes, on every TV and every player's phone (and as a push); the running ones, each with
 * Withdraw. A refusal shows in the tournament's refused list like every command's. */
export function AnnounceCard(props: { view: { announcements?: Announcement[] } | undefined; send: Send; disabled?: boolean }) {
  const [text, setText] = useState("");
  const [minutes, setMinutes] = useState(10);
  const now = useServerNow(5000);
  const shown = running(props.view, now);
  const mins = Math.min(240, Math.max(1, Math.round(minutes) || 10));
  const w = (k: string, p?: Record<string, string | number>) => t(`announce.${k}` as MessageKey, p);
  return (
    <section class="card announce-card" aria-labelledby="announce-h" data-testid="announce-card">
      <h2 id="announce-h">{w("title")}</h2>
      <p class="muted small">{w("hint")}</p>
      <label for="announce-minutes">{w("minutes")}</label>
      <input id="announce-minutes" data-testid="announce-minutes" type="number" inputMode="numeric" min={1} max={240} value={minutes} onInput={(e) => setMinutes(Number(e.currentTarget.value))} />
      <form
        class="announce-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim() || props.disabled) return;
          props.send("announce", { text: text.trim(), minutes: mins });
          setText("");
        }}
      >
        <label for="announce-text">{w("text")}</label>
        <input id="announce-text" data-testid="announce-text" maxLength={140} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-describedby="announce-text-hint" />
        <p class="muted small" id="announce-text-hint">{w("text_hint")}</p>
        <button type="submit" class="btn btn-primary btn-block" data-testid="announce-send" disabled={props.disabled || !text.trim()}>
          {w("send")}
        </button>
      </form>
      <h3 class="announce-sub">{w("quick")}</h3>
      <div class="announce-quick">
        {TEMPLATES.map((k) => (
          <button type="button" class="btn btn-secondary" key={k} data-testid={`announce-template-${k}`} disabled={props.disabled} onClick={() => props.send("announce", { template: k, minutes: mins })}>
            {t(`cmdscreen.announce.t_${k}` as MessageKey, { minutes: mins })}
          </button>
        ))}
      </div>
      <h3 class="announce-sub">{w("active")}</h3>
      {shown.length ? (
        <ul class="announce-list">
          {shown.map((a) => (
            <li key={a.id} data-testid="announce-active" data-id={a.id}>
              <span class="announce-words">
                <strong>{announceText(a, now)}</strong> <span class="muted small">{w("until", { time: formatTime(a.until) })}</span>
              </span>
              <button type="button" class="btn btn-secondary" data-testid="announce-withdraw" onClick={() => props.send("withdraw_announcement", { announcement_id: a.id })}>
                {w("withdraw")}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{w("none")}</p>
      )}
    </section>
  );
}
