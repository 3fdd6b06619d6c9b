import { useEffect, useState } from "preact/hooks";
import { getDirectorAuth, setDirectorAuth, type DirectorAuth, type Me } from "../../../sync/session";
import { request } from "../../../sync/api";
import { report } from "../../../sync/report";
import { navigate } from "../../../router";
import { useView } from "../../../ui/hooks";
import { useLive } from "../../../ui/live";
import { viewKey } from "../../../sync/viewCache";
import type { DirectorView, PublicView } from "../../../api/views";
import type { FetchError } from "../../../sync/cachedFetch";

/** A refused sign-in (401) while reading: this phone's director sign-in is no longer valid. */
export function useSignOutOnRefusal(error: FetchError | null) {
  useEffect(() => {
    if (error?.status !== 401) return;
    void setDirectorAuth(null)
      .catch((e) => report("director.sign_out", e))
      .then(() => navigate("/login"));
  }, [error]);
}

/** The stored director token; sends the user to #/login if there is none. The stored copy shows
 * at once (offline too), then /api/me brings it up to date: his club, his access and whether he is
 * the admin can change on the server while the phone keeps the sign-in. */
export function useDirectorAuth(): { auth: DirectorAuth | null; ready: boolean } {
  const [state, set] = useState<{ auth: DirectorAuth | null; ready: boolean }>({ auth: null, ready: false });
  useEffect(() => {
    let alive = true;
    getDirectorAuth().then((a) => {
      if (!alive) return;
      set({ auth: a, ready: true });
      if (!a) {
        navigate("/login");
        return;
      }
      request<Me>("/api/me", { token: a.token })
        .then((r) => {
          if (!alive || !r.ok || !r.data?.director) return;
          const fresh: DirectorAuth = { token: a.token, director: r.data.director, club: r.data.club ?? null };
          set({ auth: fresh, ready: true });
          void setDirectorAuth(fresh).catch((e) => report("director.me_save", e));
        })
        .catch((e) => report("director.me", e)); // offline: the stored copy
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
