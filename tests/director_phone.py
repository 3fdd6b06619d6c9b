"""Browser tests: a director's phone that already holds a session (skips the sign-in form)."""
import json


def signed_in(context, api):
    """Give every page of this browser context the API client's director session."""
    auth = json.dumps({"token": api.token, "director": None})
    context.add_init_script(f"localStorage.setItem('pokerfloor.director', {json.dumps(auth)})")
    return context


def director_at(phone, api, path: str, ready_testid: str, **options):
    """A signed-in director's phone opened at `#<path>`, once `ready_testid` shows."""
    from playwright.sync_api import expect
    context = signed_in(phone(**options), api)
    page = context.new_page()
    page.goto(f"{api.base}/#{path}")
    expect(page.get_by_test_id(ready_testid)).to_be_visible()
    return page
