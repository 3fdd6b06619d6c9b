// #/director/stats is the club's statistics. The core's router (router.ts, in every phone's entry
// chunk) reads it as a tournament route: a route of its own would add to every role's bundle, and the
// player's is at its budget (docs/bundles.md). So the director's chunk tells the two apart here.
import { DirectorTournament as TournamentScreen } from "./tournament/DirectorTournament";
import { ClubStats } from "./club/ClubStats";

export const STATS_ROUTE = "stats";

export function DirectorTournament(props: { tid: string }) {
  return props.tid === STATS_ROUTE ? <ClubStats /> : <TournamentScreen tid={props.tid} />;
}
