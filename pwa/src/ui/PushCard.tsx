import { useEffect, useState } from "preact/hooks";
import type { FunctionComponent } from "preact";
import { report } from "../sync/report";

/** `waiting`: a player on the waiting list: "tell me when I move up"; `before`: a registered
 * player before the night (no seat yet to move from): "notify me during the tournament". */
type Props = { token: string; role: "player" | "dealer" | "director"; tid?: number | null; waiting?: boolean; before?: boolean };
let loaded: FunctionComponent<Props> | undefined;

/** The notifications opt-in, fetched after the screen is up: its own chunk (src/push/), never in
 * a role's first screen; offline and not cached, the card is simply not there. */
export function PushCard(props: Props) {
  const [Card, setCard] = useState(() => loaded);
  useEffect(() => {
    Card || import("../push/PushOptIn").then((m) => setCard(() => (loaded = m.default)), (e) => report("push.load", e));
  }, []);
  return Card ? <Card {...props} /> : null;
}
