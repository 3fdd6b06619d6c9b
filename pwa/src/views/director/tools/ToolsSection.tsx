import { PushCard } from "../../../ui/PushCard";
import { AlertSettings } from "./AlertSettings";
import { DirectorTools } from "./DirectorTools";
import { LinksSection } from "./Links";
import { ReviewCard } from "./ReviewCard";
import type { Rejections } from "../../../api/views";
import type { Venue } from "../club/venue";
import type { DirCtx } from "../shared/types";
import type { DirectorInfo } from "../../../sync/session";
import { TournamentDirectors } from "./TournamentDirectors";

/** Tools: refused commands to review, this phone's alerts, the audit log and printouts, the links and QR codes (and the venue's addresses). */
export function ToolsSection(props: { ctx: DirCtx; review: Rejections | null; venue: Venue | null; me: DirectorInfo | null }) {
  const { ctx } = props;
  const refreshKey = `${ctx.entries.length}:${ctx.tables.length}`;
  return (
    <>
      <ReviewCard data={props.review} />
      <AlertSettings />
      {ctx.token && props.me?.access !== "observer" && <PushCard token={ctx.token} role="director" tid={Number(ctx.tid)} />}
      <DirectorTools tid={ctx.tid} token={ctx.token} tables={ctx.tables} />
      {/* QR codes are working tokens: not for an observer (the server refuses them too) */}
      {ctx.token && props.me?.access !== "observer" && <LinksSection tid={ctx.tid} token={ctx.token} refreshKey={refreshKey} venue={props.venue} />}
      {ctx.token && <TournamentDirectors tid={ctx.tid} token={ctx.token} me={props.me} />}
    </>
  );
}
