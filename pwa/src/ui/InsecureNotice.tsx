import { t, useLang } from "../i18n";

/** Over plain HTTP on a LAN address the browser gives no service worker (no offline restart)
 * and no Wake Lock. Say so on the screens that need them, with the way out (/trust explains it
 * for this server: trust its CA, or how the director turns HTTPS on). */
export function InsecureNotice() {
  useLang();
  if (typeof window === "undefined" || window.isSecureContext !== false) return null;
  return (
    <p class="insecure-notice" role="note" data-testid="insecure-notice">
      <span>{t("secure.off")}</span>{" "}
      <a href="/trust" target="_blank" rel="noopener" data-testid="insecure-notice-fix">
        {t("secure.fix")} ›
      </a>
    </p>
  );
}
