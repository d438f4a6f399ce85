//! Rebuilds the crate when a scenario file changes (they are embedded by `include_dir!`).

fn main() {
    println!("cargo:rerun-if-changed=../scenarios");
    println!("cargo:rerun-if-changed=content");
}
