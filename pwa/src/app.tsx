import { useEffect, useState } from "preact/hooks";
import type { VNode } from "preact";
import { useRoute, navigate, type Role } from "./router";
import { UpdateBanner } from "./ui/UpdateBanner";
import { ReportBanner } from "./ui/ReportBanner";
import { report } from "./sync/report";
import { getDirectorAuth } from "./sync/session";
import { metaGet } from "./sync/db";
import { disconnectSocket } from "./sync/socket";
import { t, useLang, needStrings, loadStrings } from "./i18n";

// The role apps, one chunk each over the shared core (docs/bundles.md); "season", the player's
// season page, is a part of its own. A role's folder pwa/src/views/<role>/ is its chunk; roles
// never import each other (scripts/check-budget.mjs).
const roleLoaders = {
  director: () => import("./views/director"),
  dealer: () => import("./views/dealer/Dealer"),
  player: () => import("./views/player/Player"),
  display: () => import("./views/display/Display"),
  season: () => import("./views/season/Season"),
};
type RoleModules = { [R in Role]: Awaited<ReturnType<(typeof roleLoaders)[R]>> };
const roleModules: Partial<RoleModules> = {};
const roleLoading: Partial<Record<Role, Promise<unknown>>> = {};

/** Loads a role's chunk and its strings once (main.tsx starts it before the first render). */
export function loadRole<R extends Role>(role: R): Promise<RoleModules[R]> {
  const done = roleModules[role];
  if (done) return Promise.resolve(done);
  let p = roleLoading[role] as Promise<RoleModules[R]> | undefined;
  if (!p) {
    // Strings that will not load (offline, never cached) fall back to English, then to the keys:
    // a screen with odd words beats no screen.
    const strings = needStrings(role).catch(() => loadStrings("en", role).catch((e) => report("app.strings", e)));
    p = Promise.all([roleLoaders[role]() as Promise<RoleModules[R]>, strings]).then(
      ([m]) => {
        roleModules[role] = m;
        return m;
      },
      (e) => {
        delete roleLoading[role]; // offline and not cached yet: a later visit tries again
        throw e;
      },
    );
    roleLoading[role] = p;
  }
  return p;
}

/** A role's screen: rendered at once when the chunk is loaded, else a loading line until it is. */
function RoleScreen<R extends Role>(props: { role: R; render: (m: RoleModules[R]) => VNode }) {
  useLang();
  const mod = roleModules[props.role] as RoleModules[R] | undefined;
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    let live = true;
    setFailed(false);
    loadRole(props.role).then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.role, !mod]);
  if (mod) return props.render(mod);
  return (
    <main class="screen" style="padding: 24px 16px">
      <p class="muted center" data-testid="role-loading" role="status">
        {failed ? t("app.load_failed") : t("common.loading")}
      </p>
      {failed && (
        <p class="center">
          <button type="button" class="btn btn-primary" onClick={() => location.reload()}>
            {t("update.reload")}
          </button>
        </p>
      )}
    </main>
  );
}

function Home() {
  // No route: go where this phone was last (director if logged in, else the club page a guest
  // looked at, else login).
  useEffect(() => {
    (async () => {
      const last = await metaGet<string>("last_route").catch((e) => report("app.last_route", e));
      if (last && last !== "#/" && last !== "#") {
        location.replace(last);
        return;
      }
      const d = await getDirectorAuth();
      const club = d ? null : await metaGet<string>("last_club").catch((e) => report("app.last_club", e));
      if (club) location.replace(club);
      else navigate(d ? "/director" : "/login");
    })();
  }, []);
  return null;
}

export function App() {
  const r = useRoute();
  useEffect(() => {
    // Screens without a socket (setup/login/list) must not keep another screen's connection.
    if (r.name === "setup" || r.name === "login" || r.name === "director" || r.name === "leagues" || r.name === "league" || r.name === "home" || r.name === "club") disconnectSocket();
  }, [r.name]);
  let screen;
  switch (r.name) {
    case "setup":
      screen = <RoleScreen role="director" render={(m) => <m.AuthScreen mode="setup" setupToken={r.token} key="setup" />} />;
      break;
    case "login":
      screen = <RoleScreen role="director" render={(m) => <m.AuthScreen mode="login" key="login" />} />;
      break;
    case "director":
      screen = <RoleScreen role="director" render={(m) => <m.DirectorList />} />;
      break;
    case "tournament":
      screen = <RoleScreen role="director" render={(m) => <m.DirectorTournament tid={r.tid} key={r.tid} />} />;
      break;
    case "structure":
      screen = <RoleScreen role="director" render={(m) => <m.StructureEditor tid={r.tid} key={`s${r.tid}`} />} />;
      break;
    case "audit":
      screen = <RoleScreen role="director" render={(m) => <m.AuditLog tid={r.tid} key={`a${r.tid}`} />} />;
      break;
    case "leagues":
      screen = <RoleScreen role="director" render={(m) => <m.Leagues />} />;
      break;
    case "league":
      screen = <RoleScreen role="director" render={(m) => <m.LeagueDetail id={r.id} key={`l${r.id}`} />} />;
      break;
    case "dealer":
      screen = <RoleScreen role="dealer" render={(m) => <m.Dealer token={r.token} key={r.token} />} />;
      break;
    case "player":
      screen = <RoleScreen role="player" render={(m) => <m.Player token={r.token} key={r.token} />} />;
      break;
    case "season":
      screen = <RoleScreen role="season" render={(m) => <m.Season token={r.token} key={r.token} />} />;
      break;
    case "club":
      screen = <RoleScreen role="player" render={(m) => <m.ClubPage slug={r.slug} key={`c${r.slug}`} />} />;
      break;
    case "display":
      screen = <RoleScreen role="display" render={(m) => <m.Display token={r.token} query={r.query} key={r.token} />} />;
      break;
    default:
      screen = <Home />;
  }
  return (
    <>
      <UpdateBanner />
      <ReportBanner />
      {screen}
    </>
  );
}
