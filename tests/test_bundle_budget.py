"""The phone app's bundle budget (docs/bundles.md,): entry + one role + one language
≤ 60 kB gzipped JS for player, dealer, display and the player's season page; roles never import each
other; each role's
strings hold what its code names. The checker (pwa/scripts/check-budget.mjs) runs on the real
build, and on small made-up builds to show it fails when it should."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECK = ROOT / "pwa/scripts/check-budget.mjs"
STRINGS = ROOT / "pwa/scripts/role-strings.mjs"
FIRST_SCREEN = ROOT / "pwa/scripts/first-screen.mjs"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (the PWA's build tool)")


def run_check(*args):
    return subprocess.run([NODE, str(CHECK), *map(str, args)], capture_output=True, text=True, timeout=120)


def totals(stdout):
    """{role: total kB} from the checker's table."""
    rows = re.findall(
        r"^(director|dealer|player|display|season)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", stdout, re.M
    )
    return {r[0]: float(r[4]) for r in rows}


def test_the_built_app_keeps_the_budget():
    dist = Path(os.environ.get("PWA_DIST", ROOT / "pwa/dist"))
    if not (dist / "index.html").exists():
        pytest.fail(f"{dist} is not built: run `make test`, which builds it first")
    res = run_check(dist)
    print(res.stdout, res.stderr)
    assert res.returncode == 0, res.stdout + res.stderr
    sizes = totals(res.stdout)
    assert set(sizes) == {"director", "dealer", "player", "display", "season"}
    for role in ("dealer", "player", "display", "season"):
        assert sizes[role] <= 60, (role, sizes[role])
    # The entry chunk holds no strings table: a German phone's first screen loads only its role's.
    manifest = json.loads((dist / ".vite/manifest.json").read_text())
    entry = next(v for v in manifest.values() if v.get("isEntry"))
    code = (dist / entry["file"]).read_text()
    assert "Lädt …" not in code and "Loading…" not in code and "refusal.too_many_players" not in code


def fake_build(tmp_path, files, manifest):
    dist = tmp_path / "dist"
    (dist / ".vite").mkdir(parents=True)
    (dist / "assets").mkdir()
    for name, size in files.items():
        # Random bytes do not compress: gzip size ≈ size.
        (dist / "assets" / name).write_bytes(os.urandom(size))
    (dist / ".vite/manifest.json").write_text(json.dumps(manifest))
    return dist


def fake_manifest():
    m = {
        "index.html": {
            "file": "assets/index.js",
            "isEntry": True,
            "imports": ["_shared.js"],
            "dynamicImports": [
                "src/views/director/index.ts",
                "src/views/dealer/Dealer.tsx",
                "src/views/player/Player.tsx",
                "src/views/display/Display.tsx",
                "src/views/season/Season.tsx",
            ],
        },
        "_shared.js": {"file": "assets/shared.js"},
        "_live.js": {"file": "assets/live.js", "imports": ["index.html"]},
        "src/views/director/index.ts": {
            "file": "assets/director.js",
            "isDynamicEntry": True,
            "imports": ["index.html"],
        },
        "src/views/dealer/Dealer.tsx": {
            "file": "assets/dealer.js",
            "isDynamicEntry": True,
            "imports": ["index.html", "_live.js"],
        },
        "src/views/player/Player.tsx": {
            "file": "assets/player.js",
            "isDynamicEntry": True,
            "imports": ["index.html", "_live.js"],
        },
        "src/views/display/Display.tsx": {
            "file": "assets/display.js",
            "isDynamicEntry": True,
            "imports": ["index.html"],
        },
        "src/views/season/Season.tsx": {
            "file": "assets/season.js",
            "isDynamicEntry": True,
            "imports": ["index.html"],
        },
    }
    for lang in ("en", "de"):
        for role in ("director", "dealer", "player", "display", "season"):
            m[f"virtual:strings/{lang}-{role}"] = {"file": f"assets/{lang}-{role}.js", "isDynamicEntry": True}
    return m


def fake_files(**sizes):
    files = {
        "index.js": 20_000,
        "shared.js": 5_000,
        "live.js": 5_000,
        "director.js": 70_000,
        "dealer.js": 10_000,
        "player.js": 8_000,
        "display.js": 6_000,
        "season.js": 4_000,
    }
    for lang in ("en", "de"):
        for role in ("director", "dealer", "player", "display", "season"):
            files[f"{lang}-{role}.js"] = 3_000 if lang == "en" else 4_000
    files.update(sizes)
    return files


def fake_src(tmp_path, dealer_code='import { t } from "../../i18n";\n'):
    src = tmp_path / "src"
    for role, name in (
        ("director", "index.ts"),
        ("dealer", "Dealer.tsx"),
        ("player", "Player.tsx"),
        ("display", "Display.tsx"),
        ("season", "Season.tsx"),
    ):
        (src / "views" / role).mkdir(parents=True)
        (src / "views" / role / name).write_text('import { t } from "../../i18n";\n')
    (src / "views/dealer/Dealer.tsx").write_text(dealer_code)
    return src


