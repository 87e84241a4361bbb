//! The `xenotable` command: parse the configuration, set up logs and metrics, serve; or check
//! a scenario file without starting anything.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

use crate::app;
use crate::config::{Cli, Command, LogFormat, ScenarioCommand, ServeConfig};
use crate::http::listen;
use crate::scenarios::{self, Checked};

/// Files the server needs open besides its connections (database, logs, web client).
const RESERVED_FILES: u64 = 64;

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Scenario(command)) => scenario_command(&command),
        Some(Command::Loadgen(config)) => crate::loadgen::main(&config),
        Some(Command::Arena(config)) => crate::bots::arena::main(&config),
        Some(Command::Serve) | None => serve(&cli.serve),
    }
}

/// `xenotable serve`: logs, metrics, the runtime and the server, until it stops.
fn serve(config: &ServeConfig) -> ExitCode {
    init_logs(config.log_format);
    match listen::raise_open_files_limit() {
        Ok(open_files) => {
            let wanted = u64::from(config.limits.max_connections);
            if open_files < wanted + RESERVED_FILES {
                tracing::warn!(
                    open_files,
                    max_connections = wanted,
                    "the open files limit is below --max-connections: raise the hard limit"
                );
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot raise the open files limit"),
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let metrics = PrometheusBuilder::new()
            .set_buckets(&[
                0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0,
            ])
            .and_then(|b| b.install_recorder())
            .map_err(|e| tracing::warn!(error = %e, "metrics are off"))
            .ok();
        if let Some(handle) = &metrics {
            spawn_metrics_upkeep(handle.clone());
        }
        // Listen first: a server that cannot have its port must not touch the database.
        let listener = TcpListener::bind(config.bind).await?;
        let started = app::start(config, metrics).await?;
        app::serve(started, listener, config).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "stopped");
            eprintln!("xenotable: {e}");
            ExitCode::FAILURE
        }
    }
}

/// How often the histograms' samples are folded into their buckets.
const METRICS_UPKEEP: Duration = Duration::from_secs(5);

/// Folds the histograms' samples into their buckets now and then. The recorder keeps every
/// sample until then: without it, a server nobody scrapes would hold one per move for ever.
fn spawn_metrics_upkeep(handle: PrometheusHandle) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(METRICS_UPKEEP);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            handle.run_upkeep();
        }
    });
}

/// `xenotable scenario ...`: plain file work, before any runtime, log or database exists.
fn scenario_command(command: &ScenarioCommand) -> ExitCode {
    match command {
        ScenarioCommand::Check { file } => check_scenario_file(file),
    }
}

/// `xenotable scenario check FILE`: 0 when valid, 1 when invalid, 2 when unreadable.
fn check_scenario_file(file: &Path) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match scenarios::check(&bytes, None) {
        Ok(Checked { title, .. }) => {
            println!("{}: ok ({title})", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(1)
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
