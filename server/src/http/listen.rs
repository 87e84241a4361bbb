//! The listener: accepts TCP connections and serves HTTP/1.1 on them (WebSocket upgrades
//! included) under the server's connection limits.
//!
//! Before hyper sees a connection it is counted: over the total cap it is answered
//! `503 server_full`, over its client's cap `429 too_many_connections`, and closed. Each
//! connection is watched for the two timeouts hyper does not keep the way we want: a request
//! head must arrive within the header timeout, and a connection with nothing moving either way
//! for the idle timeout is closed. Accept errors (out of file descriptors) back off instead of
//! spinning.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::{Instant, sleep, sleep_until};

use super::HttpError;
use super::rate::{ClientIp, client_key};

/// The connection limits of the listener.
#[derive(Debug, Clone, Copy)]
pub struct ListenLimits {
    /// Open connections in all.
    pub max_connections: usize,
    /// Open connections of one client.
    pub max_per_client: usize,
    /// How long a request head may take.
    pub header_timeout: Duration,
    /// How long a connection may pass with nothing read or written.
    pub idle_timeout: Duration,
}

/// Connections being answered a refusal at once; past it, refused connections are just closed.
const MAX_REFUSING: usize = 1_024;

/// The largest request head hyper reads (it answers `431` beyond).
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// How long open connections get to finish when the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The longest wait between accept attempts after an error.
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Serves `router` on `listener` until `shutdown` completes, then lets open HTTP connections
/// finish (for a while).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ListenLimits,
    shutdown: impl Future<Output = ()>,
) {
    let admission = Arc::new(Admission::new(limits));
    // Dropped to tell every connection to finish; `closed()` once they all have.
    let (stop, stopping) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    let mut backoff = Duration::ZERO;
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => {
                backoff = Duration::ZERO;
                accepted
            }
            // The peer gave up before we took it: nothing is wrong here.
            Err(e) if is_peer_error(&e) => continue,
            Err(e) => {
                backoff = (backoff * 2).clamp(Duration::from_millis(10), MAX_BACKOFF);
                tracing::warn!(error = %e, wait_ms = backoff.as_millis() as u64, "accept failed");
                metrics::counter!("xenotable_accept_errors_total").increment(1);
                tokio::select! {
                    () = &mut shutdown => break,
                    () = sleep(backoff) => continue,
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let ip = peer.ip();
        match admission.admit(ip) {
            Ok(slot) => {
                let service = Counted::new(router.clone(), ip);
                let activity = service.activity.clone();
                tokio::spawn(watch_connection(
                    Watched::new(stream, activity.clone(), slot),
                    service,
                    activity,
                    limits,
                    stopping.clone(),
                ));
            }
            Err((refusal, Some(slot))) => {
                metrics::counter!("xenotable_connections_refused_total", "code" => refusal.code())
                    .increment(1);
                let service = Refusing(refusal);
                let activity = Arc::new(Activity::new());
                tokio::spawn(watch_connection(
                    Watched::new(stream, activity.clone(), slot),
                    service,
                    activity,
                    limits,
                    stopping.clone(),
                ));
            }
            Err((refusal, None)) => {
                metrics::counter!("xenotable_connections_refused_total", "code" => refusal.code())
                    .increment(1);
                drop(stream);
            }
        }
    }
    drop(listener);
    drop(stopping);
    stop.send_replace(());
    let finished = tokio::time::timeout(SHUTDOWN_GRACE, stop.closed()).await;
    if finished.is_err() {
        tracing::warn!("connections still open at shutdown");
    }
}

/// Accept errors that concern one connection only.
fn is_peer_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

/// Serves one connection with hyper until it ends, times out, or the server stops.
async fn watch_connection<S>(
    io: Watched,
    service: S,
    activity: Arc<Activity>,
    limits: ListenLimits,
    mut stopping: watch::Receiver<()>,
) where
    S: hyper::service::Service<Request<Incoming>, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    let keep_alive = io.slot.kind == SlotKind::Served;
    let mut builder = http1::Builder::new();
    builder
        .keep_alive(keep_alive)
        .max_buf_size(MAX_HEAD_BYTES)
        // Our watch below keeps the header timeout; hyper's own would also end idle
        // keep-alive connections at the same moment.
        .header_read_timeout(None);
    let conn = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let mut conn = pin!(conn);
    let mut finishing = false;
    loop {
        let deadline = activity.deadline(limits);
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(error = %e, "connection ended");
                }
                return;
            }
            () = sleep_until(deadline) => {
                if activity.deadline(limits) <= Instant::now() {
                    tracing::debug!("connection timed out");
                    metrics::counter!("xenotable_connections_timed_out_total").increment(1);
                    return;
                }
            }
            changed = stopping.changed(), if !finishing => {
                // Sent or dropped, the server is stopping: finish the request at hand.
                let _ = changed;
                finishing = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Why a connection is not served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    ServerFull,
    TooManyFromClient,
}

