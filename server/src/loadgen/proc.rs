//! A process's CPU time and peak memory, read from `/proc` (Linux).

use std::io;

/// CPU time and memory of a process at one moment.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// User and system CPU time of every thread, in seconds.
    pub cpu_s: f64,
    /// The peak resident set so far (VmHWM), in KiB.
    pub peak_rss_kib: u64,
}

/// What a process spent between two samples.
#[derive(Debug, Clone, Copy)]
pub struct Spent {
    pub cpu_s: f64,
    /// The peak resident set at the second sample.
    pub peak_rss_kib: u64,
}

impl Sample {
    pub fn since(&self, before: &Sample) -> Spent {
        Spent {
            cpu_s: self.cpu_s - before.cpu_s,
            peak_rss_kib: self.peak_rss_kib,
        }
    }
}

/// Samples process `pid`.
pub fn sample(pid: u32) -> io::Result<Sample> {
    read(&format!("/proc/{pid}"))
}

/// Samples the load generator itself.
pub fn sample_self() -> io::Result<Sample> {
    read("/proc/self")
}

fn read(dir: &str) -> io::Result<Sample> {
    let stat = std::fs::read_to_string(format!("{dir}/stat"))?;
    let status = std::fs::read_to_string(format!("{dir}/status"))?;
    let ticks = cpu_ticks(&stat).ok_or_else(|| bad(dir, "stat"))?;
    // SAFETY: sysconf only reads a configuration value.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = if per_second > 0 {
        per_second as f64
    } else {
        100.0
    };
    Ok(Sample {
        cpu_s: ticks as f64 / per_second,
        peak_rss_kib: peak_rss_kib(&status).ok_or_else(|| bad(dir, "status"))?,
    })
}

fn bad(dir: &str, file: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("cannot read {dir}/{file}"),
    )
}

/// utime + stime (fields 14 and 15 of `stat`), in clock ticks. The command name (field 2)
/// may hold spaces and parentheses, so fields are counted after its closing parenthesis.
fn cpu_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

/// `VmHWM` of `status`, in KiB.
fn peak_rss_kib(status: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_is_read_after_the_command_name() {
        let stat = "4242 (a (weird) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 9 0";
        assert_eq!(cpu_ticks(stat), Some(325));
    }

    #[test]
    fn the_peak_resident_set_is_read_in_kib() {
        let status =
            "Name:\txenotable\nVmPeak:\t  900000 kB\nVmHWM:\t   61440 kB\nVmRSS:\t 51200 kB\n";
        assert_eq!(peak_rss_kib(status), Some(61_440));
    }

    #[test]
    fn this_process_can_be_sampled() {
        let sample = sample_self().expect("/proc/self");
        assert!(sample.peak_rss_kib > 0);
        assert!(sample.cpu_s >= 0.0);
    }
}
