import { AfterDrawCard } from "./AfterDrawCard";
import { DrawForm } from "./DrawForm";
import { RegisterForm } from "./RegisterForm";
import { RegistrationDesk } from "./RegistrationDesk";
import { SettingsCard } from "./SettingsCard";
import type { DirCtx } from "./types";

/** The desk. Before the draw: tonight's settings, registration and check-in (one list of players),
 * then the draw the preset's rules propose. After the draw until the clock starts: the printouts,
 * the start and a redraw. Later: late entries where the preset has them. */
export function DeskSection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  const beforeStart = !ctx.registrationOpen && ctx.view?.status === "seated";
  return (
    <>
      {beforeStart && <AfterDrawCard ctx={ctx} />}
      {ctx.registrationOpen && <SettingsCard view={ctx.dview} pending={ctx.mine} send={ctx.send} />}
      <RegisterForm ctx={ctx} />
      {ctx.registrationOpen && <RegistrationDesk view={ctx.dview} tid={ctx.tid} token={ctx.token} pending={ctx.mine} send={ctx.send} />}
      {ctx.registrationOpen && <DrawForm ctx={ctx} />}
    </>
  );
}
