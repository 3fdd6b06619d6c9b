#!/usr/bin/env node
// The phone app's bundle budget (docs/bundles.md). Reads the Vite manifest of a build and, per
// role app, sums the gzipped JavaScript a phone needs for its first screen: the entry chunk and
// its static imports, the role's chunk and its static imports (each chunk once), and the larger of
// the role's two string chunks (en/de). Player, dealer and display must stay within the budget;
// the director's size is printed. Also fails when a role's code imports another role's folder.
//
//   node scripts/check-budget.mjs [outDir=dist] [--src src] [--budget 60] [--doc FILE | --check-doc FILE]
// Exit 0: within budget; 1: over budget, a role importing another, or a role/strings chunk missing.
// --doc writes the measured table into docs/bundles.md (between its markers; `npm run budget-doc`);
// --check-doc fails when a number there is more than DOC_SLACK kB off the build (tests/test_docs.py).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROLES = ["director", "dealer", "player", "display", "season"];
const BUDGETED = ["dealer", "player", "display", "season"];
const LANGS = ["en", "de"];

function parseArgs(argv) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const opts = { outDir: "dist", src: path.resolve(here, "..", "src"), budget: 60, doc: null, checkDoc: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--src") opts.src = path.resolve(argv[++i]);
    else if (a === "--budget") opts.budget = Number(argv[++i]);
    else if (a === "--doc") opts.doc = path.resolve(argv[++i]);
    else if (a === "--check-doc") opts.checkDoc = path.resolve(argv[++i]);
    else opts.outDir = a;
  }
  if (!Number.isFinite(opts.budget) || opts.budget <= 0) throw new Error("--budget: a number of kB");
  return opts;
}

const kB = (n) => (n / 1000).toFixed(2);

/** Import specifiers of a source file: static, re-export, dynamic and side-effect imports. */
export function importsOf(code) {
  const re = /\b(?:import|export)\s+[^'"`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;
  return [...code.matchAll(re)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function sources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : /\.(ts|tsx|js|jsx|mjs)$/.test(d.name) ? [p] : [];
  });
}

/** "views/dealer/Dealer.tsx imports ../director/Money" for every import from one role into another. */
export function crossRoleImports(srcDir) {
  const views = path.join(srcDir, "views");
  const found = [];
  for (const role of ROLES) {
    for (const file of sources(path.join(views, role))) {
      for (const spec of importsOf(fs.readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(views, path.resolve(path.dirname(file), spec)).split(path.sep);
        if (target[0] !== role && ROLES.includes(target[0])) found.push(`${path.relative(srcDir, file)} imports ${spec} (role ${target[0]})`);
      }
    }
  }
  return found;
}

export function measure(outDir) {
  const manifestPath = path.join(outDir, ".vite", "manifest.json");
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} missing: build with build.manifest (vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length);
    return sizes.get(file);
  };
  /** A chunk and everything it imports statically (manifest keys). */
  const withImports = (key, into = new Set()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const k of manifest[key].imports ?? []) withImports(k, into);
    return into;
  };
  const sum = (keys) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("no entry chunk in the manifest");
  // The core is the entry and what it imports, and the socket library every role's screen loads with
  // import() right after its first render (src/sync/socket.ts): counted with the entry, not left out.
  const entry = withImports(entryKey);
  const socketKey = Object.keys(manifest).find((k) => k.includes("node_modules/socket.io-client/"));
  if (socketKey) withImports(socketKey, entry);
  const problems = [];
  const rows = [];
  for (const role of ROLES) {
    const roleKey = (manifest[entryKey].dynamicImports ?? []).find((k) => k.startsWith(`src/views/${role}/`));
    if (!roleKey) {
      problems.push(`role ${role}: no chunk of its own (src/views/${role}/ must be loaded with import())`);
      continue;
    }
    const own = [...withImports(roleKey)].filter((k) => !entry.has(k));
    const langs = LANGS.map((l) => {
      const key = `virtual:strings/${l}-${role}`;
      if (!manifest[key]) problems.push(`role ${role}: no ${l} strings chunk (${key})`);
      return manifest[key] ? sum(withImports(key)) : 0;
    });
    const row = { role, entry: sum(entry), role_: sum(own), strings: Math.max(...langs), chunks: own.length + 1 };
    row.total = row.entry + row.role_ + row.strings;
    rows.push(row);
  }
  return { rows, problems };
}