def test_checker_sums_entry_role_and_the_larger_language(tmp_path):
    dist = fake_build(tmp_path, fake_files(), fake_manifest())
    res = run_check(dist, "--src", fake_src(tmp_path))
    assert res.returncode == 0, res.stdout + res.stderr
    sizes = totals(res.stdout)
    # dealer: index + shared (entry) + dealer + live (each once) + de-dealer (the larger language).
    assert sizes["dealer"] == pytest.approx((20_000 + 5_000 + 10_000 + 5_000 + 4_000) / 1000, abs=0.2)
    assert sizes["display"] == pytest.approx((20_000 + 5_000 + 6_000 + 4_000) / 1000, abs=0.2)
    # The director has no budget: 99 kB passes.
    assert sizes["director"] > 60


def test_checker_fails_a_role_over_budget(tmp_path):
    dist = fake_build(tmp_path, fake_files(**{"live.js": 22_000}), fake_manifest())
    res = run_check(dist, "--src", fake_src(tmp_path))
    assert res.returncode == 1
    assert "role dealer" in res.stderr and "OVER" in res.stdout
    assert "role display" not in res.stderr  # display does not load live.js


def test_checker_fails_when_a_role_imports_another(tmp_path):
    dist = fake_build(tmp_path, fake_files(), fake_manifest())
    for code in (
        'import { Money } from "../director/Money";\n',
        'const m = () => import("../../views/player/Player");\n',
        'export { Display } from "../display/Display";\n',
        'import { Season } from "../season/Season";\n',  # the season page is a part of its own
    ):
        res = run_check(dist, "--src", fake_src(tmp_path / str(abs(hash(code))), dealer_code=code))
        assert res.returncode == 1, code
        assert "roles import each other: views/dealer/Dealer.tsx imports" in res.stderr, res.stderr
    # Importing the shared core is fine, and so is a shared folder outside views/ (src/season/).
    for code in (
        'import { Shell } from "../../ui/Shell";\n',
        'import { SeasonView } from "../../season/SeasonView";\n',
    ):
        res = run_check(dist, "--src", fake_src(tmp_path / f"ok{len(code)}", dealer_code=code))
        assert res.returncode == 0, res.stderr


def test_checker_fails_when_a_role_is_not_a_chunk_of_its_own(tmp_path):
    m = fake_manifest()
    m["index.html"]["dynamicImports"].remove("src/views/player/Player.tsx")  # bundled into the entry
    dist = fake_build(tmp_path, fake_files(), m)
    res = run_check(dist, "--src", fake_src(tmp_path))
    assert res.returncode == 1
    assert "role player: no chunk of its own" in res.stderr
    m = fake_manifest()
    del m["virtual:strings/de-display"]
    dist = fake_build(tmp_path / "b", fake_files(), m)
    res = run_check(dist, "--src", fake_src(tmp_path / "b"))
    assert res.returncode == 1 and "no de strings chunk" in res.stderr


