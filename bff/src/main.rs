//! `bff` binary: reads the configuration from the environment and serves until SIGTERM or
//! SIGINT, then drains (`startup::Application::run_until_stopped`) and exits 0.

use std::process::ExitCode;

// mimalloc: the hop allocates and frees many small buffers per request (headers, JSON,
// futures, log lines); glibc's malloc was about a tenth of its CPU (ARCHITECTURE.md
// "The BFF hop").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // before the trace exporter's HTTP client is built (reqwest comes without a TLS provider)
    bff::upstream::install_tls_provider();
    bff::telemetry::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!(error = %e, "cannot start the runtime");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(serve());
    drop(runtime);
    // the last spans leave before the process does
    bff::telemetry::trace::shutdown();
    code
}

async fn serve() -> ExitCode {
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
    // the connection caps, not the kernel, decide when a connection is refused
    let open_files = bff::http::connections::raise_fd_limit();
    tracing::info!(
        port = app.port(),
        metrics_port = app.metrics_port(),
        open_files,
        "listening"
    );
    match app.run_until_stopped().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}
