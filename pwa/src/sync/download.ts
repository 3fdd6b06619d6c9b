// Files behind the bearer token (results, standings): fetched with the header, never with the
// token in a URL, then saved or opened as a blob URL.


/** `attachment; filename="results-1.csv"` (or RFC 5987 `filename*=UTF-8''…`) → the name, else `fallback`. */
export function filenameFrom(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  const name = plain?.[1]?.trim();
  return name && !/[\\/]/.test(name) ? name : fallback;
}

export type FetchFileResult = { ok: true; blob: Blob; filename: string } | { ok: false; status: number; message: string };

export async function fetchFile(path: string, token: string, fallbackName: string): Promise<FetchFileResult> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
  } catch (e) {
    return { ok: false, status: 0, message: e instanceof Error ? e.message : String(e) };
  }
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try {
      const j = await res.json();
      if (j?.message) message = j.message;
    } catch {
      /* not JSON */
    }
    return { ok: false, status: res.status, message };
  }
  const blob = await res.blob();
  return { ok: true, blob, filename: filenameFrom(res.headers.get("Content-Disposition"), fallbackName) };
}

/** Starts a download of `blob` as `filename` (an <a download> click on a blob URL). */
export function saveBlob(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens `blob` in a tab. `win` should be opened synchronously in the click handler (popup
 * blockers); without it the blob is opened in this tab.
 */
export function openBlob(blob: Blob, win: Window | null): void {
  const url = URL.createObjectURL(blob);
  if (win && !win.closed) win.location.href = url;
  else location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
}

