import { render } from "preact";
import { App, loadRole } from "./app";
import { parseHash, roleOf, shortLinkHash } from "./router";
import { loadStrings, needStrings } from "./i18n";
import "./styles.css";
import { askPersistence, metaSet } from "./sync/db";
import { loadOffset } from "./sync/timeOffset";
import { ping } from "./sync/api";
import * as outbox from "./sync/outbox";
import { registerServiceWorker } from "./swRegister";
import { primeAudio } from "./ui/alerts";
import { report } from "./sync/report";

async function start() {
  askPersistence();
  primeAudio();
  await loadOffset().catch((e) => report("start.offset", e));
  // Start-up: load the outbox and send whatever a previous session left behind.
  // Unreadable outbox: commands stored earlier may not be sent, and new ones may not be stored.
  await outbox.load().catch((e) => report("start.outbox", e, { show: "report.storage" }));
  void outbox.flush({ force: true });
  void ping(); // GET /api/health → server time offset

  window.addEventListener("online", () => {
    void ping();
    void outbox.flush({ force: true });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void outbox.flush({ force: true });
  });
  const remember = () => {
    const h = location.hash;
    if (/^#\/(director|dealer|player|display)\b/.test(h)) void metaSet("last_route", h).catch((e) => report("start.last_route", e));
    // The club's page: where a guest's app opens next time, unless a link or a login says more.
    else if (/^#\/club\//.test(h)) void metaSet("last_club", h).catch((e) => report("start.last_club", e));
  };
  window.addEventListener("hashchange", remember);
  remember();
}

// First paint in the phone's language: the route's role app and its strings (chunks of their
// own) are loaded before the first render, so no screen shows English to a German phone first.
// Should they not load (offline, never cached), the role screen says so and offers a reload.
async function firstRender() {
  const short = shortLinkHash(location.pathname);
  if (short) history.replaceState(null, "", `/${short}`);
  const role = roleOf(parseHash(location.hash));
  // Not shown here: the role screen itself says it could not load and offers a reload.
  if (role) await loadRole(role).catch((e) => (report("start.role", e), needStrings("core").catch((e2) => report("start.strings", e2))));
  else await needStrings("core").catch(() => loadStrings("en", "core").catch((e) => report("start.strings", e)));
  render(<App />, document.getElementById("app")!);
}

void firstRender();
void start();
registerServiceWorker();
// WebKit only (iPhones): a chunk of its own, so other phones do not load it (homeScreen.ts).
if (navigator.vendor === "Apple Computer, Inc.") {
  import("./homeScreen").then((m) => m.followLinksAtHome(report), (e) => report("start.home_screen", e));
}
