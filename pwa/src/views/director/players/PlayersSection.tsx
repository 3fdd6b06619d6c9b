import { EntriesCard } from "./EntriesCard";
import { RecentBusts } from "./RecentBusts";
import type { DirCtx } from "../shared/types";

/** The players: recent busts (each with its undo) on top, then every entry with Bust and its actions. */
export function PlayersSection(props: { ctx: DirCtx }) {
  return (
    <>
      {props.ctx.busts.length > 0 && <RecentBusts ctx={props.ctx} />}
      <EntriesCard ctx={props.ctx} />
    </>
  );
}
