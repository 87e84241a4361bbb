//! The `xenotable` command: parse the configuration, set up logs and metrics, serve.

use clap::Parser;
use metrics_exporter_prometheus::PrometheusBuilder;
use tokio::net::TcpListener;

use crate::app;
use crate::config::{Cli, Command, LogFormat};

/// Runs the command line; returns the process exit code.
pub fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_logs(cli.serve.log_format);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => {
                let metrics = PrometheusBuilder::new()
                    .set_buckets(&[
                        0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0,
                    ])
                    .and_then(|b| b.install_recorder())
                    .map_err(|e| tracing::warn!(error = %e, "metrics are off"))
                    .ok();
                let state = app::start(&cli.serve, metrics).await?;
                let listener = TcpListener::bind(cli.serve.bind).await?;
                app::serve(state, listener, &cli.serve).await
            }
        }
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "stopped");
            eprintln!("xenotable: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Pretty => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
