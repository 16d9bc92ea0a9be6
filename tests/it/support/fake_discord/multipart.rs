//! Parses the `multipart/form-data` bodies serenity sends with attachments.

/// One part of a multipart body.
#[derive(Clone, Debug)]
pub struct Part {
    /// The form field name, e.g. `payload_json` or `files[0]`.
    pub name: String,
    /// The file name, for file parts.
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// The boundary named in a `multipart/form-data` content type, if it is one.
pub fn boundary(content_type: &str) -> Option<String> {
    let mut params = content_type.split(';');
    if !params.next()?.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.find_map(|p| {
        let (key, value) = p.trim().split_once('=')?;
        key.eq_ignore_ascii_case("boundary").then(|| value.trim_matches('"').to_string())
    })
}

/// Where `needle` first occurs in `haystack` from `from` on. memchr's
/// search, not a comparison at every offset: a board is a 40 KB part.
fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    memchr::memmem::find(haystack.get(from..)?, needle).map(|i| i + from)
}

/// Splits a body into its parts.
pub fn parse(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut pos = find(body, &delimiter, 0).ok_or("no opening boundary")? + delimiter.len();
    let mut parts = Vec::new();
    loop {
        if body[pos..].starts_with(b"--") {
            return Ok(parts);
        }
        pos += 2; // CRLF after the boundary
        let headers_end = find(body, b"\r\n\r\n", pos).ok_or("part without a header end")?;
        let headers = std::str::from_utf8(&body[pos..headers_end]).map_err(|_| "part headers are not UTF-8")?;
        let data_start = headers_end + 4;
        let mut closing = b"\r\n".to_vec();
        closing.extend_from_slice(&delimiter);
        let data_end = find(body, &closing, data_start).ok_or("part without a closing boundary")?;

        let mut part = Part { name: String::new(), filename: None, content_type: None, bytes: Vec::new() };
        for line in headers.split("\r\n") {
            let Some((name, value)) = line.split_once(':') else { continue };
            if name.trim().eq_ignore_ascii_case("content-disposition") {
                for param in value.split(';').skip(1) {
                    let Some((key, v)) = param.trim().split_once('=') else { continue };
                    let v = v.trim_matches('"').to_string();
                    match key {
                        "name" => part.name = v,
                        "filename" => part.filename = Some(v),
                        _ => {}
                    }
                }
            } else if name.trim().eq_ignore_ascii_case("content-type") {
                part.content_type = Some(value.trim().to_string());
            }
        }
        part.bytes = body[data_start..data_end].to_vec();
        parts.push(part);
        pos = data_end + closing.len();
    }
}
