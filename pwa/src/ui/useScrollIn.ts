import { useEffect, useRef } from "preact/hooks";

/** A panel opened by a button further up: bring it into view. */
export function useScrollIn() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, []);
  return ref;
}
