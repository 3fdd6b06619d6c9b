import "fake-indexeddb/auto";
// The app loads each language as its own chunk (i18n/index.ts); tests have both at hand at once.
import { registerMessages } from "./i18n";
import { en } from "./i18n/en";
import { de } from "./i18n/de";

registerMessages("en", en);
registerMessages("de", de);
