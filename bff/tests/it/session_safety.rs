//! Session safety (ARCHITECTURE.md "Sessions", "Sign-in"): a sign-out clears the session
//! cookie with exactly the attributes it was set with (harness and production), the CSRF
//! token rotates with the session id (sign-in and the buy hand-off: the old token is refused,
//! `GET /token` hands out the new one), and an ended session on a CSRF-protected GET is a
//! session error (`SESSION_EXPIRED`, `SIGNIN_REQUIRED`), never `CSRF_REJECTED`.

use std::time::Duration;

use bff::{
    config::{Mode, UpstreamUrls},
    state::Clock,
};
use poem::{http::header, session::SessionStorage};
use serde_json::{Value, json};

use crate::{
    buy::Buyer,
    common::*,
    signin::{Browser, TestClock, app_with_clock},
};

/// owner-one's one prepaid account (chosen at sign-in).
const OWNER_ONE_ACCOUNT: &str = "8993100000000101";

/// Every `Set-Cookie` of `resp` naming the session cookie (either name).
fn session_set_cookies(resp: &poem::Response) -> Vec<String> {
    resp.headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter(|c| c.starts_with("pp_session=") || c.starts_with("__Host-pp_session="))
        .map(str::to_owned)
        .collect()
}

/// The cookie's name, value and attributes (names lower-cased; `Max-Age` and `Expires` with
/// their values, the others as written).
fn parse_cookie(c: &str) -> (String, String, Vec<(String, String)>) {
    let mut parts = c.split(';').map(str::trim);
    let (name, value) = parts.next().unwrap().split_once('=').unwrap();
    let attrs = parts
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (k.to_ascii_lowercase(), v.to_owned()),
            None => (p.to_ascii_lowercase(), String::new()),
        })
        .collect();
    (name.to_owned(), value.to_owned(), attrs)
}

/// The attributes of `c` that say where the cookie lives and who may read it (all but its
/// lifetime): what a clearing cookie must repeat for the browser to drop the one it holds.
fn scope_of(attrs: &[(String, String)]) -> Vec<(String, String)> {
    let mut s: Vec<_> = attrs
        .iter()
        .filter(|(k, _)| k != "max-age" && k != "expires")
        .cloned()
        .collect();
    s.sort();
    s
}

/// The clearing `Set-Cookie` of `resp` compared with the cookie `set` set: same name and
/// scope (`Path=/`, `HttpOnly`, `SameSite=Lax`, `Secure` when `secure`, no `Domain`), empty
/// value, `Max-Age=0` and an expiry in the past.
fn assert_clears(set: &str, resp: &poem::Response, secure: bool, what: &str) {
    let cleared = session_set_cookies(resp);
    assert_eq!(cleared.len(), 1, "{what}: one clearing cookie: {cleared:?}");
    let (set_name, _, set_attrs) = parse_cookie(set);
    let (name, value, attrs) = parse_cookie(&cleared[0]);
    assert_eq!(name, set_name, "{what}: {}", cleared[0]);
    assert_eq!(value, "", "{what}: {}", cleared[0]);
    let has = |k: &str| attrs.iter().any(|(n, _)| n == k);
    let get = |k: &str| attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    assert_eq!(get("path"), Some("/"), "{what}: {}", cleared[0]);
    assert!(has("httponly"), "{what}: {}", cleared[0]);
    assert_eq!(get("samesite"), Some("Lax"), "{what}: {}", cleared[0]);
    assert_eq!(has("secure"), secure, "{what}: Secure? {}", cleared[0]);
    assert!(!has("domain"), "{what}: {}", cleared[0]);
    assert_eq!(get("max-age"), Some("0"), "{what}: {}", cleared[0]);
    let expires = get("expires").expect("an expiry");
    let when = chrono::DateTime::parse_from_rfc2822(&expires.replace("GMT", "+0000"))
        .unwrap_or_else(|e| panic!("{what}: expiry {expires}: {e}"));
    assert!(when < chrono::Utc::now(), "{what}: expired: {expires}");
    assert_eq!(
        scope_of(&attrs),
        scope_of(&set_attrs),
        "{what}: cleared with the attributes it was set with: {set} / {}",
        cleared[0]
    );
}

