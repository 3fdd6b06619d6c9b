// The dealer's phone's data: whose link this is (its tournament and table), the table and public
// views kept live and cached for offline, what this phone still has queued, and how it sends.
import { useConnection, useOutbox, useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { setHouseRules } from "../../ui/houseRules";
import { viewKey } from "../../sync/viewCache";
import { t } from "../../i18n";
import * as outbox from "../../sync/outbox";
import type { CommandType, PayloadOf, PublicView, TableView } from "../../api/views";

export function useDealerTable(token: string) {
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const tableNo = me.me?.table_no ?? null;
  const tableKey = tid != null && tableNo != null ? viewKey(tid, "table", tableNo) : null;
  const { invalid, refusal } = useLive({ token, tid, watch: tableKey });
  const cachedNote = useCachedNote();
  const { view: table, loaded } = useView<TableView>(tableKey);
  const { view: pub } = useView<PublicView>(tid != null ? viewKey(tid, "public") : null);
  if (table?.rules) setHouseRules(table.rules); // the house's own rule ids in the helpers' texts
  const mine = useOutbox().filter((e) => e.token === token);

  function send<T extends CommandType>(type: T, payload: PayloadOf<T>, label?: outbox.CommandLabel) {
    if (tid == null) return;
    return outbox.enqueue({ tournament_id: tid, type, payload, token, label });
  }

  return { me, tid, tableNo, invalid, refusal, cachedNote, table, loaded, pub, mine, send };
}

/** "Showing saved data" while the server is out of reach; nothing while connecting at start-up (no
 * verdict yet). The words follow the sync badge's state. */
function useCachedNote(): string | null {
  const conn = useConnection();
  if (conn === "online" || conn === "connecting") return null;
  return t(conn === "unreachable" ? "offline.cached_unreachable" : "offline.cached");
}
