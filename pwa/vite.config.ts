import { defineConfig, type Plugin } from "vite";
import preact from "@preact/preset-vite";
import { VitePWA } from "vite-plugin-pwa";
// @ts-ignore: plain ES module of the build (no types)
import { roleStrings } from "./scripts/role-strings.mjs";
// @ts-ignore: plain ES module of the build (no types)
import { firstScreen } from "./scripts/first-screen.mjs";

/**
 * engine.io-client bundles a WebTransport transport that the server (python-engineio) does not
 * speak, and src/sync/socket.ts asks only for websocket and polling: its class is left out of the
 * build (0.8 kB gzipped of every phone's core; docs/bundles.md). A phone that asked for it anyway
 * would be told so, not hang.
 */
function withoutWebTransport(): Plugin {
  const stub = "\0pokerfloor:no-webtransport";
  return {
    name: "pokerfloor-no-webtransport",
    enforce: "pre",
    resolveId(id, importer) {
      return id === "./webtransport.js" && importer?.includes("/engine.io-client/") ? stub : null;
    },
    load(id) {
      return id === stub ? 'export class WT { constructor() { throw new Error("WebTransport is not built in (pwa/vite.config.ts)"); } }' : null;
    },
  };
}

// The modules of the `links` chunk (below): what the dealer's, the player's and the TV's screens
// share (the clock, the shell, the table oval, payouts, who-am-I, the wake lock, the TV layouts'
// names), by path. Moments, charts and penalties are shared by two of them only: here they would put
// the dealer over his budget (measured), so they stay files of their own. A module here that a role does not use costs
// that role's budget its bytes; one shared by the links and left out becomes a file of its own.
const LINKS_SHARED = new RegExp(
  String.raw`[\/]src[\/](` +
    [
      String.raw`ui[\/](hooks|SyncBadge|LangSwitch|live|useClockState|clockText|Clock|InsecureNotice|Shell|PushCard|TableOval|Confirm|Payouts|useMe|wakeLock|screens)\.tsx?`,
      String.raw`clock[\/](clock|model)\.ts|seating[\/]oval\.ts|money[\/]money\.ts`,
    ].join("|") +
    ")$",
);

const backend: string = (globalThis as any).process?.env?.POKERFLOOR_BACKEND ?? "http://127.0.0.1:5000";

export default defineConfig({
  plugins: [
    preact(),
    withoutWebTransport(),
    roleStrings({ srcDir: "src" }), // virtual:strings/<lang>-<part>: each role's strings (docs/bundles.md)
    firstScreen(), // index.html's boot script: a link's chunks and first view asked at once (docs/first-scan.md)
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      includeManifestIcons: false, // icons/*.png come from globPatterns (no duplicates)
      // The service worker is written by hand (src/sw.ts); the plugin only injects the
      // precache manifest and emits dist/sw.js at the root scope.
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,ico}", "icons/*.png"],
      },
      manifest: {
        id: "/",
        name: "pokerfloor",
        short_name: "pokerfloor",
        description: "Run live poker tournaments from phones",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        background_color: "#0b0f14",
        theme_color: "#0b0f14",
        icons: [
          { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    // .vite/manifest.json: scripts/check-budget.mjs sums each role's chunks from it.
    manifest: true,
    // One stylesheet for every screen (docs/first-scan.md): a role's styles split into 3–4 files cost a
    // first scan more round trips (six connections) than the other roles' styles cost in bytes.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // The small code the QR links' screens share in one chunk, not six: each file is a request in a
        // first scan's queue of six connections (docs/first-scan.md). Each link role counts all of it
        // in its budget. Its modules' own imports stay where they were (the core).
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: "links", test: LINKS_SHARED }] },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/socket.io": { target: backend, ws: true, changeOrigin: false },
    },
  },
});
