//! The bff integration tests as one binary: the test command builds in release, where each
//! test binary is a separate link of the whole dependency tree.

mod common;

mod api;
mod buy;
mod contract;
mod faults;
mod instances;
mod methods_and_bodies;
mod scenarios;
mod schema_prop;
mod startup;
mod tolerant_reader;
