// The moments a room watches — the bubble, the money, the final table — on every screen: the TV,
// the players' phones and the director's phone (the public view's `moments`, engine/moments.py).
// Big while new (MOMENT_NEW_MS after it happened), then a quiet line while it still holds.
import { t, useLang } from "../i18n";
import { useServerNow } from "./hooks";
import type { Moments } from "../api/views";
import "./moments.css";

export type MomentKind = "bubble" | "money" | "final_table";
export interface Moment {
  kind: MomentKind;
  at: number;
  paid: number;
}

/** How long a moment is shown big (then the room knows). */
export const MOMENT_NEW_MS = 3 * 60_000;

const KINDS: MomentKind[] = ["bubble", "money", "final_table"];

/** The newest moment that still holds, or null (a tournament without money has no bubble). */
export function currentMoment(m: Moments | null | undefined): Moment | null {
  if (!m) return null;
  let best: Moment | null = null;
  for (const kind of KINDS) {
    const at = m[kind];
    if (typeof at === "number" && (!best || at >= best.at)) best = { kind, at, paid: m.paid };
  }
  return best;
}

export function isNew(moment: Moment, now: number): boolean {
  return now - moment.at < MOMENT_NEW_MS;
}

type Audience = "tv" | "player" | "director";

function title(m: Moment, audience: Audience, stillIn: boolean): string {
  if (m.kind === "money") return audience === "player" && stillIn ? t("moment.you_money") : t("moment.money");
  if (m.kind === "bubble") return t("moment.bubble");
  return t("moment.final_table");
}

function subtitle(m: Moment, audience: Audience, left: number, stillIn: boolean): string {
  const you = audience === "player" && stillIn;
  if (m.kind === "money") return you ? t("moment.you_money_text") : t("moment.money_text", { n: left });
  if (m.kind === "bubble") return you ? t("moment.you_bubble_text", { paid: m.paid }) : t("moment.bubble_text", { n: left, paid: m.paid });
  return you ? t("moment.you_final_table_text") : t("moment.final_table_text", { n: left });
}

/**
 * The moment banner. `stillIn`: the player whose phone it is still plays (a player who is out
 * sees no "you are in the money"). `playersLeft` from the public view.
 */
export function MomentBanner(props: {
  moments: Moments | null | undefined;
  playersLeft: number;
  audience: Audience;
  stillIn?: boolean;
  /** Only while new (the TV's banner), or only once quiet (the TV's pill beside the level). */
  only?: "new" | "quiet";
}) {
  useLang();
  const now = useServerNow(5000);
  const m = currentMoment(props.moments);
  const stillIn = props.stillIn ?? true;
  if (!m || (props.audience === "player" && !stillIn)) return null;
  const fresh = isNew(m, now);
  if ((props.only === "new" && !fresh) || (props.only === "quiet" && fresh)) return null;
  return (
    <section
      class={`moment moment-${props.audience} moment-${m.kind} ${fresh ? "is-new" : "is-quiet"}`}
      data-testid="moment"
      data-kind={m.kind}
      data-new={fresh ? "true" : "false"}
      role="status"
      aria-live="polite"
    >
      <strong class="moment-title" data-testid="moment-title">
        {title(m, props.audience, stillIn)}
      </strong>
      {(fresh || props.audience !== "tv") && (
        <span class="moment-sub" data-testid="moment-sub">
          {subtitle(m, props.audience, props.playersLeft, stillIn)}
        </span>
      )}
    </section>
  );
}
