import { useEffect, useState } from "preact/hooks";
import { t, useLang, getLang } from "../../../i18n";
import { request } from "../../../sync/api";
import { report } from "../../../sync/report";
import { Confirm } from "../../../ui/Confirm";
import { openPrintWindow, showPrintout } from "../shared/printout";
import { VenueCard } from "../club/VenueCard";
import type { Venue } from "../club/venue";
import type { Links } from "../../../api/views";
import { useCachedFetch } from "../../../ui/useCachedFetch";
import { LAYOUTS, THEMES, screenLink, screenQuery, type Layout, type Theme } from "../../../ui/screens";

/** Fetch an SVG with the bearer header and hand out a blob URL for <img>. */
export function useQr(url: string | null, token: string, enabled: boolean, version: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !enabled) return;
    let alive = true;
    let made: string | null = null;
    request(url, { token, accept: "image/svg+xml" })
      .then((r) => {
        if (!alive || !r.ok || !(r.data instanceof Blob)) return;
        made = URL.createObjectURL(r.data);
        setSrc(made);
      })
      // Shown: a QR the director means to hand out or print is missing.
      .catch((e) => report("director.qr", e, { show: "report.qr_failed" }));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, token, enabled, version]);
  return src;
}

function LinkRow(props: {
  label: string;
  url: string;
  qrPath: string;
  token: string;
  testid: string;
  qrOpen?: boolean;
  /** A dealer's table: replace its QR (the old sheet stops at once) and print the new one. */
  renew?: { tid: string; tableNo: number; onRenewed: () => void };
}) {
  useLang();
  const [open, setOpen] = useState(!!props.qrOpen);
  const [copied, setCopied] = useState(false);
  const qr = useQr(props.qrPath, props.token, open, props.url); // a new link (renewed QR) is a new picture
  const [asking, setAsking] = useState(false);
  const [renewError, setRenewError] = useState<string | null>(null);
  const renew = props.renew;
  async function replaceAndPrint() {
    if (!renew) return;
    setAsking(false);
    setRenewError(null);
    const win = openPrintWindow(); // inside the tap, so a popup blocker lets it through
    try {
      const r = await request(`/api/tournaments/${encodeURIComponent(renew.tid)}/tokens/revoke`, {
        method: "POST",
        token: props.token,
        body: { role: "dealer", table_no: renew.tableNo },
      });
      if (!r.ok) {
        win?.close();
        setRenewError(r.data?.message ?? `HTTP ${r.status}`);
        return;
      }
    } catch (e) {
      report("director.renew", e); // shown below as "no connection"; the log keeps the cause
      win?.close();
      setRenewError(t("common.network_error"));
      return;
    }
    renew.onRenewed();
    const failed = await showPrintout(win, { tid: renew.tid, token: props.token, kind: "table-sheets", lang: getLang(), table: renew.tableNo });
    if (failed) setRenewError(t("download.failed", { message: failed.status === 0 ? t("common.network_error") : failed.message }));
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard (insecure context, denied): the link to copy by hand
      window.prompt(props.label, props.url);
    }
  }
  return (
    <li class="link-row">
      <div class="link-head">
        <a href={props.url} data-testid={props.testid} target="_blank" rel="noopener" class="link-label">
          {props.label}
        </a>
        <div class="link-actions">
          <button type="button" class="btn btn-secondary btn-small" onClick={copy}>
            {copied ? t("common.copied") : t("common.copy")}
          </button>
          <button type="button" class="btn btn-secondary btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            QR
          </button>
          {renew && (
            <button type="button" class="btn btn-secondary btn-small" data-testid={`renew-table-${renew.tableNo}`} onClick={() => setAsking(true)}>
              {t("links.renew")}
            </button>
          )}
        </div>
      </div>
      {renewError && (
        <p class="error" role="alert" data-testid="renew-error">
          {renewError}
        </p>
      )}
      {asking && renew && (
        <Confirm
          title={t("links.renew_title", { n: renew.tableNo })}
          text={t("links.renew_text", { n: renew.tableNo })}
          confirmLabel={t("links.renew_confirm")}
          danger
          testid="renew-confirm"
          onConfirm={() => void replaceAndPrint()}
          onCancel={() => setAsking(false)}
        />
      )}
      {open && <div class="qr">{qr ? <img src={qr} alt={`QR ${props.label}`} width={220} height={220} /> : <span class="muted">{t("common.loading")}</span>}</div>}
    </li>
  );
}

