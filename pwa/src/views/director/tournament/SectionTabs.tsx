import { t, useLang } from "../../../i18n";
import type { AttentionItem } from "./attention";
import { SECTIONS, sectionHash, type SectionId } from "./sections";

/** The sticky row of sections, one tap apart; a section with items in the attention bar shows how many. */
export function SectionTabs(props: { tid: string; current: SectionId; items: AttentionItem[]; onSelect: (s: SectionId) => void; hide?: SectionId[] }) {
  useLang();
  const shown = SECTIONS.filter((s) => !props.hide?.includes(s));
  return (
    <nav class="dir-tabs" aria-label={t("section.nav")} data-testid="section-tabs" style={{ gridTemplateColumns: `repeat(${shown.length}, 1fr)` }}>
      {shown.map((s) => {
        const n = props.items.filter((i) => i.section === s).length;
        return (
          <a
            key={s}
            href={sectionHash(props.tid, s)}
            class={`dir-tab ${props.current === s ? "is-on" : ""}`}
            aria-current={props.current === s ? "page" : undefined}
            data-testid={`section-${s}`}
            onClick={(e) => {
              e.preventDefault();
              props.onSelect(s);
            }}
          >
            <span class="dir-tab-label">{t(`section.${s}` as "section.floor")}</span>
            {n > 0 && <span class="dir-tab-count" aria-hidden="true">{n}</span>}
          </a>
        );
      })}
    </nav>
  );
}
