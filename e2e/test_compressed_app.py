"""A phone opening the app gets it brotli-compressed from the real server (the build's .br copies)
and runs it: every script of the first screen arrives with Content-Encoding br, and the sign-in
screen renders. The served bytes are what the phone pays for on a club's Wi-Fi."""

from playwright.sync_api import expect


def test_a_phone_gets_the_app_brotli_compressed_and_it_runs(live_server, phone):
    page = phone().new_page()
    responses = []
    page.on("response", lambda r: responses.append(r) if r.url.endswith(".js") and r.status == 200 else None)
    page.goto(live_server.url + "/")
    expect(page.get_by_test_id("login-username")).to_be_visible()
    page.wait_for_load_state("networkidle")
    # (url, encoding, bytes the script has, bytes on the wire); files under 1 kB stay as they are
    scripts = [
        (r.url, r.all_headers().get("content-encoding"), len(r.body()), r.request.sizes()["responseBodySize"])
        for r in responses
    ]
    assert [s for s in scripts if s[2] >= 1024], "the page loaded no script"
    assert [(url, enc) for url, enc, size, _ in scripts if size >= 1024 and enc != "br"] == []
    print(
        f"first screen: {len(scripts)} scripts, {sum(s[2] for s in scripts) / 1024:.1f} kB, "
        f"{sum(s[3] for s in scripts) / 1024:.1f} kB on the wire"
    )
