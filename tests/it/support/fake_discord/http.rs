//! A small HTTP/1.1 server: enough for reqwest's keep-alive connections with
//! `Content-Length` or chunked request bodies.

use std::io;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Largest request the fake accepts (a board picture is far smaller).
const MAX_BODY: usize = 64 * 1024 * 1024;

/// One parsed request.
pub struct HttpRequest {
    pub method: String,
    /// The path without the query string.
    pub path: String,
    /// The query string without its `?` (empty when absent).
    pub query: String,
    /// Header names lower-cased, in arrival order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The first header with this (lower-case) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// A response to write back.
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpResponse {
    /// A JSON response.
    pub fn json(status: u16, value: &serde_json::Value) -> Self {
        HttpResponse {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: serde_json::to_vec(value).expect("a JSON value serializes"),
        }
    }

    /// An empty `204 No Content`.
    pub fn no_content() -> Self {
        HttpResponse { status: 204, headers: Vec::new(), body: Vec::new() }
    }
}

/// Serves requests on one connection until the client closes it.
pub async fn serve_connection<F, Fut>(stream: TcpStream, handler: F) -> io::Result<()>
where
    F: Fn(HttpRequest) -> Fut,
    Fut: std::future::Future<Output = HttpResponse>,
{
    stream.set_nodelay(true)?;
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let Some(request) = read_request(&mut reader).await? else { return Ok(()) };
        let close = request.header("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
        let response = handler(request).await;
        write.write_all(&encode_response(&response, close)).await?;
        write.flush().await?;
        if close {
            return Ok(());
        }
    }
}

fn invalid(message: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message.into())
}

/// Reads one request; `None` when the client closed the connection between requests.
async fn read_request<R: AsyncBufReadExt + Unpin>(reader: &mut R) -> io::Result<Option<HttpRequest>> {
    let mut line = String::new();
    if reader.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Err(invalid(format!("bad request line {line:?}")));
    };
    let method = method.to_string();
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_string(), q.to_string()),
        None => (target.to_string(), String::new()),
    };

    let mut headers = Vec::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Err(invalid("connection closed inside the headers"));
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').ok_or_else(|| invalid(format!("bad header {header:?}")))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }

    let find = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let chunked = find("transfer-encoding").is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    let body = if chunked {
        read_chunked(reader).await?
    } else {
        let length: usize = match find("content-length") {
            Some(v) => v.parse().map_err(|_| invalid(format!("bad content-length {v:?}")))?,
            None => 0,
        };
        if length > MAX_BODY {
            return Err(invalid("request body too large"));
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await?;
        body
    };
    Ok(Some(HttpRequest { method, path, query, headers, body }))
}

async fn read_chunked<R: AsyncBufReadExt + Unpin>(reader: &mut R) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await?;
        let size_text = line.trim().split(';').next().unwrap_or("");
        let size = usize::from_str_radix(size_text, 16).map_err(|_| invalid(format!("bad chunk size {line:?}")))?;
        if size == 0 {
            // Trailers end with an empty line.
            loop {
                line.clear();
                if reader.read_line(&mut line).await? == 0 || line.trim().is_empty() {
                    return Ok(body);
                }
            }
        }
        if body.len() + size > MAX_BODY {
            return Err(invalid("request body too large"));
        }
        let start = body.len();
        body.resize(start + size, 0);
        reader.read_exact(&mut body[start..]).await?;
        let mut crlf = [0; 2];
        reader.read_exact(&mut crlf).await?;
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

fn encode_response(response: &HttpResponse, close: bool) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 {} {}\r\n", response.status, reason(response.status));
    for (name, value) in &response.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    // A 204 carries neither a body nor a length.
    if response.status != 204 {
        head.push_str(&format!("content-length: {}\r\n", response.body.len()));
    }
    if close {
        head.push_str("connection: close\r\n");
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(&response.body);
    bytes
}
