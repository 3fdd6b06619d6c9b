"""Browser tests: a director's phone that already holds a session (skips the sign-in form)."""
import json


def signed_in(context, api):
    """Give every page of this browser context the API client's director session."""
    auth = json.dumps({"token": api.token, "director": None})
    context.add_init_script(f"localStorage.setItem('pokerfloor.director', {json.dumps(auth)})")
    return context
