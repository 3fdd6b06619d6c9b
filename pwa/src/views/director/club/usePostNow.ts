import { useState } from "preact/hooks";
import { t } from "../../../i18n";
import { request, NetworkError } from "../../../sync/api";

/** A POST that needs the server now (the club's directors and clubs are not queued offline): it
 * returns the answer's data, or null after putting a reason the director can read in `error`. */
export function usePostNow(token: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function post<T = any>(path: string, body?: object): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      const r = await request<T>(path, { method: "POST", token, body });
      if (r.ok) return r.data as T;
      setError((r.data as any)?.message ?? `${t("common.error")} (${r.status})`);
    } catch (err) {
      setError(err instanceof NetworkError ? t("common.network_error") : t("common.error"));
    } finally {
      setBusy(false);
    }
    return null;
  }

  return { busy, error, post };
}
