// A dealer link that opens no table: the director replaced it (or it never was one), or whose it
// is is not known yet.
import { t } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { PendingList, RejectedList } from "../../ui/Rejected";

/** A replaced link (the director issued a new QR for this table): which table this phone ran and
 * that its unsent entries were not applied, so the dealer can tell the director. */
export function RefusedLink(props: { token: string; revoked: boolean; lostTable: number | null | undefined }) {
  const { token, revoked, lostTable } = props;
  return (
    <Shell title={t("dealer.title", { n: lostTable ?? "?" })}>
      <section class="card error dealer-invalid" role="alert" data-testid="dealer-invalid" data-reason={revoked ? "revoked" : "invalid"}>
        {revoked ? (
          <>
            <h2>{t("dealer.revoked_title", { n: lostTable ?? "?" })}</h2>
            <p>{t("dealer.revoked_text")}</p>
          </>
        ) : (
          <p>{t("token.invalid")}</p>
        )}
      </section>
      <PendingList filter={(e) => e.token === token} />
      <RejectedList filter={(e) => e.token === token} />
    </Shell>
  );
}

export function UnknownTable(props: { token: string; loading: boolean }) {
  return (
    <Shell title={t("dealer.unknown_table")}>
      <p class="card muted">{props.loading ? t("common.loading") : t("common.no_data")}</p>
      <RejectedList filter={(e) => e.token === props.token} />
    </Shell>
  );
}
