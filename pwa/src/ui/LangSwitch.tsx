import { t, toggleLang, useLang } from "../i18n";

export function LangSwitch() {
  const lang = useLang();
  return (
    <button
      type="button"
      class="btn btn-ghost lang-switch"
      data-testid="lang-switch"
      data-lang={lang}
      aria-label={t("lang.switch_label")}
      onClick={() => toggleLang()}
    >
      {lang === "de" ? "EN" : "DE"}
    </button>
  );
}
