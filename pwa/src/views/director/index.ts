// The director's role app: every director screen, loaded as one chunk by app.tsx (docs/bundles.md).
import "./legalWords"; // the law's refusals in the director's words
export { AuthScreen } from "./club/Auth";
export { DirectorList } from "./club/DirectorList";
export { DirectorTournament } from "./routes"; // a tournament, or the club statistics (routes.tsx)
export { StructureEditor } from "./clock/StructureEditor";
export { AuditLog } from "./tools/AuditLog";
export { Leagues, LeagueDetail } from "./club/Leagues";
