import { render } from "preact";
import { App, loadRole } from "./app";
import { parseHash, roleOf } from "./router";
import { loadStrings, needStrings } from "./i18n";
import "./styles.css";
import { askPersistence, metaSet } from "./sync/db";
import { loadOffset } from "./sync/timeOffset";
import { ping } from "./sync/api";
import * as outbox from "./sync/outbox";
import { registerServiceWorker } from "./swRegister";
import { primeAudio } from "./ui/alerts";

async function start() {
  askPersistence();
  primeAudio();
  await loadOffset().catch(() => undefined);
  // Start-up: load the outbox and send whatever a previous session left behind.
  await outbox.load().catch(() => undefined);
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
    if (/^#\/(director|dealer|player|display)\b/.test(h)) void metaSet("last_route", h).catch(() => undefined);
  };
  window.addEventListener("hashchange", remember);
  remember();
}

// First paint in the phone's language: the route's role app and its strings (chunks of their
// own) are loaded before the first render, so no screen shows English to a German phone first.
// Should they not load (offline, never cached), the role screen says so and offers a reload.
async function firstRender() {
  const role = roleOf(parseHash(location.hash));
  if (role) await loadRole(role).catch(() => needStrings("core").catch(() => undefined));
  else await needStrings("core").catch(() => loadStrings("en", "core").catch(() => undefined));
  render(<App />, document.getElementById("app")!);
}

void firstRender();
void start();
registerServiceWorker();
