//! Issue 10: API answers are compressed (`br` or `gzip`, as the client prefers) when they are
//! at least `COMPRESS_MIN_BYTES`; small ones go out plain; every API answer says
//! `Vary: Accept-Encoding` and keeps `Cache-Control: no-store`.

use crate::common::*;
use bff::http::middleware::COMPRESS_MIN_BYTES;
use poem::{EndpointExt, http::header, middleware::Compression, test::TestClient};
use serde_json::Value;

/// `bytes` decoded from `coding` by poem's own decoder (its `Compression` middleware inflates
/// request bodies sent with `Content-Encoding`; this endpoint echoes what it read).
async fn decode(coding: &str, bytes: Vec<u8>) -> Vec<u8> {
    let echo = poem::endpoint::make(|mut req: poem::Request| async move {
        req.take_body().into_vec().await.map_err(poem::Error::from)
    })
    .with(Compression::new());
    let resp = TestClient::new(echo)
        .post("/")
        .header(header::CONTENT_ENCODING, coding)
        .body(bytes)
        .send()
        .await;
    resp.assert_status_is_ok();
    resp.0.into_body().into_vec().await.unwrap()
}

#[tokio::test]
async fn large_api_answers_are_compressed_small_ones_not() {
    let (cli, _s) = harness_app().await;
    let plain = cli.get("/-/api/my.prepaid/buyflow").send().await;
    plain.assert_status_is_ok();
    let plain: Value =
        serde_json::from_slice(&plain.0.into_body().into_vec().await.unwrap()).unwrap();
    let plain_len = serde_json::to_vec(&plain).unwrap().len();
    assert!(
        plain_len >= COMPRESS_MIN_BYTES,
        "the buy flow's content is large ({plain_len} B)"
    );

    for (accept, coding) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0.1, gzip", "gzip"),
    ] {
        let r = cli
            .get("/-/api/my.prepaid/buyflow")
            .header(header::ACCEPT_ENCODING, accept)
            .send()
            .await;
        r.assert_status_is_ok();
        let h = r.0.headers().clone();
        assert_eq!(h[header::CONTENT_ENCODING], coding, "{accept}");
        assert_eq!(h[header::CACHE_CONTROL], "no-store", "{accept}");
        assert_eq!(h[header::VARY], "accept-encoding", "{accept}");
        assert!(
            h[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let body = r.0.into_body().into_vec().await.unwrap();
        assert!(
            body.len() < plain_len / 2,
            "{coding}: {} of {plain_len} B",
            body.len()
        );
        let decoded: Value = serde_json::from_slice(&decode(coding, body).await).unwrap();
        assert_eq!(decoded, plain, "{coding} decodes to the same answer");
    }

    // small answers (the dictionary, an error) and clients that accept neither coding: plain
    let small = [
        ("/-/api/my.prepaid/dictionary", "br, gzip"),
        ("/-/api/nope/dictionary", "br, gzip"),
        ("/-/api/my.prepaid/buyflow", "deflate, identity"),
        ("/-/api/my.prepaid/buyflow", "br;q=0, gzip;q=0"),
    ];
    for (path, accept) in small {
        let r = cli
            .get(path)
            .header(header::ACCEPT_ENCODING, accept)
            .send()
            .await;
        let h = r.0.headers().clone();
        assert!(!h.contains_key(header::CONTENT_ENCODING), "{path} {accept}");
        assert_eq!(h[header::CACHE_CONTROL], "no-store", "{path}");
        assert_eq!(h[header::VARY], "accept-encoding", "{path}");
        let body = r.0.into_body().into_vec().await.unwrap();
        serde_json::from_slice::<Value>(&body).expect("plain JSON");
    }
}
