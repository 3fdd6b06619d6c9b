// The desk's camera: reads the QR code on a player's phone. getUserMedia with the back camera, a few
// frames a second drawn small onto a canvas and handed to jsQR, which is fetched only when the
// scanner first opens (its own chunk: the director's first screen does not carry it).
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../../../i18n";
import { report } from "../../../sync/report";

export type CameraProblem = { kind: "denied" | "no_camera" | "failed"; message?: string };

const EVERY_MS = 120; // ~8 frames a second: quick enough for a hand holding a phone, light on the battery
const FRAME_MAX = 640; // the longer side of the frame decoded: a phone's QR code fills much of it

type Decode = typeof import("jsqr").default;
let decoder: Promise<Decode> | null = null;
const loadDecoder = (): Promise<Decode> => {
  decoder ??= import("jsqr").then(
    (m) => m.default,
    (e) => {
      decoder = null; // the next opening tries again
      throw e;
    },
  );
  return decoder;
};

/** Why the camera did not start, in the kinds the desk says differently. */
export function cameraProblem(e: unknown): CameraProblem {
  const name = (e as { name?: string } | null)?.name ?? "";
  if (name === "NotAllowedError" || name === "SecurityError") return { kind: "denied" };
  if (name === "NotFoundError" || name === "OverconstrainedError") return { kind: "no_camera" };
  return { kind: "failed", message: (e as Error)?.message || name || String(e) };
}

export function QrScanner(props: { onText: (text: string) => void; onProblem: (p: CameraProblem) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const handlers = useRef(props);
  handlers.current = props;
  useEffect(() => {
    let alive = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    const tick = (decode: Decode) => {
      if (!alive) return;
      const v = video.current;
      if (v && v.readyState >= 2 && v.videoWidth > 0) {
        const scale = Math.min(1, FRAME_MAX / Math.max(v.videoWidth, v.videoHeight));
        const w = Math.round(v.videoWidth * scale);
        const h = Math.round(v.videoHeight * scale);
        canvas.width = w;
        canvas.height = h;
        const g = canvas.getContext("2d", { willReadFrequently: true });
        if (g) {
          g.drawImage(v, 0, 0, w, h);
          const found = decode(g.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
          if (found?.data) {
            alive = false;
            stop();
            handlers.current.onText(found.data);
            return;
          }
        }
      }
      timer = setTimeout(() => tick(decode), EVERY_MS);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return handlers.current.onProblem({ kind: "no_camera" }); // no camera API, or no HTTPS
      try {
        const [media, decode] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false }),
          loadDecoder(),
        ]);
        stream = media;
        if (!alive) return stop(); // closed while the camera started
        const v = video.current!;
        v.srcObject = media;
        await v.play().catch((e) => report("desk.scan_play", e)); // muted + playsinline: allowed without a gesture
        setRunning(true);
        tick(decode);
      } catch (e) {
        stop();
        report("desk.scan_camera", e);
        if (alive) handlers.current.onProblem(cameraProblem(e));
      }
    })();
    return () => {
      alive = false;
      clearTimeout(timer);
      stop();
    };
  }, []);
  return (
    <div class="qr-scanner" data-testid="qr-scanner" data-running={running ? "true" : "false"}>
      <video ref={video} class="qr-scanner-video" muted playsInline autoPlay aria-label={t("scan.aim")} />
      <div class="qr-scanner-frame" aria-hidden="true" />
      <p class="qr-scanner-aim" role="status">{running ? t("scan.aim") : t("scan.starting")}</p>
      <button type="button" class="btn btn-secondary btn-block" data-testid="qr-scanner-close" onClick={() => handlers.current.onClose()}>
        {t("scan.close")}
      </button>
    </div>
  );
}