impl Refusal {
    fn code(self) -> &'static str {
        match self {
            Refusal::ServerFull => "server_full",
            Refusal::TooManyFromClient => "too_many_connections",
        }
    }

    fn response(self) -> Response {
        let error = match self {
            Refusal::ServerFull => HttpError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                self.code(),
                "the server has all the connections it can take; try again soon",
            ),
            Refusal::TooManyFromClient => HttpError::new(
                StatusCode::TOO_MANY_REQUESTS,
                self.code(),
                "you have too many connections open here; close some first",
            ),
        };
        let mut response = error.into_response();
        let headers = response.headers_mut();
        headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        response
    }
}

/// Who holds which connections.
struct Admission {
    limits: ListenLimits,
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    open: usize,
    refusing: usize,
    by_client: HashMap<IpAddr, usize>,
}

impl Admission {
    fn new(limits: ListenLimits) -> Admission {
        Admission {
            limits,
            counts: Mutex::new(Counts::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A slot for a connection from `ip`, or why not (with a slot to answer the refusal in, if
    /// there is one left).
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, (Refusal, Option<Slot>)> {
        let client = client_key(ip);
        let mut counts = self.lock();
        let refusal = if counts.open >= self.limits.max_connections {
            Refusal::ServerFull
        } else {
            let mine = counts.by_client.entry(client).or_insert(0);
            if *mine < self.limits.max_per_client {
                *mine += 1;
                counts.open += 1;
                metrics::gauge!("xenotable_open_connections").increment(1.0);
                return Ok(Slot {
                    admission: self.clone(),
                    kind: SlotKind::Served,
                    client,
                });
            }
            Refusal::TooManyFromClient
        };
        if counts.refusing >= MAX_REFUSING {
            return Err((refusal, None));
        }
        counts.refusing += 1;
        let slot = Slot {
            admission: self.clone(),
            kind: SlotKind::Refusing,
            client,
        };
        Err((refusal, Some(slot)))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SlotKind {
    Served,
    Refusing,
}

/// A connection's place in the counts, given back when the connection (or the WebSocket it
/// became) is dropped.
struct Slot {
    admission: Arc<Admission>,
    kind: SlotKind,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.admission.lock();
        match self.kind {
            SlotKind::Refusing => counts.refusing -= 1,
            SlotKind::Served => {
                counts.open -= 1;
                metrics::gauge!("xenotable_open_connections").decrement(1.0);
                if let Some(mine) = counts.by_client.get_mut(&self.client) {
                    *mine -= 1;
                    if *mine == 0 {
                        counts.by_client.remove(&self.client);
                    }
                }
            }
        }
    }
}

/// When a connection last did something, in milliseconds since it opened.
struct Activity {
    opened: Instant,
    /// The last byte read or written.
    last_io: AtomicU64,
    /// When the request head now awaited began ([`NO_HEAD`]: none is awaited).
    head_since: AtomicU64,
    /// Requests being answered.
    requests: AtomicU32,
}

const NO_HEAD: u64 = u64::MAX;

impl Activity {
    /// A connection just opened: its first request head is awaited from now.
    fn new() -> Activity {
        Activity {
            opened: Instant::now(),
            last_io: AtomicU64::new(0),
            head_since: AtomicU64::new(0),
            requests: AtomicU32::new(0),
        }
    }

    fn now(&self) -> u64 {
        self.opened.elapsed().as_millis() as u64
    }

    fn read(&self) {
        let now = self.now();
        self.last_io.store(now, Ordering::Relaxed);
        // A byte with no request being answered starts the next request's head.
        if self.requests.load(Ordering::Relaxed) == 0 {
            let _ = self.head_since.compare_exchange(
                NO_HEAD,
                now,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    fn wrote(&self) {
        self.last_io.store(self.now(), Ordering::Relaxed);
    }

    /// A request head has arrived: its answer is being made until the guard is dropped.
    fn answering(self: &Arc<Self>) -> Answering {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.head_since.store(NO_HEAD, Ordering::Relaxed);
        Answering(self.clone())
    }

    /// When the connection is due to be closed if nothing happens meanwhile.
    fn deadline(&self, limits: ListenLimits) -> Instant {
        let head_since = self.head_since.load(Ordering::Relaxed);
        let due = closing_time(
            (head_since != NO_HEAD).then(|| Duration::from_millis(head_since)),
            Duration::from_millis(self.last_io.load(Ordering::Relaxed)),
            limits,
        );
        self.opened + due
    }
}

/// When a connection closes, counted from its opening: `header_timeout` after the start of a
/// head still awaited, `idle_timeout` after the last byte, whichever comes first.
fn closing_time(head_since: Option<Duration>, last_io: Duration, limits: ListenLimits) -> Duration {
    let idle = last_io + limits.idle_timeout;
    match head_since {
        Some(since) => idle.min(since + limits.header_timeout),
        None => idle,
    }
}

struct Answering(Arc<Activity>);

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.requests.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A TCP stream that notes its activity and holds its connection's slot.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    slot: Slot,
}

impl Watched {
    fn new(stream: TcpStream, activity: Arc<Activity>, slot: Slot) -> Watched {
        Watched {
            stream,
            activity,
            slot,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.read();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The router, for one connection: each request learns its client's address and is counted
/// while it is answered.
struct Counted {
    router: TowerToHyperService<Router>,
    ip: IpAddr,
    activity: Arc<Activity>,
}

impl Counted {
    fn new(router: Router, ip: IpAddr) -> Counted {
        Counted {
            router: TowerToHyperService::new(router),
            ip,
            activity: Arc::new(Activity::new()),
        }
    }
}

type Answer = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl hyper::service::Service<Request<Incoming>> for Counted {
    type Response = Response;
    type Error = Infallible;
    type Future = Answer;

    fn call(&self, mut request: Request<Incoming>) -> Answer {
        request.extensions_mut().insert(ClientIp(self.ip));
        let answering = self.activity.answering();
        let answer = self.router.call(request);
        Box::pin(async move {
            let response = answer.await;
            drop(answering);
            response
        })
    }
}

/// Answers every request with a refusal (on a connection that is closed after it).
struct Refusing(Refusal);

impl hyper::service::Service<Request<Incoming>> for Refusing {
    type Response = Response;
    type Error = Infallible;
    type Future = std::future::Ready<Result<Response, Infallible>>;

    fn call(&self, _: Request<Incoming>) -> Self::Future {
        std::future::ready(Ok(self.0.response()))
    }
}

/// Raises this process's soft limit on open files to its hard limit, so connections are bounded
/// by our own limits and not by a low default; returns the limit now in force.
#[cfg(unix)]
pub fn raise_open_files_limit() -> io::Result<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct we pass.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err(io::Error::last_os_error());
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) != 0 {
                return Err(io::Error::last_os_error());
            }
            limit = raised;
        }
    }
    // `rlim_t` is a u64 here, not on every Unix.
    #[allow(clippy::unnecessary_cast)]
    Ok(limit.rlim_cur as u64)
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
pub fn raise_open_files_limit() -> io::Result<u64> {
    Err(io::Error::other("not supported on this system"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: ListenLimits = ListenLimits {
        max_connections: 3,
        max_per_client: 2,
        header_timeout: Duration::from_secs(10),
        idle_timeout: Duration::from_secs(60),
    };

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_head_must_arrive_within_the_header_timeout_of_its_first_byte() {
        assert_eq!(closing_time(Some(secs(0)), secs(0), LIMITS), secs(10));
        // Bytes keep coming, but slowly: the head's start decides.
        assert_eq!(closing_time(Some(secs(100)), secs(109), LIMITS), secs(110));
    }

    #[test]
    fn a_connection_with_nothing_moving_closes_after_the_idle_timeout() {
        assert_eq!(closing_time(None, secs(5), LIMITS), secs(65));
        // A stalled head closes at whichever comes first.
        let short_idle = ListenLimits {
            idle_timeout: secs(3),
            ..LIMITS
        };
        assert_eq!(closing_time(Some(secs(0)), secs(1), short_idle), secs(4));
    }

    #[tokio::test]
    async fn connections_are_counted_per_client_and_in_all_and_given_back() {
        let admission = Arc::new(Admission::new(LIMITS));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = admission.admit(a).ok().unwrap();
        let _a2 = admission.admit(a).ok().unwrap();
        let (refusal, slot) = admission.admit(a).err().unwrap();
        assert_eq!(refusal, Refusal::TooManyFromClient);
        assert!(slot.is_some());
        let _b1 = admission.admit(b).ok().unwrap();
        let (refusal, _) = admission.admit(b).err().unwrap();
        assert_eq!(refusal, Refusal::ServerFull);
        drop(a1);
        assert!(admission.admit(b).is_ok());
        assert_eq!(admission.lock().by_client.len(), 2);
    }

    #[tokio::test]
    async fn a_client_with_no_connection_left_is_forgotten() {
        let admission = Arc::new(Admission::new(LIMITS));
        let slot = admission.admit("10.0.0.1".parse().unwrap()).ok().unwrap();
        drop(slot);
        let counts = admission.lock();
        assert!(counts.by_client.is_empty());
        assert_eq!(counts.open, 0);
    }
}
