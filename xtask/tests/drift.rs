//! Committed generated files must match the code: the contracts (`openapi/*.json`) and the
//! Storybook recordings. Regenerate with `npm run contract` and `cargo run -p xtask -- record`.

fn assert_no_drift(files: &[xtask::Generated], fix: &str) {
    let drift: Vec<String> = files.iter().filter_map(xtask::Generated::drift).collect();
    assert!(
        drift.is_empty(),
        "{}\nregenerate with `{fix}` and commit",
        drift.join("\n")
    );
}

#[test]
fn contracts_match_the_code() {
    assert_no_drift(&xtask::contracts(), "npm run contract");
}

#[tokio::test(flavor = "multi_thread")]
async fn recordings_match_the_simulators() {
    let files = xtask::record::record_all().await.expect("recording runs");
    assert!(files.len() > 1, "every scenario is recorded");
    assert_no_drift(&files, "cargo run -p xtask -- record");
}
