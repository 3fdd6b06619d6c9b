// A panel a screen opens now and then is fetched when first opened (or ahead, once the first
// screen is up), not with the first screen (docs/bundles.md). The service worker precaches every
// chunk of the build, so a phone reloaded offline still opens it.
import { h, type ComponentType, type JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { report } from "../sync/report";

export interface LazyComponent<P> {
  (props: P): JSX.Element;
  /** Fetch it now, so that opening it shows no loading line. */
  preload(): Promise<void>;
}

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>, where: string): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () => {
    loading ??= load().then(
      (c) => (loaded = c),
      (e) => {
        loading = undefined; // the next opening tries again
        throw e;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      let alive = true;
      fetchOnce().then(
        (c) => alive && setLoaded(() => c),
        (e) => {
          report(where, e);
          if (alive) setFailed(true);
        },
      );
      return () => {
        alive = false;
      };
    }, []);
    if (Loaded) return h(Loaded, props);
    return (
      <p class="card muted" role="status">
        {failed ? t("app.load_failed") : t("common.loading")}
      </p>
    );
  }
  Lazy.preload = () => fetchOnce().then(
    () => undefined,
    (e) => report(where, e),
  );
  return Lazy;
}
