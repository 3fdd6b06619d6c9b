"""What a phone keeps in IndexedDB, read from its page: the outbox's entries, in send order."""

OUTBOX_JS = """
() => new Promise((resolve, reject) => {
  const r = indexedDB.open("pokerfloor");
  r.onerror = () => reject(r.error);
  r.onsuccess = () => {
    const q = r.result.transaction("outbox").objectStore("outbox").getAll();
    q.onsuccess = () => {
      resolve(q.result.map((e) => ({ op_id: e.op_id, state: e.state, type: e.type, device_id: e.device_id })));
      r.result.close();
    };
    q.onerror = () => reject(q.error);
  };
})
"""


def outbox(page) -> list[dict]:
    """The phone's outbox: op_id, state (pending/rejected), type and device_id of each entry."""
    return page.evaluate(OUTBOX_JS)


META_KEYS_JS = """
() => new Promise((resolve, reject) => {
  const r = indexedDB.open("pokerfloor");
  r.onerror = () => reject(r.error);
  r.onsuccess = () => {
    const q = r.result.transaction("meta").objectStore("meta").getAllKeys();
    q.onsuccess = () => { resolve(q.result.map(String)); r.result.close(); };
    q.onerror = () => reject(q.error);
  };
})
"""


def meta_keys(page) -> list[str]:
    """The keys the phone keeps in its meta store (the seat it last saw, a move card, …)."""
    return page.evaluate(META_KEYS_JS)
