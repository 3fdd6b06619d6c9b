// The director's role app: every director screen, loaded as one chunk by app.tsx (docs/bundles.md).
export { AuthScreen } from "./Auth";
export { DirectorList } from "./DirectorList";
export { DirectorTournament } from "./DirectorTournament";
export { StructureEditor } from "./StructureEditor";
export { AuditLog } from "./AuditLog";
export { Leagues, LeagueDetail } from "./Leagues";
