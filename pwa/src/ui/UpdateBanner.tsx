import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { onUpdateAvailable, applyUpdate } from "../swRegister";

/** "Update available — reload": a new service worker waits; the user decides when (never mid-hand). */
export function UpdateBanner() {
  useLang();
  const [show, setShow] = useState(false);
  useEffect(() => onUpdateAvailable(() => setShow(true)), []);
  if (!show) return null;
  return (
    <div class="update-banner" role="status" data-testid="update-banner">
      <span>{t("update.available")}</span>
      <button type="button" class="btn btn-primary btn-small" data-testid="update-reload" onClick={() => void applyUpdate()}>
        {t("update.reload")}
      </button>
      <button type="button" class="btn btn-ghost btn-small" onClick={() => setShow(false)}>
        {t("update.later")}
      </button>
    </div>
  );
}
