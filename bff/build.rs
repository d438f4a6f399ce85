//! Sets `GIT_COMMIT` for `bff_build_info` (`telemetry::metrics::GIT_COMMIT`): the variable of
//! the same name when the build system gives one, else `git rev-parse` of this checkout, else
//! `unknown` (a source tarball).

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=GIT_COMMIT");
    for path in ["../.git/HEAD", "../.git/refs/heads", "../.git/packed-refs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let commit = std::env::var("GIT_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| {
            let out = Command::new("git")
                .args(["rev-parse", "--short=12", "HEAD"])
                .output()
                .ok()?;
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        })
        .filter(|c| c.bytes().all(|b| b.is_ascii_alphanumeric()))
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=GIT_COMMIT={commit}");
}
