// CSV import: the file's bytes go to POST /api/tournaments/<tid>/import as they are (the server
// reads UTF-8 or Windows-1252 and sniffs the separator). Not through the outbox: a director tool
// that needs the server, and the answer is a report to read at once. The op_id is fixed per file
// pick, so a retry after a lost answer gets the stored report and imports nothing twice.
import { getDeviceId } from "../../../sync/db";
import { NetworkError } from "../../../sync/api";

export interface ImportLine {
  line: number;
  name: string;
  kind: "ok" | "waiting" | "rejected";
  reason?: string;
  field?: string | null;
  error?: string | null; // the refusal's code and params: the reason in the phone's language
  params?: Record<string, unknown> | null;
  waiting?: number;
}

export interface ImportReport {
  lines: ImportLine[];
  ok: number;
  waiting: number;
  rejected: number;
}

/** The server's report as one list in file order: accepted, waiting and refused lines. */
export function reportLines(data: any): ImportReport {
  const lines: ImportLine[] = [
    ...(data?.imported ?? []).map((r: any) => ({ line: r.line, name: r.name, kind: "ok" as const })),
    ...(data?.waiting ?? []).map((r: any) => ({ line: r.line, name: r.name, kind: "waiting" as const, waiting: r.waiting })),
    ...(data?.rejected ?? []).map((r: any) => ({ line: r.line, name: r.name, kind: "rejected" as const, reason: r.reason, field: r.field,
      error: r.error ?? null, params: r.params ?? null })),
  ].sort((a, b) => a.line - b.line);
  return {
    lines,
    ok: data?.imported?.length ?? 0,
    waiting: data?.waiting?.length ?? 0,
    rejected: data?.rejected?.length ?? 0,
  };
}

export async function uploadCsv(tid: string, token: string, bytes: ArrayBuffer, opId: string): Promise<{ ok: boolean; data: any }> {
  const device = await getDeviceId();
  const url = `/api/tournaments/${encodeURIComponent(tid)}/import?op_id=${encodeURIComponent(opId)}&device_id=${encodeURIComponent(device)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", Accept: "application/json" },
      body: bytes,
      cache: "no-store",
    });
  } catch (e) {
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
  const data = await res.json().catch(() => null); // a body that is no JSON: the status tells
  return { ok: res.ok, data };
}