/// `GET /token` as a browser without a cookie: the full `Set-Cookie`, the `name=value` pair
/// and the token.
async fn fresh_session(cli: &Client) -> (String, String, String) {
    let r = cli.get("/token").send().await;
    r.assert_status_is_ok();
    let set = session_set_cookies(&r.0)
        .pop()
        .expect("GET /token sets the session cookie");
    let pair = set.split(';').next().unwrap().to_owned();
    let token = json(r.0).await["xsrfToken"].as_str().unwrap().to_owned();
    (set, pair, token)
}

/// `GET /token` with `cookie`: the token it hands out (and no new cookie: the session lives).
async fn token_of(cli: &Client, cookie: &str) -> String {
    let r = cli
        .get("/token")
        .header(header::COOKIE, cookie)
        .send()
        .await;
    r.assert_status_is_ok();
    assert!(
        session_set_cookies(&r.0).is_empty(),
        "the session {cookie} lives: no new cookie"
    );
    json(r.0).await["xsrfToken"].as_str().unwrap().to_owned()
}

/// Both logouts of `mode` clear the cookie as it was set.
async fn logouts_clear_the_cookie(mode: Mode) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, _st) = client_for(config(mode, &urls, 3000)).await;
    let production = mode == Mode::Production;
    for (path, body) in [
        ("/secure/logout", json!({})),
        ("/secure2/logout", json!({"locale": "en"})),
    ] {
        let (set, pair, token) = fresh_session(&cli).await;
        assert!(
            set.starts_with(if production {
                "__Host-pp_session="
            } else {
                "pp_session="
            }),
            "{set}"
        );
        let r = cli
            .post(path)
            .header(header::COOKIE, &pair)
            .header("x-xsrf-token", &token)
            .body_json(&body)
            .send()
            .await;
        assert_eq!(r.0.status().as_u16(), 200, "{path}");
        assert_clears(&set, &r.0, production, &format!("{mode:?} {path}"));
        // the cleared session is gone on the server too
        let again = cli
            .post("/secure2/ping")
            .header(header::COOKIE, &pair)
            .header("x-xsrf-token", &token)
            .body_json(&json!({"force": true}))
            .send()
            .await;
        assert_api_error(again, 403, "SESSION_EXPIRED").await;
    }
}

#[tokio::test]
async fn sign_out_clears_the_cookie_with_its_attributes_in_harness_mode() {
    logouts_clear_the_cookie(Mode::Harness).await;
}

#[tokio::test]
async fn sign_out_clears_the_cookie_with_its_attributes_in_production() {
    logouts_clear_the_cookie(Mode::Production).await;
}

#[tokio::test]
async fn a_signed_in_sign_out_clears_the_cookie_set_at_the_rotation() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let (_, pair, token) = fresh_session(&cli).await;
    let mut b = Browser {
        cookie: pair,
        xsrf: token,
        scenario: None,
        run: None,
    };
    // the decoder's answer sets the rotated cookie: the one the browser holds afterwards
    let url = b.start(&cli, "en").await;
    let (code, state) = crate::signin::pick(&cli, &url, "owner-one").await;
    let r = b
        .post(
            &cli,
            "/secure2/decoder",
            json!({"code": code, "state": state}),
        )
        .await;
    r.assert_status_is_ok();
    let set = session_set_cookies(&r.0)
        .pop()
        .expect("the decoder rotates the cookie");
    b.cookie = set.split(';').next().unwrap().to_owned();
    b.xsrf = rotated_token(&r.0);
    let r = b
        .post(&cli, "/secure2/logout", json!({"locale": "es"}))
        .await;
    assert_eq!(r.0.status().as_u16(), 200);
    assert_clears(&set, &r.0, false, "signOut signed in");
}

/// The new CSRF token the rotating answer `resp` hands the browser (header `x-xsrf-token`).
fn rotated_token(resp: &poem::Response) -> String {
    resp.headers()
        .get("x-xsrf-token")
        .and_then(|v| v.to_str().ok())
        .expect("the rotating answer carries the new token")
        .to_owned()
}

