import { DrawForm } from "./DrawForm";
import { EntriesCard } from "./EntriesCard";
import { RegisterForm } from "./RegisterForm";
import { RegistrationDesk } from "./RegistrationDesk";
import { SettingsCard } from "./SettingsCard";
import type { DirCtx } from "./types";

/** The desk: registration (late entries after the draw), the tournament's settings before the
 * draw, check-in and the import, then the draw;
 * before the draw the list of who is registered is here too. */
export function DeskSection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  return (
    <>
      <RegisterForm ctx={ctx} />
      {ctx.registrationOpen && <SettingsCard view={ctx.dview} pending={ctx.mine} send={ctx.send} />}
      {ctx.registrationOpen && <RegistrationDesk view={ctx.dview} tid={ctx.tid} token={ctx.token} pending={ctx.mine} send={ctx.send} />}
      {ctx.registrationOpen && <EntriesCard ctx={ctx} />}
      {ctx.registrationOpen && <DrawForm ctx={ctx} />}
    </>
  );
}
