import { useEffect, useState } from "preact/hooks";
import { getDirectorAuth, type DirectorAuth } from "../../sync/session";
import { navigate } from "../../router";
import { useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { viewKey } from "../../sync/viewCache";
import type { DirectorView, PublicView } from "../../api/views";

/** The stored director token; sends the user to #/login if there is none. */
export function useDirectorAuth(): { auth: DirectorAuth | null; ready: boolean } {
  const [state, set] = useState<{ auth: DirectorAuth | null; ready: boolean }>({ auth: null, ready: false });
  useEffect(() => {
    let alive = true;
    getDirectorAuth().then((a) => {
      if (!alive) return;
      set({ auth: a, ready: true });
      if (!a) navigate("/login");
    });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** A director's live tournament: the token, the socket, and the director and public views. */
export function useDirectorTournament(tid: string) {
  const { auth } = useDirectorAuth();
  const token = auth?.token ?? null;
  const { invalid } = useLive({ token, tid, director: true, watch: tid ? viewKey(tid, "director") : null });
  const { view: dview, loaded } = useView<DirectorView>(viewKey(tid, "director"));
  const { view: pview } = useView<PublicView>(viewKey(tid, "public"));
  return { token, me: auth?.director ?? null, invalid, dview, pview, view: dview ?? pview, loaded };
}