#[tokio::test]
async fn sign_in_rotates_the_csrf_token_with_the_session_id() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let mut b = Browser::new(&cli).await;
    let planted = b.clone();
    let url = b.start(&cli, "en").await;
    let (code, state) = crate::signin::pick(&cli, &url, "owner-one").await;
    let r = b
        .post(
            &cli,
            "/secure2/decoder",
            json!({"code": code, "state": state}),
        )
        .await;
    r.assert_status_is_ok();
    b.cookie = session_cookie(&r.0).expect("the decoder rotates the cookie");
    assert_ne!(b.cookie, planted.cookie, "the session id rotates");
    let handed = rotated_token(&r.0);
    assert_eq!(json(r.0).await["next"], "dashboard");
    assert_ne!(handed, planted.xsrf, "a new token with the new id");
    assert_eq!(handed.len(), 64);
    // the token of the pre-login session is refused with the signed-in cookie
    let ping = |cookie: &str, token: &str| {
        cli.post("/secure2/ping")
            .header(header::COOKIE, cookie.to_owned())
            .header("x-xsrf-token", token.to_owned())
            .body_json(&json!({"force": true}))
            .send()
    };
    assert_api_error(ping(&b.cookie, &planted.xsrf).await, 403, "CSRF_REJECTED").await;
    // on a GET that declares the scheme too
    let sync_up = cli
        .get(format!("/secure2/accounts/{OWNER_ONE_ACCOUNT}/sync-up"))
        .header(header::COOKIE, &b.cookie)
        .header("x-xsrf-token", &planted.xsrf)
        .send()
        .await;
    assert_api_error(sync_up, 403, "CSRF_REJECTED").await;
    // the handed token is the session's (GET /token gives the same), and it works
    assert_eq!(token_of(&cli, &b.cookie).await, handed);
    ping(&b.cookie, &handed).await.assert_status_is_ok();
    // and the old cookie names nothing any more
    let old = ping(&planted.cookie, &planted.xsrf).await;
    assert_eq!(old.0.status().as_u16(), 403);
    // answers that do not rotate carry no token
    let r = ping(&b.cookie, &handed).await;
    assert!(r.0.headers().get("x-xsrf-token").is_none());
}

#[tokio::test]
async fn the_buy_hand_off_rotates_the_csrf_token_with_the_session_id() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let cli = crate::buy::app(&urls, |_| {}).await;
    let mut b = Buyer::new(&cli, "en").await;
    b.shop("30309", "1200 Peachtree St", false).await;
    let (cookie, old) = (b.cookie.clone(), b.xsrf.clone());
    // the hand-off: digital session, the router's pick, the restore (which rotates)
    let created = b
        .ok(b.send(
            "post",
            "/secure/session",
            &json!({"redirectUrl": "/en/buy/session"}),
        ))
        .await;
    let id = created["digitalSessionId"].as_str().unwrap().to_owned();
    let pick = cli
        .post("/sim/session/router")
        .form(&[
            ("digitalSessionId", id.as_str()),
            ("identity", "existing-verified"),
            ("returnUrl", ""),
        ])
        .send()
        .await;
    assert_eq!(pick.0.status().as_u16(), 303);
    let r = b
        .get_csrf("/secure/session")
        .query("digitalSessionId", &id)
        .send()
        .await;
    r.assert_status_is_ok();
    b.cookie = session_cookie(&r.0).expect("the session id rotates");
    assert_ne!(b.cookie, cookie, "the session id rotates");
    let handed = rotated_token(&r.0);
    assert_eq!(json(r.0).await["complete"], true);
    assert_ne!(handed, old, "a new token with the new id");
    // the pre-hand-off token is refused on the rotated session, on a write and on a GET
    // that declares the scheme
    let cart = json!({"promoInCart": false});
    assert_api_error(
        b.send("put", "/secure/api/v1/cart", &cart).send().await,
        403,
        "CSRF_REJECTED",
    )
    .await;
    assert_api_error(b.product_details().send().await, 403, "CSRF_REJECTED").await;
    // the handed one is the session's (GET /token gives the same), and it works
    assert_eq!(token_of(&cli, &b.cookie).await, handed);
    b.xsrf = handed;
    b.ok(b.send("put", "/secure/api/v1/cart", &cart)).await;
    b.ok(b.product_details()).await;
}

