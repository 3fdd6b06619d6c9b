// Each role app loads only the strings its code can show (docs/bundles.md). A Vite plugin serves
// `virtual:strings/<lang>-<part>` (part: core, director, dealer, player, display): the entries of
// src/i18n/<lang>.ts whose keys the part's code names. The code of a part is the shared core
// (everything main.tsx reaches without entering src/views/ or a language file) plus, for a role,
// every file under src/views/<role>/ and what those reach. A key is named when the code holds it
// as a string, starts a template or string with one of its prefixes ending in "." or "_"
// (`refusal.${code}`, "cmd." + type) or ends a template with one of its suffixes (`${kind}.title`).
// Generous by design: a key too many costs bytes, a key too few would show the key.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROLES = ["director", "dealer", "player", "display", "season"];
export const PARTS = ["core", ...ROLES];
const VIRTUAL = "virtual:strings/";
const EXTS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function isSource(f) {
  return /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts");
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? walk(p) : isSource(p) ? [p] : [];
  });
}

/** Import specifiers of a file (static, re-export, dynamic, side effect). */
export function importsOf(code) {
  const out = [];
  const re = /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) {
    if (/^\s*(import|export)\s+type\b/.test(m[0])) continue; // types only: no code, no strings
    out.push(m[1] ?? m[2] ?? m[3]);
  }
  return out;
}

function resolve(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const e of EXTS) {
    const p = base + e;
    if (fs.existsSync(p) && fs.statSync(p).isFile() && isSource(p)) return p;
  }
  return null;
}

/** Files reachable from `starts`; `stop(file)` files are neither entered nor counted. */
export function closure(starts, stop = () => false) {
  const seen = new Set();
  const todo = [...starts];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f) || stop(f)) continue;
    seen.add(f);
    for (const spec of importsOf(fs.readFileSync(f, "utf8"))) {
      const r = resolve(f, spec);
      if (r && !seen.has(r)) todo.push(r);
    }
  }
  return seen;
}

/** String pieces of a file: whole strings, template heads/string prefixes, template tails. */
export function stringsOf(file, code = fs.readFileSync(file, "utf8")) {
  const whole = new Set();
  const heads = new Set();
  const tails = new Set();
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (n) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      whole.add(n.text);
      if (/[._]$/.test(n.text)) heads.add(n.text); // "cmd." + type
    } else if (ts.isTemplateExpression(n)) {
      if (n.head.text) heads.add(n.head.text);
      for (const span of n.templateSpans) if (span.literal.text) tails.add(span.literal.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { whole, heads, tails };
}

/** The keys of `keys` that the files name (see the top of this file). */
export function usedKeys(keys, files) {
  const whole = new Set();
  const heads = new Set();
  const tails = new Set();
  for (const f of files) {
    const s = stringsOf(f);
    s.whole.forEach((x) => whole.add(x));
    s.heads.forEach((x) => heads.add(x));
    s.tails.forEach((x) => tails.add(x));
  }
  // Key-like pieces only: "clock.stop." or "pots_" starts keys, "Tisch " does not.
  const headList = [...heads].filter((x) => /^[a-z][\w.]*[._]$/i.test(x) || (/^[a-z][\w.]*$/i.test(x) && x.includes(".")));
  const tailList = [...tails].filter((x) => /^[._][\w.]+$/.test(x));
  return keys.filter((k) => whole.has(k) || headList.some((h) => k.startsWith(h)) || tailList.some((x) => k.endsWith(x)));
}

/** Which source files each part's strings come from. */
export function partFiles(srcDir) {
  const views = path.join(srcDir, "views") + path.sep;
  const i18n = path.join(srcDir, "i18n") + path.sep;
  const isLangTable = (f) => f.startsWith(i18n) && /^(en|de)\.ts$/.test(path.basename(f));
  const core = closure([path.join(srcDir, "main.tsx")], (f) => f.startsWith(views) || isLangTable(f));
  const parts = { core };
  for (const role of ROLES) {
    const own = closure(walk(path.join(views, role)), isLangTable);
    parts[role] = new Set([...core, ...own]);
  }
  return parts;
}

/** A TypeScript module of src/i18n/ transpiled and run; its relative imports (commands.gen.ts) too. */
function runModule(file) {
  const js = ts.transpileModule(fs.readFileSync(file, "utf8"), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
  const exports = {};
  const require = (spec) => (spec.startsWith(".") ? runModule(path.resolve(path.dirname(file), `${spec}.ts`)) : {});
  new Function("exports", "require", js)(exports, require);
  return exports;
}

/** A language file's table: src/i18n/<lang>.ts (one object literal, with the generated command words spread in). */
export function readTable(file) {
  const table = Object.values(runModule(file)).find((v) => v && typeof v === "object");
  if (!table) throw new Error(`${file}: no strings table`);
  return table;
}

/** Vite plugin: `import("virtual:strings/de-dealer")` → `export default { …the dealer's German strings… }`. */
export function roleStrings(opts) {
  const srcDir = path.resolve(opts.srcDir);
  let parts = null;
  return {
    name: "pokerfloor-role-strings",
    buildStart() {
      parts = null; // read the sources again for every build (and after edits in dev)
    },
    watchChange() {
      parts = null;
    },
    resolveId(id) {
      if (id.startsWith(VIRTUAL)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const [lang, part] = id.slice(VIRTUAL.length + 1).split("-");
      if (!/^(en|de)$/.test(lang) || !PARTS.includes(part)) throw new Error(`unknown strings module ${id}`);
      parts ??= partFiles(srcDir);
      const langFile = path.join(srcDir, "i18n", `${lang}.ts`);
      const table = readTable(langFile);
      this.addWatchFile?.(langFile);
      for (const f of parts[part]) this.addWatchFile?.(f);
      const keys = usedKeys(Object.keys(table), parts[part]);
      const picked = Object.fromEntries(keys.map((k) => [k, table[k]]));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
