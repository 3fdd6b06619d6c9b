// The words of the law's refusals (backend/engine/legal.py: refusal codes legal_*), for the
// director's phone only: only director commands meet them, so the dealer's, player's and TV's
// strings stay without them (the i18n keys legal.<code>[.<variant>], docs/presets.md "Legal profiles").
import { messages } from "../../i18n";
import { addRefusalWords } from "../../ui/reasons";

addRefusalWords((key, l) => (messages[l] as Record<string, string>)[`legal.${key}`]);
