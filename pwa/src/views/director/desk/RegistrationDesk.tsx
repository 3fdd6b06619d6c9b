import { useState } from "preact/hooks";
import { matchesName } from "../../../ui/search";
import { byFamilyName } from "../../../ui/names";
import { amountText } from "../../../money/money";
import { t, useLang, formatTime } from "../../../i18n";
import type { OutboxEntry } from "../../../sync/db";
import { Confirm } from "../../../ui/Confirm";
import { ImportCsv } from "./ImportCsv";

import type { Send } from "../../../sync/outbox";
import type * as api from "../../../api/views";

type DeskEntry = api.Entry;
type Desk = api.Registration;
type Waiting = api.Waiting;

const ROWS_SHOWN = 60; // a 10,000-player field is searched, not scrolled

function cite(desk: Desk, key: keyof Desk["cite"]): string {
  return desk.cite?.[key] ? ` (${desk.cite[key]})` : "";
}

/** The registration card's desk (N-3.2 to N-3.6, P-Teilnahme): capacity, each player's
 *  Prepaid / ID / check-in, the waiting list, closing check-in, and the CSV import. */
export function RegistrationDesk(props: { view: api.DirectorView | undefined; tid: string; token: string | null; pending: OutboxEntry[]; send: Send }) {
  const lang = useLang();
  const [query, setQuery] = useState("");
  const [onlyAway, setOnlyAway] = useState(false);
  const [checking, setChecking] = useState<DeskEntry | null>(null);
  const [promoteId, setPromoteId] = useState<Waiting | null>(null);
  const [closing, setClosing] = useState(false);
  const [menu, setMenu] = useState<number | null>(null);
  const [takeBack, setTakeBack] = useState<DeskEntry | null>(null);
  const desk: Desk | undefined = props.view?.registration;
  if (!props.view || !desk || !desk.open) return null;
  const entries = props.view.entries.filter((e) => e.status === "active");
  const pendingFor = new Set(
    props.pending.filter((p) => p.state === "pending" && p.payload.entry_id != null).map((p) => Number(p.payload.entry_id)),
  );
  const online = new Set(desk.signed_up ?? []); // signed up on the club's page (their phone has the link)
  const pendingTypes = new Set(props.pending.filter((p) => p.state === "pending").map((p) => p.type));
  const q = query.trim().toLocaleLowerCase();
  // A stable order, by family name: a row never jumps away under the thumb when a player checks in.
  const ordered = [...entries].sort((a, b) => byFamilyName(a.name, b.name) || a.entry_id - b.entry_id);
  const away = entries.filter((e) => e.present === false).length;
  const matches = (q ? ordered.filter((e) => matchesName(e.name, q)) : ordered).filter((e) => !onlyAway || e.present === false || e.entry_id === checking?.entry_id);
  const shown = matches.slice(0, ROWS_SHOWN);
  const closed = desk.check_in_closed_at != null;
  const full = desk.capacity != null && desk.field >= desk.capacity;
  const send = props.send;
  const settings = (props.view?.settings ?? {}) as { buy_in?: number; fee?: number; currency?: string };
  const price = Number(settings.buy_in ?? 0) + Number(settings.fee ?? 0);

  /** N-3.1: an unpaid player pays at check-in; N-3.4: his ID is seen. One confirm says both; a
   *  prepaid player whose ID is known checks in with one tap. */
  function checkIn(e: DeskEntry) {
    const collect = price > 0 && !e.prepaid;
    if (collect || (desk!.id_check && !e.id_checked)) setChecking(e);
    else send("check_in", { entry_id: e.entry_id }, { name: e.name });
  }

  return (
    <section class="card desk" id="desk" data-testid="desk" aria-labelledby="desk-h">
      <div class="desk-head">
        <h2 id="desk-h">{t("desk.title")}</h2>
        <span
          class={`desk-capacity ${full ? "is-full" : ""}`}
          data-testid="desk-capacity"
          data-field={desk.field}
          data-capacity={desk.capacity ?? undefined}
          title={t("desk.capacity_label")}
        >
          {desk.capacity != null ? t("desk.capacity", { field: desk.field, max: desk.capacity }) : t("desk.field_only", { field: desk.field })}
          <span class="muted small">{cite(desk, "capacity")}</span>
        </span>
      </div>
      <p class="muted small" data-testid="desk-deadline">
        {closed
          ? t("desk.closed_at", { time: formatTime(desk.check_in_closed_at, lang) })
          : desk.check_in_closes
            ? t("desk.closes_at", { time: desk.check_in_closes })
            : ""}
        {cite(desk, "check_in")}
      </p>

      <h3 class="desk-sub">{t("desk.waiting_title", { n: desk.waiting_total ?? desk.waiting.length })}</h3>
      {desk.waiting.length === 0 ? (
        <p class="muted small" data-testid="desk-waiting-none">{t("desk.waiting_none")}</p>
      ) : (
        <ol class="desk-waiting" data-testid="desk-waiting">
          {desk.waiting.map((w) => (
            <li key={w.wait_id} class="desk-waiting-row" data-testid={`desk-waiting-${w.wait_id}`} data-position={w.position}>
              <span class="desk-position">{w.position}.</span>
              <span class="desk-name">
                {w.name}
                {w.signed_up && <span class="desk-facts muted small"> · {t("desk.online")}</span>}
              </span>
              <button
                type="button"
                class="btn btn-ghost btn-small"
                data-testid={`desk-waiting-remove-${w.wait_id}`}
                aria-label={t("desk.remove_label", { name: w.name })}
                onClick={() => send("remove_waiting", { wait_id: w.wait_id }, { name: w.name })}
              >
                {t("desk.remove")}
              </button>
            </li>
          ))}
        </ol>
      )}
      {desk.waiting.length > 0 && !full && (
        <button
          type="button"
          class="btn btn-secondary btn-block"
          data-testid="desk-promote"
          disabled={pendingTypes.has("promote_waiting")}
          onClick={() => {
            // N-3.4: the player moving up takes his seat at the desk: his ID first, where it is checked.
            const head = desk.waiting[0];
            if (desk.id_check && !head.id_checked) setPromoteId(head);
            else send("promote_waiting", {});
          }}
        >
          {t("desk.promote", { name: desk.waiting[0].name })}
        </button>
      )}

      {desk.close_preview && (
        <button
          type="button"
          class="btn btn-warn btn-block desk-close"
          data-testid="desk-close"
          disabled={pendingTypes.has("close_check_in")}
          onClick={() => setClosing(true)}
        >
          {t("desk.close")}
        </button>
      )}

      <ImportCsv tid={props.tid} token={props.token} />

      <h3 class="desk-sub">{t("desk.players_title", { n: entries.length })}</h3>
      <p class="desk-progress" data-testid="desk-progress" data-here={entries.length - away} data-away={away}>
        {t("desk.progress", { here: entries.length - away, n: entries.length })}
        {away > 0 && (
          <button
            type="button"
            class={`chip-toggle ${onlyAway ? "is-on" : ""}`}
            aria-pressed={onlyAway}
            data-testid="desk-only-away"
            onClick={() => setOnlyAway(!onlyAway)}
          >
            {t("desk.only_away", { n: away })}
          </button>
        )}
      </p>
      {entries.length > 12 && (
        <input
          type="search"
          class="desk-search"
          data-testid="desk-search"
          aria-label={t("desk.search")}
          placeholder={t("desk.search")}
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
      )}
      <ul class="desk-rows" data-testid="desk-rows">
        {shown.map((e) => {
          const busy = pendingFor.has(e.entry_id);
          const here = e.present !== false;
          return (
            <li
              key={e.entry_id}
              class={`desk-row ${busy ? "is-pending" : ""} ${here ? "is-here" : ""}`}
              data-testid={`desk-row-${e.entry_id}`}
              data-present={here ? "true" : "false"}
              data-prepaid={e.prepaid ? "true" : "false"}
              data-id-checked={e.id_checked ? "true" : "false"}
              data-online={online.has(e.entry_id) ? "true" : undefined}
              data-confirmed={e.confirmed == null ? undefined : e.confirmed ? "true" : "false"}
            >
              <span class="desk-name">
                {e.name}
                <span class="desk-facts muted small">
                  {online.has(e.entry_id) ? ` · ${t("desk.online")}` : ""}
                  {e.confirmed === false ? ` · ${t("desk.not_confirmed")}` : e.confirmed && !here ? ` · ${t("desk.confirmed")}` : ""}
                  {e.prepaid ? ` · ${t("desk.prepaid_short")}` : ""}
                  {desk.id_check && !e.id_checked ? ` · ${t("desk.id_missing")}` : ""}
                  {!here ? ` · ${t("desk.not_here")}` : ""}
                </span>
              </span>
              <span class="desk-toggles">
                {here ? (
                  <span class="tag tag-active desk-checked" data-testid={`desk-checked-${e.entry_id}`}>{t("desk.checked_in")}</span>
                ) : (
                  <button
                    type="button"
                    class="btn btn-primary btn-small"
                    data-testid={`desk-checkin-${e.entry_id}`}
                    disabled={busy || (closed && !e.prepaid && !(desk.check_in_open_for ?? []).includes(e.entry_id))}
                    onClick={() => checkIn(e)}
                  >
                    {t("desk.check_in")}
                  </button>
                )}
                <button
                  type="button"
                  class="btn btn-ghost btn-small desk-more"
                  data-testid={`desk-more-${e.entry_id}`}
                  aria-expanded={menu === e.entry_id}
                  aria-label={t("entry.more")}
                  onClick={() => setMenu(menu === e.entry_id ? null : e.entry_id)}
                >
                  {menu === e.entry_id ? "✕" : "⋯"}
                </button>
              </span>
              {menu === e.entry_id && (
                <div class="desk-row-menu">
                  <button
                    type="button"
                    class={`chip-toggle ${e.prepaid ? "is-on" : ""}`}
                    aria-pressed={!!e.prepaid}
                    data-testid={`desk-prepaid-${e.entry_id}`}
                    disabled={busy}
                    onClick={() => send("set_registration_flags", { entry_id: e.entry_id, prepaid: !e.prepaid }, { name: e.name })}
                  >
                    {t("desk.prepaid")}
                  </button>
                  <button
                    type="button"
                    class={`chip-toggle ${e.id_checked ? "is-on" : desk.id_check ? "is-needed" : ""}`}
                    aria-pressed={!!e.id_checked}
                    data-testid={`desk-id-${e.entry_id}`}
                    disabled={busy}
                    onClick={() => send("set_registration_flags", { entry_id: e.entry_id, id_checked: !e.id_checked }, { name: e.name })}
                  >
                    {e.id_checked ? t("desk.id") : t("desk.id_missing")}
                  </button>
                  <button type="button" class="btn btn-danger btn-small" data-testid={`desk-take-back-${e.entry_id}`} disabled={busy} onClick={() => setTakeBack(e)}>
                    {t("entry.remove_registration")}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {matches.length > shown.length && <p class="muted small">{t("desk.more", { n: matches.length - shown.length })}</p>}

      {desk.released.length > 0 && (
        <details class="desk-released" data-testid="desk-released">
          <summary>{t("desk.released_title", { n: desk.released_total })}</summary>
          <p class="muted small">{desk.released.map((r) => r.name).join(", ")}</p>
        </details>
      )}


      {checking && (
        <Confirm
          title={t("desk.checkin_title", { name: checking.name })}
          confirmLabel={price > 0 && !checking.prepaid ? t("desk.collected_confirm") : t("desk.id_confirm")}
          testid="desk-id-confirm"
          onCancel={() => setChecking(null)}
          onConfirm={() => {
            const idNow = desk.id_check && !checking.id_checked;
            send("check_in", idNow ? { entry_id: checking.entry_id, id_checked: true } : { entry_id: checking.entry_id }, { name: checking.name });
            setChecking(null);
          }}
        >
          {price > 0 && !checking.prepaid && (
            <p class="collect" data-testid="desk-collect" data-amount={price}>
              {t("desk.collect", { amount: amountText(price, settings.currency, lang) })}
            </p>
          )}
          {price > 0 && checking.prepaid && <p class="muted">{t("desk.prepaid_nothing")}</p>}
          {desk.id_check && !checking.id_checked && <p>{`${t("desk.id_text")}${cite(desk, "id_check")}`}</p>}
        </Confirm>
      )}
      {takeBack && (
        <Confirm
          title={t("entry.confirm_action", { action: t("entry.remove_registration"), name: takeBack.name })}
          text={t("entry.remove_registration_text", { name: takeBack.name })}
          confirmLabel={t("entry.remove_registration")}
          danger
          testid="desk-take-back-confirm"
          onCancel={() => setTakeBack(null)}
          onConfirm={() => {
            send("remove_registration", { entry_id: takeBack.entry_id }, { name: takeBack.name });
            setTakeBack(null);
            setMenu(null);
          }}
        />
      )}
      {promoteId && (
        <Confirm
          title={t("desk.id_title", { name: promoteId.name })}
          text={`${t("desk.id_text")}${cite(desk, "id_check")}`}
          confirmLabel={t("desk.promote_id_confirm")}
          testid="desk-promote-id-confirm"
          onCancel={() => setPromoteId(null)}
          onConfirm={() => {
            send("promote_waiting", { id_checked: true }, { name: promoteId.name });
            setPromoteId(null);
          }}
        />
      )}
      {closing && desk.close_preview && (
        <Confirm
          title={t("desk.close_title")}
          confirmLabel={t("desk.close")}
          testid="desk-close-confirm"
          danger
          onCancel={() => setClosing(false)}
          onConfirm={() => {
            send("close_check_in", {});
            setClosing(false);
          }}
        >
          <ClosePreview desk={desk} />
        </Confirm>
      )}
    </section>
  );
}

function ClosePreview(props: { desk: Desk }) {
  const p = props.desk.close_preview!;
  return (
    <div class="desk-preview" data-testid="desk-close-preview">
      <p class="small">{p.released_total ? t("desk.close_released") : t("desk.close_released_none")}</p>
      {p.released.length > 0 && (
        <ul class="desk-preview-list is-released">
          {p.released.map((r) => (
            <li key={r.entry_id} data-testid="desk-close-released">{r.name}</li>
          ))}
          {p.released_total > p.released.length && <li class="muted">{t("desk.close_more", { n: p.released_total - p.released.length })}</li>}
        </ul>
      )}
      <p class="small">{p.promoted_total ? t("desk.close_promoted") : t("desk.close_promoted_none")}</p>
      {p.promoted.length > 0 && (
        <ol class="desk-preview-list is-promoted">
          {p.promoted.map((r) => (
            <li key={r.wait_id} data-testid="desk-close-promoted">{r.name}</li>
          ))}
          {p.promoted_total > p.promoted.length && <li class="muted">{t("desk.close_more", { n: p.promoted_total - p.promoted.length })}</li>}
        </ol>
      )}
      <p class="muted small">{t("desk.close_kept")}</p>
    </div>
  );
}
