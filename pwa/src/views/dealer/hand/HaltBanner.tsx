import { t } from "../../../i18n";
import type { Halt } from "../../../api/views";

/** V-III.h / TDA 11D: the table is too short to deal until players arrive. */
export function HaltBanner(props: { halt: Halt }) {
  const { halt } = props;
  return (
    <section class="card halt-banner" data-testid="dealer-halt" data-short={halt.short} data-rule={halt.rule} role="alert">
      <p class="halt-title">{t("dealer.halt_title")}</p>
      <p class="halt-text">{t("dealer.halt_text", { n: halt.short })}</p>
      <span class="tag tag-rule">{t("sugg.rule", { rule: halt.rule })}</span>
    </section>
  );
}
