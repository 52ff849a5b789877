import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, pyLiteral as literal, resolveConfig } from './config';

/**
 * A complete Python 3 relying party (standard library only): /login starts the flow with PKCE S256
 * and state, /callback exchanges the code and answers the userinfo as JSON.
 */
export function pythonExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `# omnia_login.py: sign users in with ${PRODUCT_NAME} (Python 3.8+, standard library only).
# Run:  OMNIA_CLIENT_SECRET=... python3 omnia_login.py   then open http://localhost:3000/login
import base64
import hashlib
import json
import os
import secrets
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

OMNIA_URL = ${literal(c.origin)}
CLIENT_ID = os.environ.get("OMNIA_CLIENT_ID", ${literal(c.clientId)})
CLIENT_SECRET = os.environ.get("OMNIA_CLIENT_SECRET", ${literal(c.clientSecret)})
REDIRECT_URI = os.environ.get("OMNIA_REDIRECT_URI", ${literal(c.redirectUri)})
SCOPE = ${literal(EXAMPLE_SCOPE)}

# state -> PKCE code_verifier of sign-ins in progress (use your session store in production).
pending = {}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def post_form(path: str, params: dict) -> dict:
    """POST form-encoded to ${PRODUCT_NAME}; returns the JSON answer (empty for an empty body)."""
    data = urllib.parse.urlencode(params).encode()
    request = urllib.request.Request(
        OMNIA_URL + path,
        data=data,
        headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request) as response:
            body = response.read()
    except urllib.error.HTTPError as error:
        detail = json.loads(error.read() or b"{}")
        raise RuntimeError(f"{detail.get('error')}: {detail.get('error_description', '')}") from None
    return json.loads(body) if body else {}


def token_request(params: dict) -> dict:
    """POST /oauth2/token with the client's credentials."""
    return post_form("/oauth2/token", {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, **params})


def exchange_code(code: str, code_verifier: str) -> dict:
    return token_request({
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT_URI,
        "code_verifier": code_verifier,
    })


def refresh_tokens(refresh_token: str) -> dict:
    return token_request({"grant_type": "refresh_token", "refresh_token": refresh_token})


def get_user_info(access_token: str) -> dict:
    request = urllib.request.Request(
        OMNIA_URL + "/oauth2/userinfo", headers={"Authorization": "Bearer " + access_token}
    )
    with urllib.request.urlopen(request) as response:
        # { sub, email, email_verified, name, preferred_username, picture }
        return json.loads(response.read())


def revoke_token(token: str, token_type_hint: str = "refresh_token") -> None:
    post_form("/oauth2/revoke", {
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
        "token": token,
        "token_type_hint": token_type_hint,
    })


class Handler(BaseHTTPRequestHandler):
    def send(self, status: int, body: str, content_type: str = "text/plain") -> None:
        payload = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type + "; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)

        if url.path == "/login":
            state = b64url(secrets.token_bytes(32))
            code_verifier = b64url(secrets.token_bytes(32))
            code_challenge = b64url(hashlib.sha256(code_verifier.encode()).digest())
            pending[state] = code_verifier
            params = urllib.parse.urlencode({
                "client_id": CLIENT_ID,
                "redirect_uri": REDIRECT_URI,
                "response_type": "code",
                "scope": SCOPE,
                "state": state,
                "code_challenge": code_challenge,
                "code_challenge_method": "S256",
            })
            self.send_response(302)
            self.send_header("Location", OMNIA_URL + "/oauth2/authorize?" + params)
            self.end_headers()
            return

        if url.path == urllib.parse.urlparse(REDIRECT_URI).path:
            state = query.get("state", [""])[0]
            code_verifier = pending.pop(state, None)
            if not code_verifier:
                return self.send(400, "Unknown or reused state")
            if "error" in query:
                return self.send(403, "Sign-in cancelled: " + query["error"][0])
            try:
                tokens = exchange_code(query.get("code", [""])[0], code_verifier)
                user = get_user_info(tokens["access_token"])
            except Exception as error:  # noqa: BLE001 - report any failure to the browser
                return self.send(502, "Sign-in failed: " + str(error))
            # Keep tokens["refresh_token"] server-side; call refresh_tokens() when the access token expires.
            return self.send(200, json.dumps(user, indent=2), "application/json")

        self.send(404, "Not found")


if __name__ == "__main__":
    port = urllib.parse.urlparse(REDIRECT_URI).port or 80
    server = HTTPServer(("localhost", port), Handler)
    print(f"Listening: open http://localhost:{port}/login", flush=True)
    server.serve_forever()
`;
}