def test_each_role_gets_the_strings_its_code_names(tmp_path):
    """role-strings.mjs: literal keys, `prefix.${x}` templates, "prefix." + x, `${x}.suffix`; the core's
    keys go to every role; a role's own keys to no other role; a shared folder's (src/season/) to each
    role that imports it."""
    src = tmp_path / "src"
    (src / "i18n").mkdir(parents=True)
    (src / "ui").mkdir()
    for role in ("director", "dealer", "player", "display", "season"):
        (src / "views" / role).mkdir(parents=True)
    (src / "season").mkdir()
    (src / "main.tsx").write_text('import { App } from "./app";\nimport "./styles.css";\n')
    (src / "app.tsx").write_text(
        'import { t } from "./i18n";\n// t("player.hello") in a comment names nothing\n'
        'export const App = () => t("core.loading");\nconst d = () => import("./views/dealer/Dealer");\n'
    )
    (src / "i18n/index.ts").write_text("export const t = (k: string) => k;\n")
    (src / "ui/words.ts").write_text(
        'import { t } from "../i18n";\nexport const w = (x: string) => t(`clock.stop.${x}`);\n'
    )
    (src / "views/dealer/Dealer.tsx").write_text(
        'import { t } from "../../i18n";\nimport { w } from "../../ui/words";\n'
        'export const D = (x: string, k: string) => [t("dealer.bust"), t("cmd." + x), t(`${k}.title`), w(x)];\n'
    )
    (src / "views/director/index.ts").write_text(
        'import { t } from "../../i18n";\nimport { v } from "../../season/view";\n'
        'export const M = () => [t("director.only"), v()];\n'
    )
    (src / "season/view.ts").write_text('import { t } from "../i18n";\nexport const v = () => t("season.shared");\n')
    (src / "views/season/Season.tsx").write_text(
        'import { t } from "../../i18n";\nimport { v } from "../../season/view";\n'
        'export const S = () => [t("season.own"), v()];\n'
    )
    (src / "views/player/Player.tsx").write_text('export const P = "player.hello";\n')
    (src / "views/display/Display.tsx").write_text("export const X = `Tisch ${1}`;\n")
    keys = [
        "core.loading",
        "dealer.bust",
        "dealer.unused",
        "cmd.bust",
        "cmd.seat",
        "a.title",
        "clock.stop.race",
        "director.only",
        "player.hello",
        "clock.go",
        "season.shared",
        "season.own",
    ]
    (src / "i18n/de.ts").write_text(
        'import type { MessageKey } from "./en";\nexport const de: Record<MessageKey, string> = {\n'
        + "".join(f'  "{k}": "{k} (de)",\n' for k in keys)
        + "};\n"
    )
    script = (
        f"import {{ partFiles, usedKeys, readTable }} from {json.dumps(STRINGS.as_uri())};\n"
        f"const parts = partFiles({json.dumps(str(src))});\n"
        f"const table = readTable({json.dumps(str(src / 'i18n/de.ts'))});\n"
        "const out = {};\n"
        "for (const [p, files] of Object.entries(parts)) out[p] = usedKeys(Object.keys(table), files);\n"
        "out.table = table;\n"
        "console.log(JSON.stringify(out));\n"
    )
    res = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, cwd=ROOT / "pwa"
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["table"]["cmd.seat"] == "cmd.seat (de)"
    assert set(out["core"]) == {"core.loading"}
    assert set(out["dealer"]) == {"core.loading", "dealer.bust", "cmd.bust", "cmd.seat", "a.title", "clock.stop.race"}
    assert set(out["director"]) == {"core.loading", "director.only", "season.shared"}
    assert set(out["season"]) == {"core.loading", "season.own", "season.shared"}
    assert set(out["player"]) == {"core.loading", "player.hello"}
    assert set(out["display"]) == {"core.loading"}  # "Tisch " is no key prefix


def boot_words(template: Path, i18n: Path | None = None) -> subprocess.CompletedProcess:
    """first-screen.mjs's bootWords: the src/i18n words a first-paint template names, per language."""
    args = ", ".join(json.dumps(str(p)) for p in (template, i18n) if p)
    script = f"import {{ bootWords }} from {json.dumps(FIRST_SCREEN.as_uri())};\nconsole.log(JSON.stringify(bootWords({args})));\n"
    return subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, cwd=ROOT / "pwa"
    )


def test_the_first_paint_draws_with_the_apps_words(tmp_path):
    """The TV's first paint (pwa/boot/firstPaint.js) says what the app says: its words come from
    src/i18n at build time, those it names and no others; a key it names that the tables lack, or a
    German word the app would respell for a Swiss tournament (ß), fails the build."""
    res = boot_words(ROOT / "pwa/boot/firstPaint.js")
    assert res.returncode == 0, res.stderr
    words = json.loads(res.stdout)
    assert words["en"]["clock.level"] == "Level {n}" and words["de"]["clock.next"] == "Danach"
    assert words["de"]["clock.paused_by.table_merge"].startswith("Angehalten")  # named by its prefix
    assert set(words["en"]) == set(words["de"]) and "clock.idle" not in words["en"]  # not drawn: not shipped

    misspelt = tmp_path / "misspelt.js"
    misspelt.write_text('say("clock.levle");\n')
    res = boot_words(misspelt)
    assert res.returncode != 0 and "clock.levle" in res.stderr, res.stderr

    i18n = tmp_path / "i18n"
    i18n.mkdir()
    (i18n / "en.ts").write_text('export const en = { "display.size": "Size" };\n')
    (i18n / "de.ts").write_text('export const de = { "display.size": "Größe" };\n')
    sized = tmp_path / "sized.js"
    sized.write_text('say("display.size");\n')
    res = boot_words(sized, i18n)
    assert res.returncode != 0 and "ß" in res.stderr, res.stderr


def test_the_service_worker_precaches_every_chunk():
    """A phone that loaded once works offline with any role and both languages: sw.js lists every
    JS and CSS file of the build (the role apps and every strings chunk)."""
    dist = Path(os.environ.get("PWA_DIST", ROOT / "pwa/dist"))
    if not (dist / "sw.js").exists():
        pytest.fail(f"{dist} is not built: run `make test`, which builds it first")
    sw = (dist / "sw.js").read_text()
    assets = sorted(p.name for p in (dist / "assets").iterdir() if p.suffix in (".js", ".css"))
    strings = [a for a in assets if re.match(r"(en|de)-(core|director|dealer|player|display|season)-", a)]
    assert len(strings) == 12, strings
    missing = [a for a in assets if f"assets/{a}" not in sw]
    assert not missing, missing
