"""Schemathesis hooks of scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

The BFF's state-changing calls need a session (cookie `pp_session`) and its CSRF token
(header `x-xsrf-token`, security scheme `csrf` of openapi/bff.json), both from `GET /token`.
The auth provider below fetches them once (refreshed every 5 minutes, well inside the session's
idle lifetime) and adds them to every generated request; the `ignored_auth` check still sends
requests without them and expects 403.
"""

import os
import uuid

import requests
import schemathesis

BASE_URL = os.environ["BFF_URL"].rstrip("/")
SESSION_COOKIE = "pp_session"


@schemathesis.auth(refresh_interval=300)
class SessionAndCsrf:
    """Session cookie and CSRF token of one `GET /token`."""

    def get(self, case, ctx):
        resp = requests.get(
            f"{BASE_URL}/token",
            params={"trackingId": str(uuid.uuid4())},
            headers={"trackingid": str(uuid.uuid4()), "source": "DIGITAL2.0"},
            timeout=10,
        )
        resp.raise_for_status()
        return {"cookie": resp.cookies[SESSION_COOKIE], "token": resp.json()["xsrfToken"]}

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "x-xsrf-token": data["token"]}
        case.cookies = {**(case.cookies or {}), SESSION_COOKIE: data["cookie"]}
