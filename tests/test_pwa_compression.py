"""The phone app is served compressed: the build leaves brotli and gzip copies of its text files
(pwa/scripts/precompress.mjs) and the app answers with the one the phone accepts, with the right
Content-Encoding and type, `Vary: Accept-Encoding`, immutable caching for hashed files and
no-cache for sw.js and index.html. Checked on the real build."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
from pathlib import Path

import pytest

from test_security_headers import make_app

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("PWA_DIST", ROOT / "pwa/dist"))


@pytest.fixture(scope="module")
def dist():
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} is not built: run `make test`, which builds it first")
    return DIST


def entry_js(dist: Path) -> str:
    manifest = json.loads((dist / ".vite/manifest.json").read_text())
    return next(c["file"] for c in manifest.values() if c.get("isEntry"))


def test_every_larger_text_file_has_brotli_and_gzip_copies_with_the_same_content(dist):
    texts = [p for p in dist.rglob("*") if p.suffix in (".js", ".css", ".html", ".svg") and p.stat().st_size >= 1024]
    assert len(texts) > 10
    for path in texts:
        assert gzip.decompress((path.parent / (path.name + ".gz")).read_bytes()) == path.read_bytes(), path
    # Brotli through Node's zlib (Python has no brotli here): every copy decodes to its original.
    check = (
        "const fs=require('fs'),zlib=require('zlib');let bad=[];"
        "for(const f of JSON.parse(process.argv[1]))"
        "{if(!zlib.brotliDecompressSync(fs.readFileSync(f+'.br')).equals(fs.readFileSync(f)))bad.push(f)}"
        "console.log(JSON.stringify(bad))"
    )
    out = subprocess.run(["node", "-e", check, json.dumps([str(p) for p in texts])], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == []


def test_the_app_sends_the_copy_the_phone_accepts(tmp_path, dist):
    client = make_app(tmp_path, PWA_DIST=dist).test_client()
    path = entry_js(dist)
    original = (dist / path).read_bytes()

    br = client.get(f"/{path}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.status_code == 200
    assert br.headers["Content-Encoding"] == "br"
    assert br.headers["Content-Type"].startswith("text/javascript")
    assert br.get_data() == (dist / (path + ".br")).read_bytes()
    assert len(br.get_data()) < len(original) / 2  # brotli at least halves minified code (the entry: about a third)
    assert "Accept-Encoding" in br.headers["Vary"]
    assert br.headers["Cache-Control"] == "public, max-age=31536000, immutable"

    gz = client.get(f"/{path}", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.get_data()) == original

    plain = client.get(f"/{path}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.get_data() == original
    assert "Accept-Encoding" in plain.headers["Vary"]


def test_the_service_worker_and_the_page_are_compressed_but_never_cached(tmp_path, dist):
    client = make_app(tmp_path, PWA_DIST=dist).test_client()
    for path in ("/sw.js", "/", "/director"):  # an app route answers with index.html
        answer = client.get(path, headers={"Accept-Encoding": "br"})
        assert answer.status_code == 200, path
        assert answer.headers["Cache-Control"] == "no-cache", path
        if (dist / ("sw.js" if path == "/sw.js" else "index.html")).stat().st_size >= 1024:
            assert answer.headers["Content-Encoding"] == "br", path
