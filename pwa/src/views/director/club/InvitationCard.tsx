import { useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { report } from "../../../sync/report";
import type { Invitation } from "../../../api/views";

export type { Invitation };

/** A one-time setup link: what it gives, the link to copy and its QR code for the other phone. */
export function InvitationCard(props: { invite: Invitation }) {
  useLang();
  const { invite } = props;
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(invite.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard: the link to copy by hand
      window.prompt(t("invite.button"), invite.url);
    }
  }

  return (
    <div data-testid="invite-result">
      <p class="invite-gives" data-testid="invite-gives">
        {t(`setup.joins_${invite.access}` as MessageKey, { club: invite.club.name })}
      </p>
      <p class="muted small">{t("invite.hint")}</p>
      <div class="tools-links">
        <a class="invite-url" href={invite.url} data-testid="invite-url" target="_blank" rel="noopener">
          {invite.url}
        </a>
      </div>
      <button type="button" class="btn btn-secondary btn-block" onClick={copy} data-testid="invite-copy">
        {copied ? t("common.copied") : t("common.copy")}
      </button>
      <div class="invite-qr">
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(invite.qr_svg)}`} alt={t("invite.qr")} data-testid="invite-qr" />
      </div>
    </div>
  );
}
