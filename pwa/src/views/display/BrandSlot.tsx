// The region each layout keeps for the club: its logo, and its sponsors one after another every
// `rotate_s` seconds. Nothing at all (the region collapses) when the club has neither.
// The sponsor shown follows the server's clock, not a counter of this component: the slot moves
// between the side and the foot when the TV turns to the seating list (a new component), and every
// TV of the room shows the same sponsor at the same time.
import { t, useLang } from "../../i18n";
import { useServerNow } from "../../ui/hooks";
import type { Look } from "./look";

export function BrandSlot(props: { look: Look; class?: string }) {
  useLang();
  const { logo, sponsors, rotate_s } = props.look;
  const period = rotate_s * 1000;
  const now = useServerNow(sponsors.length > 1 ? Math.min(period, 1000) : 60_000);
  const i = Math.floor(now / period);
  if (!logo && !sponsors.length) return null;
  const sponsor = sponsors.length ? sponsors[i % sponsors.length] : null;
  return (
    <aside class={`tv-brand ${props.class ?? ""}`} data-testid="tv-brand" aria-label={t("display.brand")}>
      {logo && <img class="tv-brand-logo" data-testid="tv-brand-logo" src={logo.url} width={logo.width} height={logo.height} alt={t("display.logo")} />}
      {sponsor && (
        <img
          key={sponsor.url}
          class="tv-brand-sponsor"
          data-testid="tv-brand-sponsor"
          data-index={i % sponsors.length}
          src={sponsor.url}
          width={sponsor.width}
          height={sponsor.height}
          alt={sponsor.name ? t("display.sponsor_named", { name: sponsor.name }) : t("display.sponsor")}
        />
      )}
    </aside>
  );
}