/** The TV's link with the screen picker: each TV of the room gets its own link (layout, colours),
 * its QR code the same (docs/screens.md). */
function DisplayRow(props: { url: string; base: string; token: string }) {
  useLang();
  const [layout, setLayout] = useState<Layout>("clock");
  const [theme, setTheme] = useState<Theme | "">("");
  const chosen = theme || null;
  return (
    <>
      <li class="link-screen" data-testid="screen-picker">
        <p class="muted small">{t("links.screen_hint")}</p>
        <div class="link-screen-row">
          <label class="field">
            <span>{t("links.layout")}</span>
            <select data-testid="screen-layout" value={layout} onChange={(e) => setLayout((e.target as HTMLSelectElement).value as Layout)}>
              {LAYOUTS.map((l) => (
                <option key={l} value={l}>
                  {t(`links.layout_${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label class="field">
            <span>{t("links.theme")}</span>
            <select data-testid="screen-theme" value={theme} onChange={(e) => setTheme((e.target as HTMLSelectElement).value as Theme | "")}>
              <option value="">{t("links.theme_club")}</option>
              {THEMES.map((x) => (
                <option key={x} value={x}>
                  {t(`clubscreens.theme_${x}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </li>
      <LinkRow
        label={`${t("links.display")}: ${t(`links.layout_${layout}`)}`}
        url={screenLink(props.url, layout, chosen)}
        qrPath={`${props.base}/display.svg${screenQuery(layout, chosen)}`}
        token={props.token}
        testid="link-display"
      />
    </>
  );
}

/** Display, dealer and player links with QR codes, from GET /links (cached for offline). */
export function LinksSection(props: { tid: string; token: string; refreshKey: string; venue?: Venue | null }) {
  useLang();
  const { tid, token } = props;
  // A burst of registrations changes refreshKey many times: one GET after it.
  const { data: links, error, refresh } = useCachedFetch<Links>(`/api/tournaments/${tid}/links`, {
    where: "director.links",
    token,
    cache: `links:${tid}`,
    delayMs: 300,
    deps: [props.refreshKey],
  });

  const base = `/api/tournaments/${tid}/qr`;
  return (
    <section class="card" id="links" aria-labelledby="links-h">
      <h2 id="links-h">{t("links.title")}</h2>
      <VenueCard venue={props.venue ?? null} nested />
      {!links ? (
        <p class="muted">{error ? t("links.unavailable") : t("common.loading")}</p>
      ) : (
        <>
          <ul class="links">
            <DisplayRow url={links.display.url} base={base} token={token} />
            {links.tables.map((tb) => (
              <LinkRow
                key={`t${tb.table_no}`}
                label={t("links.table", { n: tb.table_no })}
                url={tb.url}
                qrPath={`${base}/table/${tb.table_no}.svg`}
                token={token}
                testid={`link-table-${tb.table_no}`}
                renew={{ tid, tableNo: tb.table_no, onRenewed: refresh }}
              />
            ))}
          </ul>
          {links.players.length > 0 && (
            <details class="fold links-players" data-testid="links-players">
              <summary>
                {t("links.players")} ({links.players.length})
              </summary>
              <ul class="links">
                {links.players.map((p) => (
                  <LinkRow
                    key={`p${p.entry_id}`}
                    label={t("links.player", { name: p.name })}
                    url={p.url}
                    qrPath={`${base}/player/${p.entry_id}.svg`}
                    token={token}
                    testid={`link-player-${p.entry_id}`}
                  />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
