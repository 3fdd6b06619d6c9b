// Vite plugin: the first scan's boot script (boot/firstScreen.js, docs/first-scan.md), inlined at the
// top of the built index.html's head with each link role's chunks filled in from the build itself:
// the role chunk and the chunks it imports (not those the entry brings), its CSS, and its strings per
// language; and its first paint (boot/firstPaint.js), inlined after the stylesheet with the words its
// TV clock shows, from src/i18n. Both minified: they are in every page. The server allows each by
// its hash (backend/api/security_headers.py).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { minifySync } from "vite";
import { readTable, usedKeys } from "./role-strings.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATE = path.resolve(here, "..", "boot", "firstScreen.js");
const PAINT = path.resolve(here, "..", "boot", "firstPaint.js");
const I18N = path.resolve(here, "..", "src", "i18n");
const LANGS = ["en", "de"];
// The roles a QR link opens: `#/<role>/<token>` → its chunk's module (src/app.tsx's roleLoaders).
const ROLES = { player: "src/views/player/Player.tsx", dealer: "src/views/dealer/Dealer.tsx", display: "src/views/display/Display.tsx" };
const STRINGS = /virtual:strings\/(\w+)-(\w+)$/;

/** The script minified (Vite's own minifier): its comments and long names cost every page. */
export function minified(code) {
  const out = minifySync("firstScreen.js", code, { compress: true, mangle: true });
  if (out.errors?.length) throw new Error(`first-screen: ${out.errors.map((e) => e.message ?? e).join("; ")}`);
  return out.code.trim();
}

/** { en: {key: text}, de: {…} }: the src/i18n entries the first paint names (as role-strings.mjs finds a
 * role's: a key as a string, or a prefix ending in "."), the TV clock's words, so they are the app's.
 * A key the template names with its part before the last dot known ("clock.level") must exist: a
 * missing one would draw an empty line. */
export function bootWords(template = PAINT, i18nDir = I18N) {
  const out = {};
  for (const lang of LANGS) {
    const table = readTable(path.join(i18nDir, `${lang}.ts`));
    const keys = usedKeys(Object.keys(table), [template]);
    const named = [...fs.readFileSync(template, "utf-8").matchAll(/"((?:clock|display|moment)\.[\w.]*\w)"/g)].map((m) => m[1]);
    const missing = named.filter((k) => !(k in table));
    if (missing.length) throw new Error(`first-screen: ${template} names ${missing.join(", ")}, not in src/i18n/${lang}.ts`);
    // The app writes German the Swiss way where the tournament is Swiss (i18n/format.ts spelled);
    // the boot script does not: its German words must not need it.
    const eszett = keys.filter((k) => lang === "de" && table[k].includes("ß"));
    if (eszett.length) throw new Error(`first-screen: ${eszett.join(", ")} has a ß the boot script would not respell`);
    out[lang] = Object.fromEntries(keys.map((k) => [k, table[k]]));
  }
  return out;
}

/** JSON as a literal inside an inline <script>: no "</script" can end it early. */
const inline = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

/** { role: { js: [url], css: [url], strings: { lang: url } } } from a Rollup/Rolldown output bundle. */
export function roleChunks(bundle, base = "/") {
  const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const closure = (start) => {
    const seen = new Set();
    const walk = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
    };
    walk(start);
    return seen;
  };
  const core = entry ? closure(entry.fileName) : new Set();
  const url = (file) => base + file;
  const out = {};
  for (const [role, module] of Object.entries(ROLES)) {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`first-screen: no chunk of its own for ${module}`);
    const files = [...closure(chunk.fileName)].filter((f) => !core.has(f));
    const css = files.flatMap((f) => [...(byFile.get(f).viteMetadata?.importedCss ?? [])]);
    const strings = {};
    for (const c of chunks) {
      const m = STRINGS.exec(c.facadeModuleId ?? "");
      if (m && m[2] === role) strings[m[1]] = url(c.fileName);
    }
    out[role] = { js: files.map(url), css: [...new Set(css)].map(url), strings };
  }
  return out;
}

// The one stylesheet, inlined at the end of the head (docs/first-scan.md): its bytes come with the
// page, while the requests the boot script sent wait out their round trip, instead of sharing the
// slow link with the second wave of files. The server allows it by its hash (security_headers.py).
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/i;

export function inlineStylesheet(html, bundle, base = "/") {
  const m = STYLESHEET.exec(html);
  if (!m) throw new Error("first-screen: index.html links no stylesheet");
  const file = m[1].startsWith(base) ? m[1].slice(base.length) : m[1];
  const asset = bundle[file];
  if (!asset || asset.type !== "asset") throw new Error(`first-screen: no asset ${file} for ${m[1]}`);
  const css = typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
  if (/<\/style/i.test(css)) throw new Error("first-screen: the stylesheet holds </style");
  if (STYLESHEET.test(html.replace(m[0], ""))) throw new Error("first-screen: more than one stylesheet");
  delete bundle[file]; // inside the page now: not a file of its own, nor in the service worker's precache
  return html.replace(m[0], "").replace("</head>", () => `  <style>${css}</style>\n  </head>`);
}

export function firstScreen() {
  let base = "/";
  return {
    name: "pokerfloor-first-screen",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const code = minified(fs.readFileSync(TEMPLATE, "utf-8").replaceAll("__ROLE_CHUNKS__", () => inline(roleChunks(ctx.bundle, base))));
        const paint = minified(fs.readFileSync(PAINT, "utf-8").replaceAll("__TV_WORDS__", () => inline(bootWords())));
        // Right after the charset, before the entry's stylesheet: an inline script after a pending
        // stylesheet would wait for it.
        const charset = /<meta charset="utf-8"\s*\/?>/i;
        if (!charset.test(html)) throw new Error("first-screen: index.html has no <meta charset>");
        const booted = html.replace(charset, (tag) => `${tag}\n    <script>${code}</script>`);
        // The first paint after the stylesheet (inline, so nothing it waits for): its bytes come after
        // the boot script's requests went out, and it draws from their answer only.
        return inlineStylesheet(booted, ctx.bundle, base).replace("</head>", () => `  <script>${paint}</script>\n  </head>`);
      },
    },
  };
}
