"""The wheel carries what the app reads at run time: the seed presets (shared_rules/, outside
backend/ in a checkout), the migrations, the printouts' templates and assets, and the built phone app.
Installed in a fresh venv, away from the checkout, it loads the presets, migrates and serves them.

The wheel is built from a copy of the files it needs (a build in the checkout would leave build/ there),
with pip and the pinned setuptools of the test extra, without build isolation: no network needed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import pytest
import requests

from server import ServerProcess, director

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "pwa" / "dist"
SEED_PRESETS = sorted(p.name for p in (ROOT / "shared_rules" / "presets").glob("*.json"))
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src")
    shutil.copytree(ROOT / "backend", src / "backend", ignore=SKIP)
    shutil.copytree(ROOT / "shared_rules", src / "shared_rules")
    if (DIST / "index.html").is_file():
        shutil.copytree(DIST, src / "pwa" / "dist")
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    build = [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "-q", "-w", str(out)]
    subprocess.run(build, check=True, timeout=120, capture_output=True)
    (found,) = out.glob("pokerfloor-*.whl")
    return found


def test_the_wheel_carries_every_file_of_the_package_and_the_presets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    # Every file next to the code: modules, migrations, templates, print assets (whatever is added later).
    package = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "backend").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    assert sorted(package - names) == []
    assert any(n.startswith("backend/migrations/versions/") for n in names)
    assert any(n.startswith("backend/templates/") and n.endswith(".html") for n in names)
    assert sorted(n.removeprefix("backend/bundled/presets/") for n in names if "bundled/presets/" in n) == SEED_PRESETS
    assert "backend/bundled/preset.schema.json" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "pokerfloor = backend.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_wheel_carries_the_built_phone_app(wheel):
    if not (DIST / "index.html").is_file():
        pytest.fail(f"{DIST} is not built: run `make test`, which builds it first")
    names = set(zipfile.ZipFile(wheel).namelist())
    built = {f"backend/bundled/pwa/{p.relative_to(DIST).as_posix()}" for p in DIST.rglob("*") if p.is_file()}
    assert sorted(built - names) == []


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> tuple[Path, dict]:
    """A fresh venv with only this wheel installed; its dependencies are read from the test venv
    (a .pth line: that directory's own .pth files, the checkout's editable install among them, stay unread)."""
    root = tmp_path_factory.mktemp("installed")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q"]
    subprocess.run([*pip, "--no-deps", "--no-index", str(wheel)], check=True, timeout=120, capture_output=True)
    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "test_venv_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # No checkout around and no overrides: the defaults an installed copy falls back on.
    env = {k: v for k, v in os.environ.items() if k not in ("POKERFLOOR_VAR", "PRESETS_DIR", "PWA_DIST", "PYTHONPATH")}
    env.update(HOME=str(root / "home"), XDG_DATA_HOME="", SECRET_KEY="test-secret-key-not-for-production")
    env.pop("DATABASE_URL", None)
    return venv, env


def test_an_installed_wheel_finds_its_presets_and_phone_app(installed):
    venv, env = installed
    probe = (
        "import json, backend, backend.config as c; from backend.presets import load_presets; cfg = c.Config(); "
        "print(json.dumps({'package': backend.__file__, 'checkout': c.CHECKOUT, 'var': str(cfg.VAR_DIR), "
        "'presets': sorted(load_presets(str(cfg.PRESETS_DIR))), 'pwa': (cfg.PWA_DIST / 'index.html').is_file()}))"
    )
    run = subprocess.run(
        [venv / "bin" / "python", "-c", probe], cwd=venv, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["package"].startswith(str(venv)), found  # the installed copy, not the checkout
    assert found["checkout"] is False
    assert found["var"] == str(Path(env["HOME"]) / ".local" / "share" / "pokerfloor")
    seed_ids = sorted(json.loads((ROOT / "shared_rules" / "presets" / n).read_text())["id"] for n in SEED_PRESETS)
    assert found["presets"] == seed_ids
    assert found["pwa"] is (DIST / "index.html").is_file()


def test_an_installed_wheel_migrates_and_serves(installed):
    venv, env = installed
    init = subprocess.run(
        [venv / "bin" / "pokerfloor", "init"], cwd=venv, env=env, capture_output=True, text=True, timeout=60
    )
    assert init.returncode == 0 and "database ready" in init.stdout, init.stdout + init.stderr
    # ServerProcess only for its address and log reader: this server is the installed command, not the checkout's.
    server = ServerProcess(venv.parent / "var")
    with open(server.log_path, "w") as log:
        proc = subprocess.Popen(
            [venv / "bin" / "pokerfloor", "serve", "--port", str(server.port)],
            cwd=venv,
            env=env,
            stdout=log,
            stderr=log,
        )
    try:
        deadline = time.time() + 30
        while not _healthy(server.url):
            assert proc.poll() is None and time.time() < deadline, server.log_path.read_text()[-3000:]
            time.sleep(0.1)
        td = director(server)
        assert {p["id"] for p in td.get("/api/presets").json()} >= {"generic"}
        r = td.post("/api/tournaments", {"name": "From a wheel", "preset": "generic"})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        for i in range(1, 4):
            assert td.command(tid, "register_player", {"name": f"Player {i}"}).status_code == 200
        assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
        page = td.get(f"/api/tournaments/{tid}/print/seat-cards?lang=en")  # a template and its stylesheet
        assert page.status_code == 200 and "Player 1" in page.text, page.text[:500]
        assert requests.get(f"{server.url}/print-assets/printout.css", timeout=10).status_code == 200
        if (DIST / "index.html").is_file():
            home = requests.get(server.url + "/", timeout=10)
            assert home.status_code == 200 and home.text == (DIST / "index.html").read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def _healthy(url: str) -> bool:
    try:
        return requests.get(url + "/api/health", timeout=1).ok
    except requests.RequestException:
        return False
