import { MoneyCard, MoneyDue } from "./Money";
import { ResultsCard } from "./ResultsCard";
import type { DirCtx } from "./types";

/** The money: the chip alarm, payouts and corrections due (each "Paid" asks once), the pool, the results. */
export function MoneySection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  return (
    <>
      <MoneyDue view={ctx.dview} pending={ctx.mine} send={ctx.send} />
      <MoneyCard view={ctx.dview} pending={ctx.mine} send={ctx.send} />
      {ctx.token && ctx.dview && <ResultsCard tid={ctx.tid} token={ctx.token} />}
    </>
  );
}
