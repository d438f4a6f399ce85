//! Standalone simulator server: `cargo run -p simulators -- --addr 127.0.0.1:9090`.
//! Serves [`simulators::endpoint`] (every simulator, scenarios selected by `x-sim-scenario`).
//! JSON logs on stdout like the BFF's (`jq` reads both), filter from `RUST_LOG` (default
//! `info`; `simulators=debug` adds one line per call with its request id and trace id).

use std::net::SocketAddr;

const USAGE: &str = "usage: simulators [--addr <ip:port>]   (default 127.0.0.1:9090)";

fn parse_addr(mut args: impl Iterator<Item = String>) -> Result<SocketAddr, String> {
    let mut addr = String::from("127.0.0.1:9090");
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--addr" => addr = args.next().ok_or("--addr needs a value")?,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    addr.parse()
        .map_err(|e| format!("bad --addr `{addr}`: {e}"))
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = match parse_addr(std::env::args().skip(1)) {
        Ok(addr) => addr,
        Err(msg) => {
            eprintln!("{msg}");
            std::process::exit(2);
        }
    };
    tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let bad = simulators::scenario::errors();
    for err in bad {
        tracing::error!(%err, "scenario file left out");
    }
    tracing::info!(%addr, scenarios = simulators::scenario::all().len(), "simulators listening");
    poem::Server::new(poem::listener::TcpListener::bind(addr))
        .run(simulators::endpoint())
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> impl Iterator<Item = String> {
        list.iter()
            .map(|s| (*s).to_owned())
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn addr_argument() {
        assert_eq!(parse_addr(args(&[])).unwrap().port(), 9090);
        assert_eq!(
            parse_addr(args(&["--addr", "0.0.0.0:8080"]))
                .unwrap()
                .port(),
            8080
        );
        assert!(parse_addr(args(&["--addr"])).is_err());
        assert!(parse_addr(args(&["--port", "1"])).is_err());
    }
}