/// Asserts the 403 `code` (an `ApiError`) for `what`.
async fn expect_refusal(r: poem::test::TestResponse, code: &str, what: &str) {
    let status = r.0.status().as_u16();
    let body = json(r.0).await;
    assert_eq!(
        (status, body["errorCode"].as_str().unwrap_or_default()),
        (403, code),
        "{what}: {body}"
    );
}

/// The GETs of the signed-in area that declare the `csrf` scheme (`getSyncUp` today), as
/// paths for owner-one's account, read from the contract.
fn signed_in_csrf_gets() -> Vec<(String, String)> {
    let spec: Value = serde_json::from_str(&bff::openapi_spec()).unwrap();
    let mut out = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        let Some(op) = item.get("get") else { continue };
        let declares = op["security"]
            .as_array()
            .is_some_and(|s| s.iter().any(|r| r.get("csrf").is_some()));
        if declares && path.starts_with("/secure2/") {
            out.push((
                op["operationId"].as_str().unwrap().to_owned(),
                path.replace("{accountId}", OWNER_ONE_ACCOUNT),
            ));
        }
    }
    assert!(
        out.iter().any(|(id, _)| id == "getSyncUp"),
        "getSyncUp declares csrf: {out:?}"
    );
    out
}

#[tokio::test]
async fn an_ended_session_on_a_csrf_get_is_a_session_error_not_a_csrf_refusal() {
    let (clock, c) = TestClock::new();
    let (cli, st, _sims) = app_with_clock(c).await;
    let gets = signed_in_csrf_gets();
    let call = |path: &str, cookie: Option<&str>, token: Option<&str>| {
        let mut rb = cli.get(path.to_owned());
        if let Some(c) = cookie {
            rb = rb.header(header::COOKIE, c.to_owned());
        }
        if let Some(t) = token {
            rb = rb.header("x-xsrf-token", t.to_owned());
        }
        rb.send()
    };

    // a sign-in idle past BFF_SIGNIN_IDLE_SECS on the BFF's clock
    let mut b = Browser::new(&cli).await;
    b.sign_in(&cli, "owner-one").await;
    b.xsrf = token_of(&cli, &b.cookie).await;
    for (_, path) in &gets {
        call(path, Some(&b.cookie), Some(&b.xsrf))
            .await
            .assert_status_is_ok();
    }
    clock.advance(Duration::from_secs(841));
    for (id, path) in &gets {
        let r = call(path, Some(&b.cookie), Some(&b.xsrf)).await;
        expect_refusal(r, "SESSION_EXPIRED", &format!("{id}: the sign-in idle")).await;
    }
    // its record gone too (the store's own idle lifetime, 840 s of wall clock, ran out): the
    // browser's cookie and token name a session that is no more
    let sid = b.cookie.trim_start_matches("pp_session=").to_owned();
    st.store.remove_session(&sid).await.unwrap();
    for (id, path) in &gets {
        for token in [Some(b.xsrf.as_str()), None] {
            let r = call(path, Some(&b.cookie), token).await;
            let what = format!("{id}: the session record gone, token {}", token.is_some());
            expect_refusal(r, "SESSION_EXPIRED", &what).await;
        }
    }

    // signed out in another tab: this tab's cookie (where the browser kept it) and token
    let mut b = Browser::new(&cli).await;
    b.sign_in(&cli, "owner-one").await;
    b.xsrf = token_of(&cli, &b.cookie).await;
    b.post(&cli, "/secure2/logout", json!({"locale": "en"}))
        .await
        .assert_status_is_ok();
    for (id, path) in &gets {
        let r = call(path, Some(&b.cookie), Some(&b.xsrf)).await;
        let what = format!("{id}: signed out in another tab");
        expect_refusal(r, "SESSION_EXPIRED", &what).await;
        // the browser dropped the cleared cookie: sign in first
        let r = call(path, None, Some(&b.xsrf)).await;
        let what = format!("{id}: signed out in another tab, cookie dropped");
        expect_refusal(r, "SIGNIN_REQUIRED", &what).await;
    }
}
