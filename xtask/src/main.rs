//! Project tasks: `cargo run -p xtask -- <task>`.
//!
//! - `openapi`: writes `openapi/bff.json` and `openapi/upstream.json` from the poem-openapi code
//!   (then `npm run gen:api` regenerates `web/src/api/`; `npm run contract` does both).
//! - `record`: records the BFF's answers for every scenario, through the BFF and the embedded
//!   simulators, into the JSON files Storybook replays with MSW.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let task = std::env::args().nth(1).unwrap_or_default();
    let files = match task.as_str() {
        "openapi" => xtask::contracts(),
        "record" => match xtask::record::record_all().await {
            Ok(files) => files,
            Err(e) => {
                eprintln!("record failed: {e}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: cargo run -p xtask -- openapi|record");
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