const DOC_BEGIN = "<!-- sizes: written by `npm run budget-doc` in pwa/ (scripts/check-budget.mjs --doc); tests/test_docs.py checks them -->";
const DOC_END = "<!-- /sizes -->";
// A document is a snapshot: it may lag the build by a little (any change of the code moves the
// sizes), never by more than this per number.
const DOC_SLACK = 1.0;

/** The measured sizes as docs/bundles.md shows them. */
export function sizesTable(rows, budget) {
  const lines = [DOC_BEGIN, "| role | entry | role chunks | strings | total | budget |", "|---|---|---|---|---|---|"];
  for (const r of rows) {
    const limit = BUDGETED.includes(r.role) ? `${budget}` : "none";
    lines.push(`| ${r.role} | ${kB(r.entry)} | ${kB(r.role_)} | ${kB(r.strings)} | ${kB(r.total)} | ${limit} |`);
  }
  lines.push(DOC_END);
  return lines.join("\n");
}

function docPart(text, file) {
  const start = text.indexOf(DOC_BEGIN);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${file}: no sizes table between its markers`);
  return [start, end + DOC_END.length];
}

/** Differences over DOC_SLACK between the document's table and the measured one. */
export function docDrift(text, rows, file = "the document") {
  const [start, end] = docPart(text, file);
  const written = new Map();
  for (const m of text.slice(start, end).matchAll(/^\| (\w+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|/gm)) written.set(m[1], m.slice(2, 6).map(Number));
  const drift = [];
  for (const r of rows) {
    const doc = written.get(r.role);
    if (!doc) {
      drift.push(`${r.role}: not in ${file}`);
      continue;
    }
    const built = [r.entry, r.role_, r.strings, r.total].map((n) => n / 1000);
    ["entry", "role", "strings", "total"].forEach((what, i) => {
      if (Math.abs(doc[i] - built[i]) > DOC_SLACK) drift.push(`${r.role} ${what}: ${file} says ${doc[i]}, the build has ${built[i].toFixed(2)}`);
    });
  }
  return drift;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { rows, problems } = measure(opts.outDir);
  const limit = opts.budget * 1000;
  console.log(`Bundle budget (gzipped JS, kB): entry + role + larger strings chunk ≤ ${opts.budget} for ${BUDGETED.join(", ")}`);
  console.log("role       entry    role  strings    total  check");
  for (const r of rows) {
    const budgeted = BUDGETED.includes(r.role);
    const over = budgeted && r.total > limit;
    if (over) problems.push(`role ${r.role}: ${kB(r.total)} kB > ${opts.budget} kB`);
    const verdict = !budgeted ? "(no budget)" : over ? "OVER" : "ok";
    console.log(`${r.role.padEnd(9)} ${kB(r.entry).padStart(6)} ${kB(r.role_).padStart(7)} ${kB(r.strings).padStart(8)} ${kB(r.total).padStart(8)}  ${verdict}`);
  }
  for (const c of crossRoleImports(opts.src)) problems.push(`roles import each other: ${c}`);
  if (opts.doc) {
    const text = fs.readFileSync(opts.doc, "utf8");
    const [start, end] = docPart(text, opts.doc);
    fs.writeFileSync(opts.doc, text.slice(0, start) + sizesTable(rows, opts.budget) + text.slice(end));
    console.log(`wrote the sizes into ${opts.doc}`);
  }
  if (opts.checkDoc) {
    for (const d of docDrift(fs.readFileSync(opts.checkDoc, "utf8"), rows, opts.checkDoc)) problems.push(`stale document (npm run budget-doc): ${d}`);
  }
  if (problems.length) {
    for (const p of problems) console.error(`check-budget: ${p}`);
    process.exit(1);
  }
  console.log("check-budget: ok");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    console.error(`check-budget: ${e.message}`);
    process.exit(1);
  }
}
