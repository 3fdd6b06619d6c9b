import { SuggestionsCard, FloorCard } from "./Seating";
import { TablesCard } from "./TablesCard";
import type { DirCtx } from "../shared/types";

/** The floor: suggestions with their reasons, hand-for-hand, the table map, moves, the break order, each table's seats. */
export function FloorSection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  return (
    <>
      <SuggestionsCard view={ctx.dview} tid={ctx.tid} token={ctx.token} />
      <FloorCard view={ctx.dview} tid={ctx.tid} token={ctx.token} entries={ctx.entries} />
      <TablesCard ctx={ctx} />
    </>
  );
}
