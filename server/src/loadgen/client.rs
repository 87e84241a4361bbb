//! The load generator's side of the wire: plain HTTP/1.1 requests for the REST API and
//! WebSocket connections, each from a chosen loopback address.

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper::client::conn::http1;
use serde_json::Value;
use thiserror::Error;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Why the load generator stopped.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The URL is not a loopback HTTP URL.
    #[error("{0}")]
    Url(String),
    /// Setting the matches up failed (the server refused, or answered something unexpected).
    #[error("set-up: {0}")]
    Setup(String),
    /// A connection failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A bug of the load generator itself.
    #[error("internal: {0}")]
    Internal(String),
}

/// The server under load: where its API and its WebSockets are.
#[derive(Debug, Clone)]
pub struct Endpoint {
    addr: SocketAddr,
    /// `host:port` as the URL wrote it, for the Host header.
    authority: String,
}

/// A match's WebSocket as the load generator drives it.
pub type Socket = WebSocketStream<TcpStream>;

impl Endpoint {
    /// Reads `http://host:port`; refuses anything that is not loopback.
    pub fn parse(url: &str) -> Result<Endpoint, LoadError> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| LoadError::Url(format!("{url}: only http:// URLs")))?;
        let authority = rest.trim_end_matches('/').to_owned();
        if authority.contains('/') {
            return Err(LoadError::Url(format!("{url}: give the server's base URL")));
        }
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
                let port = port
                    .parse::<u16>()
                    .map_err(|_| LoadError::Url(format!("{url}: bad port")))?;
                (host, port)
            }
            _ => (authority.as_str(), 80),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let ip: IpAddr = match host {
            "localhost" => IpAddr::from([127, 0, 0, 1]),
            _ => host
                .parse()
                .map_err(|_| LoadError::Url(format!("{url}: give an IP address or localhost")))?,
        };
        if !ip.is_loopback() {
            return Err(LoadError::Url(format!(
                "{url}: the load generator only drives a server on this machine (loopback)"
            )));
        }
        Ok(Endpoint {
            addr: SocketAddr::new(ip, port),
            authority,
        })
    }

    /// A TCP connection to the server from `from` (any address when `None`).
    async fn connect(&self, from: Option<IpAddr>) -> Result<TcpStream, LoadError> {
        let socket = match self.addr {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        if let Some(ip) = from.filter(|ip| ip.is_ipv4() == self.addr.is_ipv4()) {
            socket.bind(SocketAddr::new(ip, 0))?;
        }
        let stream = socket.connect(self.addr).await?;
        stream.set_nodelay(true)?;
        Ok(stream)
    }

    /// One request on a connection of its own: the status and the body.
    async fn request(
        &self,
        from: Option<IpAddr>,
        method: &str,
        path: &str,
        body: Option<&Value>,
        bearer: Option<&str>,
    ) -> Result<(hyper::StatusCode, Bytes), LoadError> {
        let stream = self.connect(from).await?;
        let (mut sender, connection) = http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|e| LoadError::Setup(format!("HTTP handshake: {e}")))?;
        tokio::task::spawn_local(connection);
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header("host", &self.authority);
        if let Some(token) = bearer {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        let bytes = match body {
            Some(json) => {
                request = request.header("content-type", "application/json");
                Bytes::from(json.to_string())
            }
            None => Bytes::new(),
        };
        let request = request
            .body(Full::new(bytes))
            .map_err(|e| LoadError::Internal(e.to_string()))?;
        let response = sender
            .send_request(request)
            .await
            .map_err(|e| LoadError::Setup(format!("{method} {path}: {e}")))?;
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|e| LoadError::Setup(format!("{method} {path}: {e}")))?
            .to_bytes();
        Ok((status, body))
    }

    /// A request whose 2xx answer is JSON.
    async fn json(
        &self,
        from: Option<IpAddr>,
        method: &str,
        path: &str,
        body: Option<&Value>,
        bearer: Option<&str>,
    ) -> Result<Value, LoadError> {
        let (status, body) = self.request(from, method, path, body, bearer).await?;
        if !status.is_success() {
            return Err(LoadError::Setup(format!(
                "{method} {path}: {status} {}",
                String::from_utf8_lossy(&body)
            )));
        }
        serde_json::from_slice(&body)
            .map_err(|e| LoadError::Setup(format!("{method} {path}: not JSON: {e}")))
    }

    /// Fails fast when nothing answers `GET /healthz` with 200.
    pub async fn health(&self) -> Result<(), LoadError> {
        let no_server = |e: &dyn std::fmt::Display| {
            LoadError::Setup(format!("no server at {}: {e}", self.authority))
        };
        let (status, _) = self
            .request(None, "GET", "/healthz", None, None)
            .await
            .map_err(|e| no_server(&e))?;
        if !status.is_success() {
            return Err(no_server(&format!("/healthz answered {status}")));
        }
        Ok(())
    }

    /// `GET path` as JSON.
    pub async fn get_json(&self, path: &str) -> Result<Value, LoadError> {
        self.json(None, "GET", path, None, None).await
    }

    /// `POST path` with a JSON body, from `from`; the answer as JSON.
    pub async fn post_json(
        &self,
        from: Option<IpAddr>,
        path: &str,
        body: &Value,
        bearer: Option<&str>,
    ) -> Result<Value, LoadError> {
        self.json(from, "POST", path, Some(body), bearer).await
    }

    /// The WebSocket of a match, with a seat's token or as a spectator.
    pub async fn socket(
        &self,
        from: Option<IpAddr>,
        id: &str,
        token: Option<&str>,
    ) -> Result<Socket, LoadError> {
        let stream = self.connect(from).await?;
        let url = match token {
            Some(token) => format!("ws://{}/ws/matches/{id}?token={token}", self.authority),
            None => format!("ws://{}/ws/matches/{id}", self.authority),
        };
        // Game frames are a few KiB: small buffers keep thousands of sockets cheap.
        let config = WebSocketConfig::default()
            .read_buffer_size(16 * 1024)
            .write_buffer_size(0);
        let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
            .await
            .map_err(|e| LoadError::Setup(format!("WebSocket to match {id}: {e}")))?;
        Ok(socket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_servers_are_driven() {
        assert!(Endpoint::parse("http://127.0.0.1:8080").is_ok());
        assert!(Endpoint::parse("http://localhost:8080/").is_ok());
        assert!(Endpoint::parse("http://[::1]:8080").is_ok());
        assert!(Endpoint::parse("http://10.0.0.1:8080").is_err());
        assert!(Endpoint::parse("http://example.com:8080").is_err());
        assert!(Endpoint::parse("https://127.0.0.1:8080").is_err());
        assert!(Endpoint::parse("http://127.0.0.1:8080/api").is_err());
    }

    #[test]
    fn the_port_defaults_to_80() {
        let endpoint = Endpoint::parse("http://127.0.0.1").expect("loopback");
        assert_eq!(endpoint.addr.port(), 80);
    }
}
