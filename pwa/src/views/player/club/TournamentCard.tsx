import { useState } from "preact/hooks";
import { t, formatMoney, regionOf, type Lang } from "../../../i18n";
import { SignUpForm } from "./SignUpForm";
import { countdown, opensText, signUpState, type KeptSignUp, type Listing } from "./signUp";
import { dayText, timeText } from "../../../ui/dates";

/** A text the server gives in both languages ({en, de}) or in one. */
function localized(v: unknown, lang: Lang): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const s = o[lang] ?? o.en ?? Object.values(o)[0];
    return typeof s === "string" ? s : "";
  }
  return "";
}

function houseRules(v: unknown, lang: Lang): string[] {
  const o = (v ?? {}) as Record<string, unknown>;
  const list = o[lang] ?? o.en;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
}

/** One tournament on the club's page: when, what it costs, the structure in a sentence, how full
 * it is, and its sign-up (opens at…, the form, over, desk only). */
export function TournamentCard(props: {
  listing: Listing;
  now: number;
  lang: Lang;
  locale: string;
  showNames: boolean;
  kept: KeptSignUp | null;
  onChanged: () => void;
}) {
  const { listing: l, now, lang, locale, kept } = props;
  const [formOpen, setFormOpen] = useState(false);
  const [another, setAnother] = useState(false); // a friend signs up on the same phone
  const [opensOverride, setOpensOverride] = useState<number | null>(null);
  const region = regionOf({ currency: l.currency });
  const money = (n: number) => formatMoney(n, l.currency, lang, region);
  const state = opensOverride && now < opensOverride ? { kind: "opens" as const, at: opensOverride } : signUpState(l, now);
  const full = l.capacity != null && l.field >= l.capacity;
  const description = localized(l.description, lang);
  const rules = houseRules(l.house_rules, lang);
  const names = props.showNames && Array.isArray(l.names) ? l.names : null;
  return (
    <article class="card club-card" data-testid={`club-tournament-${l.id}`} data-state={kept && !another ? "kept" : state.kind} aria-labelledby={`ct-${l.id}`}>
      {l.starts_at != null && (
        <p class="club-when" data-testid="club-when">
          <span class="club-day">{dayText(l.starts_at, locale, now)}</span>
          <span class="club-time">{t("club.starts", { time: timeText(l.starts_at, locale) })}</span>
        </p>
      )}
      <h2 class="club-name" id={`ct-${l.id}`}>
        {l.name}
      </h2>
      <p class="club-money" data-testid="club-money">
        {l.fee ? t("club.buy_in_fee", { amount: money(l.buy_in), fee: money(l.fee) }) : t("club.buy_in", { amount: money(l.buy_in) })}
      </p>
      {description && <p class="club-desc">{description}</p>}
      <p class="club-seats" data-testid="club-seats" data-field={l.field} data-capacity={l.capacity ?? ""} data-waiting={l.waiting}>
        <span>{l.capacity != null ? t("club.seats", { taken: l.field, cap: l.capacity }) : t("club.seats_open", { taken: l.field })}</span>
        {full && <span class="club-full">{t("club.full")}</span>}
        {l.waiting > 0 && <span class="club-waiting">{t("club.waiting_list", { n: l.waiting })}</span>}
      </p>
      {names && names.length > 0 && (
        <details class="club-fold" data-testid="club-names">
          <summary>
            {t("club.who")} ({names.length})
          </summary>
          <ul class="club-names">
            {names.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </details>
      )}
      {rules.length > 0 && (
        <details class="club-fold" data-testid="club-house-rules">
          <summary>{t("club.house_rules")}</summary>
          <ul class="club-rules">
            {rules.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </details>
      )}
      <div class="club-signup">
        {kept && !another ? (
          <KeptLink kept={kept} onAnother={state.kind === "open" ? () => (setAnother(true), setFormOpen(true)) : null} />
        ) : state.kind === "opens" ? (
          <Opens at={state.at} now={now} locale={locale} />
        ) : state.kind === "closed" ? (
          <p class="club-state is-over" data-testid="club-closed">
            {t("club.closed")}
          </p>
        ) : state.kind === "desk" ? (
          <p class="club-state" data-testid="club-desk-only">
            {t("club.desk_only")}
          </p>
        ) : formOpen ? (
          <SignUpForm
            tid={l.id}
            full={full}
            lang={lang}
            locale={locale}
            now={now}
            onNotOpen={(at) => {
              setOpensOverride(at);
              setFormOpen(false);
            }}
            onDone={props.onChanged}
          />
        ) : (
          <>
            {state.closes_at != null && (
              <p class="muted small club-closes">{t("club.closes", { when: `${dayText(state.closes_at, locale, now)} ${timeText(state.closes_at, locale)}` })}</p>
            )}
            <button type="button" class="btn btn-primary btn-block btn-big" data-testid="club-sign-up" onClick={() => setFormOpen(true)}>
              {full ? t("club.sign_up_waiting") : t("club.sign_up")}
            </button>
          </>
        )}
      </div>
    </article>
  );
}

function Opens(props: { at: number; now: number; locale: string }) {
  const o = opensText(props.at, props.now, props.locale);
  const c = countdown(props.at - props.now);
  return (
    <div class="club-state is-soon" data-testid="club-opens" data-opens-at={props.at} role="status">
      <strong>{t(o.key, o.params)}</strong>
      {c && (
        <span class="club-countdown" data-testid="club-countdown" aria-live="off">
          {t(c.key, { d: c.d, h: c.h, m: c.m, s: c.s })}
        </span>
      )}
    </div>
  );
}

/** This phone signed up for it: his link (where it stands now: registered, waiting, moved up…). */
function KeptLink(props: { kept: KeptSignUp; onAnother: (() => void) | null }) {
  const k = props.kept;
  return (
    <div class="club-state is-kept" data-testid="club-kept">
      <strong>{t("club.signed_up_here", { name: k.name })}</strong>
      <a class="btn btn-primary btn-block btn-big" href={`#/player/${encodeURIComponent(k.token)}`} data-testid="club-open-link">
        {t("club.open_link")}
      </a>
      {props.onAnother && (
        <button type="button" class="btn btn-ghost btn-block" data-testid="club-sign-up-another" onClick={props.onAnother}>
          {t("club.sign_up_another")}
        </button>
      )}
    </div>
  );
}
