import { t, toggleLang, useLang } from "../i18n";

/**
 * "DE" / "EN": the language the tap switches to. Its accessible name starts with that visible
 * text (WCAG 2.5.3 label in name, axe "label-content-name-mismatch": "click DE" works by voice),
 * followed by the words in that language: "DE, Sprache: Deutsch".
 */
export function LangSwitch() {
  const lang = useLang();
  const target = lang === "de" ? "EN" : "DE";
  return (
    <button
      type="button"
      class="btn btn-ghost lang-switch"
      data-testid="lang-switch"
      data-lang={lang}
      aria-label={`${target}, ${t("lang.switch_label")}`}
      onClick={() => toggleLang()}
    >
      <span lang={target.toLowerCase()}>{target}</span>
    </button>
  );
}
