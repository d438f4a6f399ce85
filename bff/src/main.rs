//! `bff` binary: reads the configuration from the environment and serves until stopped.

use std::process::ExitCode;

// mimalloc: the hop allocates and frees many small buffers per request (headers, JSON,
// futures, log lines); glibc's malloc was about a tenth of its CPU (issue 10, "The BFF hop").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    bff::telemetry::init();
    let config = match bff::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "invalid configuration");
            return ExitCode::from(2);
        }
    };
    let app = match bff::startup::Application::build(config).await {
        Ok(app) => app,
        Err(e) => {
            tracing::error!(error = %e, "startup failed");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(port = app.port(), "listening");
    match app.run_until_stopped().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}
