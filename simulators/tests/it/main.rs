//! The simulators integration tests as one binary: the test command builds in release, where each
//! test binary is a separate link of the whole dependency tree.

mod common;

mod account;
mod account_content;
mod buy_scenarios;
mod buy_services;
mod contract;
mod faults;
mod identity;
mod scenarios;
mod services;
mod world_props;
