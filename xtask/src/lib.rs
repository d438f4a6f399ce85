//! Generated, committed files of the repository and the tasks that produce them. Each
//! generator returns [`Generated`] files so the drift tests (`xtask/tests/drift.rs`) can compare
//! them with what is committed without writing anything.

mod browser;
pub mod coverage;
pub mod record;
mod record_buy;
mod record_signed_in;

use std::path::{Path, PathBuf};

/// A file a task generates: repository-relative path and full text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Absolute path inside the repository.
    pub path: PathBuf,
    /// Full contents, ending with a newline.
    pub text: String,
}

impl Generated {
    /// A file at `relative` (from the repository root) with `text`.
    pub fn new(relative: impl AsRef<Path>, mut text: String) -> Self {
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Self {
            path: repo_root().join(relative),
            text,
        }
    }

    /// Writes the file, creating its directory.
    pub fn write(&self) -> std::io::Result<()> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&self.path, &self.text)
    }

    /// `None` when the committed file has exactly this text, else a short description.
    pub fn drift(&self) -> Option<String> {
        match std::fs::read_to_string(&self.path) {
            Ok(committed) if committed == self.text => None,
            Ok(_) => Some(format!("{} differs from the code", self.path.display())),
            Err(e) => Some(format!("{}: {e}", self.path.display())),
        }
    }
}

/// The repository root (the workspace directory).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// The two contracts: browser to BFF, BFF to upstream.
pub fn contracts() -> Vec<Generated> {
    vec![
        Generated::new("openapi/bff.json", bff::openapi_spec()),
        Generated::new("openapi/upstream.json", simulators::openapi_spec()),
    ]
}
