import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { report } from "../../../sync/report";
import { fingerprintGroups, type Venue } from "./venue";

/** Loud, at the top of the director's screens: QR codes this server hands out that no phone can
 * open (127.0.0.1), or printed ones that point at the address it had before (a restore on
 * another laptop, another address from the router) — each with its fix. */
export function VenueAlarms(props: { venue: Venue | null }) {
  useLang();
  const v = props.venue;
  if (v?.printed_url && !v.loopback) {
    return (
      <section class="venue-alarm" role="alert" data-testid="venue-printed-elsewhere">
        <strong>{t("venue.printed_title", { url: v.printed_url })}</strong>
        <p>{t("venue.printed_text", { url: v.staff_url })}</p>
      </section>
    );
  }
  if (!v?.loopback) return null;
  const fix = v.fix === "connect_network" ? t("venue.fix_network") : t("venue.fix_lan");
  return (
    <section class="venue-alarm" role="alert" data-testid="venue-loopback">
      <strong>{t("venue.loopback_title", { url: v.staff_url })}</strong>
      <p>{fix}</p>
      {v.fix !== "connect_network" && (
        <p>
          <code>HOST=0.0.0.0 make run</code> · <code>make venue</code>
        </p>
      )}
    </section>
  );
}

/** The address phones use, the trust QR of the venue's CA, and what plain HTTP costs. */
export function VenueCard(props: { venue: Venue | null; nested?: boolean }) {
  useLang();
  const v = props.venue;
  const [copied, setCopied] = useState(false);
  if (!v || v.loopback) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(v!.staff_url);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard: the link to copy by hand
      window.prompt(t("venue.title"), v!.staff_url);
    }
  }
  return (
    <section class={props.nested ? "venue-card" : "card venue-card"} aria-labelledby="venue-h" data-testid="venue-card">
      {props.nested ? <h3 id="venue-h">{t("venue.title")}</h3> : <h2 id="venue-h">{t("venue.title")}</h2>}
      <p class="venue-url">
        <span class="muted">{v.player_url !== v.staff_url ? t("venue.staff_open") : t("venue.phones_open")}</span>
        <a href={v.staff_url} data-testid="venue-staff-url" target="_blank" rel="noopener">
          {v.staff_url}
        </a>
        <button type="button" class="btn btn-secondary btn-small" onClick={copy}>
          {copied ? t("common.copied") : t("common.copy")}
        </button>
      </p>
      {v.player_url !== v.staff_url && (
        <p class="venue-url">
          <span class="muted">{t("venue.players_open")}</span>
          <span data-testid="venue-player-url">{v.player_url}</span>
        </p>
      )}
      {v.local_https && v.trust_url && (
        <div class="venue-trust" data-testid="venue-trust">
          <img src="/trust/qr.svg" alt={`QR ${v.trust_url}`} width={168} height={168} />
          <div>
            <p>{t("venue.trust_text")}</p>
            <p class="muted small">{v.trust_url}</p>
            {v.ca_fingerprint && (
              <p class="muted small">
                {t("venue.fingerprint")}{" "}
                <code class="fingerprint" data-testid="venue-fingerprint">
                  {fingerprintGroups(v.ca_fingerprint).map((g) => (
                    <>
                      <span class="fp-group">{g}</span>
                      <wbr />
                    </>
                  ))}
                </code>
              </p>
            )}
          </div>
        </div>
      )}
      {!v.secure && (
        <p class="venue-plain" data-testid="venue-plain-http">
          {t("venue.plain_http")}
        </p>
      )}
      {v.other_urls.length > 0 && <p class="muted small">{t("venue.also", { urls: v.other_urls.join(", ") })}</p>}
    </section>
  );
}
