import { AfterDrawCard } from "../moments/AfterDrawCard";
import { AlternatesCard } from "./AlternatesCard";
import { DrawForm } from "../moments/DrawForm";
import { RegisterForm } from "./RegisterForm";
import { RegistrationDesk } from "./RegistrationDesk";
import { ScanCheckIn } from "./ScanCheckIn";
import { SettingsCard } from "./SettingsCard";
import { LegalCard } from "./LegalCard";
import { SignUpCard } from "./SignUpCard";
import type { DirCtx } from "../shared/types";

/** The desk. Before the draw: tonight's settings, the start and online sign-up, registration and check-in (one list of players),
 * with check-in by the player's QR code first, then the draw the preset's rules propose. After the draw until the clock starts: the printouts,
 * the start and a redraw. Later: late entries and alternates (S-#46) where the preset has them. */
export function DeskSection(props: { ctx: DirCtx }) {
  const { ctx } = props;
  const beforeStart = !ctx.registrationOpen && ctx.view?.status === "seated";
  return (
    <>
      {beforeStart && <AfterDrawCard ctx={ctx} />}
      {ctx.registrationOpen && <SettingsCard view={ctx.dview} pending={ctx.mine} send={ctx.send} />}
      <LegalCard ctx={ctx} />
      {ctx.registrationOpen && <SignUpCard ctx={ctx} />}
      {ctx.registrationOpen && <ScanCheckIn ctx={ctx} />}
      <RegisterForm ctx={ctx} />
      <AlternatesCard ctx={ctx} />
      {ctx.registrationOpen && <RegistrationDesk view={ctx.dview} tid={ctx.tid} token={ctx.token} pending={ctx.mine} send={ctx.send} />}
      {ctx.registrationOpen && <DrawForm ctx={ctx} />}
    </>
  );
}
