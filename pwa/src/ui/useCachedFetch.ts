// A screen's GET of an answer that is not a pushed view: fetched, kept for offline, refreshed,
// with loading and error (sync/cachedFetch.ts does the work). Pushed views have useView (hooks.ts).
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { applyStep, putSnapshot, runCachedFetch, type CachedFetchOptions, type FetchError, type FetchState } from "../sync/cachedFetch";
import { report } from "../sync/report";
import { t } from "../i18n";

export { listAnswer, objectAnswer } from "../sync/cachedFetch";

export interface CachedFetch<T> extends FetchState<T> {
  /** GET again now (after this screen changed something). */
  refresh: () => void;
  /** Show (and keep) an answer this screen got another way, e.g. in the answer to its POST. */
  replace: (data: T) => void;
}

export interface UseCachedFetchOptions<T> extends CachedFetchOptions<T> {
  /** GET again when one of these changes (e.g. the view's seq). */
  deps?: readonly unknown[];
}

/** Why a GET failed, in words: no answer (offline), or the server's reason. */
export function fetchErrorText(error: FetchError): string {
  if (error.status == null) return t("common.network_error");
  return error.message ?? `${t("common.error")} (${error.status})`;
}

/** GETs `url` (null: nothing to GET yet). A new `url` or `cache` starts from nothing; a refresh,
 * a tick of `refreshMs` or a changed `deps` keeps what is shown until the new answer. */
export function useCachedFetch<T = any>(url: string | null, opts: UseCachedFetchOptions<T>): CachedFetch<T> {
  const key = `${url}|${opts.cache ?? ""}`;
  const empty = (): FetchState<T> & { key: string } => ({ key, data: null, loading: url != null, error: null });
  const [state, setState] = useState(empty);
  const [tick, setTick] = useState(0);
  const options = useRef(opts);
  options.current = opts;
  useEffect(() => {
    if (url == null) return;
    return runCachedFetch<T>(url, options.current, (step) =>
      setState((s) => ({ ...applyStep(s.key === key ? s : empty(), step), key })),
    );
  }, [key, opts.token, opts.refreshMs, tick, ...(opts.deps ?? [])]);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const replace = (data: T) => {
    setState({ key, data, loading: false, error: null });
    if (opts.cache) putSnapshot(opts.cache, data).catch((e) => report(`${opts.where}_save`, e));
  };
  const now = state.key === key ? state : empty();
  return { data: now.data, loading: now.loading, error: now.error, refresh, replace };
}
