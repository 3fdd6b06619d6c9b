import { t } from "../../i18n";
import { useServerNow } from "../../ui/hooks";
import { announceText, running } from "../../ui/announce";
import type { PublicView } from "../../api/views";

/** The director's announcements on the TV (issue 33): a band across the bottom of every layout,
 * over whatever is there (nothing moves or reflows while it shows), its words big enough to read
 * from 5 m; the newest on top. Gone when it runs out (server time) or is withdrawn. */
export function AnnouncementBand(props: { pub: PublicView | null | undefined }) {
  const now = useServerNow(1000);
  const shown = running(props.pub, now).reverse();
  if (!shown.length) return null;
  return (
    <section class={`tv-announce ${shown.length > 1 ? "is-many" : ""}`} data-testid="tv-announcements" role="status" aria-label={t("cmdscreen.announce.heading")}>
      {shown.map((a) => (
        <p class="tv-announce-line" key={a.id} data-testid="tv-announcement" data-id={a.id}>
          {announceText(a, now)}
        </p>
      ))}
    </section>
  );
}
