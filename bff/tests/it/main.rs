//! The bff integration tests as one binary: the test command builds in release, where each
//! test binary is a separate link of the whole dependency tree.

mod common;

mod account_content;
mod account_information;
mod account_upstream;
mod activation;
mod answer_caches;
mod api;
mod authorization;
mod buy;
mod campaign;
mod cluster;
mod compression;
mod contract;
mod csrf;
mod dashboard_actions;
mod dashboard_promo;
mod faults;
mod harness_console;
mod headers;
mod input_safety;
mod instances;
mod integrity;
mod keep_alive;
mod litepay;
mod r#move;
mod logs;
mod payments;
mod production_store;
mod methods_and_bodies;
mod operability;
mod public_origin;
mod reconnect;
mod record_quotas;
mod record_replay;
mod refill;
mod refill_pin;
mod scenarios;
mod schema_prop;
mod session_safety;
mod sessions;
mod signin;
mod sim_proxy;
mod startup;
mod tolerant_reader;
