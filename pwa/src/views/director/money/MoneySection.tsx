import { CashCard } from "./CashCard";
import { MoneyCard, MoneyDue } from "./Money";
import { OverCard } from "../moments/OverCard";
import { ResultsCard } from "./ResultsCard";
import { DealCard } from "../deal/DealCard";
import type { DirCtx } from "../shared/types";

/** The money: the night's end, the chip alarm, payouts and corrections due (each "Paid" asks once), the final table's deal,
 * the pool, the cash box, the results. */
export function MoneySection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  return (
    <>
      <OverCard ctx={ctx} />
      <MoneyDue view={ctx.dview} pending={ctx.mine} send={ctx.send} />
      <DealCard ctx={ctx} />
      <MoneyCard view={ctx.dview} pending={ctx.mine} send={ctx.send} />
      {ctx.token && ctx.dview && <CashCard tid={ctx.tid} token={ctx.token} seq={ctx.dview.seq} />}
      {ctx.token && ctx.dview && <ResultsCard tid={ctx.tid} token={ctx.token} finished={ctx.dview.status === "finished"} paid={Number(ctx.dview.money?.prize_pool ?? 0) > 0} />}
    </>
  );
}
