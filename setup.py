"""The wheel carries what the app reads at run time from outside backend/ in a checkout: the seed
presets (shared_rules/) and the built phone app (pwa/dist). They land in backend/bundled/, where
backend/config.py looks when there is no checkout around the package. Metadata: pyproject.toml."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = {  # source in the checkout -> place inside backend/bundled/
    "shared_rules/presets": "presets",
    "shared_rules/legal": "legal",
    "shared_rules/preset.schema.json": "preset.schema.json",
    "pwa/dist": "pwa",
}


class BuildPyWithBundle(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs in the checkout and reads these from where they are
        target = Path(self.build_lib) / "backend" / "bundled"
        shutil.rmtree(target, ignore_errors=True)
        for source, name in BUNDLED.items():
            path = ROOT / source
            if source == "pwa/dist" and not (path / "index.html").is_file():
                # Still a usable server (API, printouts), so not an error; the app's / says what is missing.
                print(
                    "warning: pwa/dist is not built: this wheel has no phone app (npm run build in pwa/)",
                    file=sys.stderr,
                )
                continue
            if not path.exists():
                sys.exit(f"error: {source} is missing: build the wheel from a checkout of pokerfloor")
            if path.is_dir():
                shutil.copytree(path, target / name)
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / name)


setup(cmdclass={"build_py": BuildPyWithBundle})
