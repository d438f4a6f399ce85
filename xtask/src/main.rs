//! Project tasks: `cargo run -p xtask -- <task>`.
//!
//! - `openapi`: writes `openapi/bff.json` and `openapi/upstream.json` from the poem-openapi code
//!   (then `npm run gen:api` regenerates `web/src/api/`; `npm run contract` does both).
//! - `record`: records the BFF's answers for every scenario, through the BFF and the embedded
//!   simulators, into the JSON files Storybook replays with MSW.
//! - `coverage`: writes `COVERAGE.md` (every business code, documented outcome and contract
//!   operation with the scenarios and tests covering it) and `COVERAGE.json` (per scenario, the
//!   scenario console's outcome class, story and browser tests) and fails when one has no
//!   asserting test; `coverage --check` writes nothing and also fails when either is stale.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let task = std::env::args().nth(1).unwrap_or_default();
    let files = match task.as_str() {
        "coverage" => return coverage(std::env::args().nth(2).as_deref() == Some("--check")),
        "openapi" => xtask::contracts(),
        "record" => match xtask::record::record_all().await {
            Ok(files) => files,
            Err(e) => {
                eprintln!("record failed: {e}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: cargo run -p xtask -- openapi|record|coverage [--check]");
            return ExitCode::FAILURE;
        }
    };
    for file in &files {
        if let Err(e) = file.write() {
            eprintln!("{}: {e}", file.path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", file.path.display());
    }
    ExitCode::SUCCESS
}

/// `coverage`: the report, written (or, with `check`, compared with the committed one), and
/// the list of what has no asserting test.
fn coverage(check: bool) -> ExitCode {
    let (reports, failures) = xtask::coverage::generated();
    let mut ok = failures.is_empty();
    for report in &reports {
        if check {
            if let Some(drift) = report.drift() {
                eprintln!("{drift}: regenerate with `cargo run -p xtask -- coverage` and commit");
                ok = false;
            }
        } else if let Err(e) = report.write() {
            eprintln!("{}: {e}", report.path.display());
            return ExitCode::FAILURE;
        } else {
            println!("wrote {}", report.path.display());
        }
    }
    for f in &failures {
        eprintln!("coverage: {f}");
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "coverage: {} item(s) without an asserting test or model error(s)",
            failures.len()
        );
        ExitCode::FAILURE
    }
}
