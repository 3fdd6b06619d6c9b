"""A TV nobody has tapped yet, in a browser a test drives.

Playwright's own calls into a page (`evaluate`, and the polling behind `expect`) run as user
gestures, so Chromium gives the page sticky activation a few hundred milliseconds after it loads,
while no person touched it. SoundGate rightly hides "Tap to enable sound" on a page the browser
already lets sound (SoundGate.alreadyAllowed), so whether the button showed depended on whether the
driver's first poll came before the TV's first render: a flaky test under load. This init script
makes `navigator.userActivation.hasBeenActive` tell what a TV in a room would: true only after a
real (trusted) tap, click or key on the page."""

NOBODY_TAPPED = """
(() => {
  const ua = navigator.userActivation;
  if (!ua) return;
  let tapped = false;
  for (const type of ["touchend", "click", "keydown"]) {
    addEventListener(type, (e) => { if (e.isTrusted) tapped = true; }, { capture: true });
  }
  Object.defineProperty(ua, "hasBeenActive", { get: () => tapped });
})();
"""


def untapped_tv(tv, **options):
    """A TV browser context (the `tv` fixture's factory) whose pages count only real taps."""
    context = tv(**options)
    context.add_init_script(NOBODY_TAPPED)
    return context
