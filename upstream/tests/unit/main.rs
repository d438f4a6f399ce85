//! Tests of the payload types and tables (one binary: the crate is not rebuilt for them, as
//! unit tests inside it would be; `[lib] test = false`).

mod call;
mod identity;
mod null_policy;
mod parse;
mod pin;
mod service;
