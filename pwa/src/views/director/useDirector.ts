import { useEffect, useState } from "preact/hooks";
import { getDirectorAuth, type DirectorAuth } from "../../sync/session";
import { navigate } from "../../router";

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
