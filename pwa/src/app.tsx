import { useEffect } from "preact/hooks";
import { useRoute, navigate } from "./router";
import { AuthScreen } from "./views/director/Auth";
import { DirectorList } from "./views/director/DirectorList";
import { DirectorTournament } from "./views/director/DirectorTournament";
import { StructureEditor } from "./views/director/StructureEditor";
import { AuditLog } from "./views/director/AuditLog";
import { Dealer } from "./views/dealer/Dealer";
import { Player } from "./views/player/Player";
import { Display } from "./views/display/Display";
import { Leagues, LeagueDetail } from "./views/director/Leagues";
import { UpdateBanner } from "./ui/UpdateBanner";
import { getDirectorAuth } from "./sync/session";
import { metaGet } from "./sync/db";
import { disconnectSocket } from "./sync/socket";

function Home() {
  // No route: go where this phone was last (director if logged in, else login).
  useEffect(() => {
    (async () => {
      const last = await metaGet<string>("last_route").catch(() => undefined);
      if (last && last !== "#/" && last !== "#") {
        location.replace(last);
        return;
      }
      const d = await getDirectorAuth();
      navigate(d ? "/director" : "/login");
    })();
  }, []);
  return null;
}

export function App() {
  const r = useRoute();
  useEffect(() => {
    // Screens without a socket (setup/login/list) must not keep another screen's connection.
    if (r.name === "setup" || r.name === "login" || r.name === "director" || r.name === "leagues" || r.name === "league" || r.name === "home") disconnectSocket();
  }, [r.name]);
  let screen;
  switch (r.name) {
    case "setup":
      screen = <AuthScreen mode="setup" setupToken={r.token} key="setup" />;
      break;
    case "login":
      screen = <AuthScreen mode="login" key="login" />;
      break;
    case "director":
      screen = <DirectorList />;
      break;
    case "tournament":
      screen = <DirectorTournament tid={r.tid} key={r.tid} />;
      break;
    case "structure":
      screen = <StructureEditor tid={r.tid} key={`s${r.tid}`} />;
      break;
    case "audit":
      screen = <AuditLog tid={r.tid} key={`a${r.tid}`} />;
      break;
    case "leagues":
      screen = <Leagues />;
      break;
    case "league":
      screen = <LeagueDetail id={r.id} key={`l${r.id}`} />;
      break;
    case "dealer":
      screen = <Dealer token={r.token} key={r.token} />;
      break;
    case "player":
      screen = <Player token={r.token} key={r.token} />;
      break;
    case "display":
      screen = <Display token={r.token} key={r.token} />;
      break;
    default:
      screen = <Home />;
  }
  return (
    <>
      <UpdateBanner />
      {screen}
    </>
  );
}
