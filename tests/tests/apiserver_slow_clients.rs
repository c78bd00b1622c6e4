//! The embedded API server against slow and greedy clients: every deadline and bound of
//! kube-apiserver's serving (`ReadHeaderTimeout`, `IdleTimeout`, `MaxHeaderBytes`, the
//! request timeout, the body limit, the in-flight limits) holds, over raw TCP so nothing
//! between the test and the server is polite on its behalf. Deadlines are shortened so
//! the cases finish quickly; each waits at most `GUARD`, far past its deadline.

mod support;

use kapi_apiserver::{ApiServer, ServingLimits};
use serde_json::Value;
use std::time::Duration;
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Far longer than any deadline below: a case that needs it has hung.
const GUARD: Duration = Duration::from_secs(30);

async fn start_with(limits: ServingLimits) -> ApiServer {
    ApiServer::builder(scheme())
        .serving_limits(limits)
        .start()
        .await
        .expect("the server starts")
}

async fn connect(server: &ApiServer) -> TcpStream {
    TcpStream::connect(server.addr()).await.expect("connects")
}

/// One HTTP/1.1 response off the stream: status, head, body (by Content-Length).
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

async fn read_answer(stream: &mut TcpStream) -> Answer {
    let read = async {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 8192];
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            let n = stream.read(&mut chunk).await.expect("reads");
            assert!(
                n > 0,
                "closed before an answer: {:?}",
                String::from_utf8_lossy(&buf)
            );
            buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
        let status = head[9..12].parse().expect("a status code");
        let length: usize = head
            .lines()
            .find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse().ok())?
            })
            .unwrap_or(0);
        while buf.len() < head_end + length {
            let n = stream.read(&mut chunk).await.expect("reads");
            assert!(n > 0, "closed inside the body");
            buf.extend_from_slice(&chunk[..n]);
        }
        Answer {
            status,
            head,
            body: buf[head_end..head_end + length].to_vec(),
        }
    };
    tokio::time::timeout(GUARD, read).await.expect("answered")
}

/// True when the server closed the connection (EOF or reset) before `GUARD`.
async fn closed_by_server(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    matches!(
        tokio::time::timeout(GUARD, stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}

fn post_head(length: u64) -> String {
    format!(
        "POST {FROBBERS} HTTP/1.1\r\nHost: kapi\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

fn frobber_body(name: &str) -> Vec<u8> {
    serde_json::to_vec(&frobber(name, 1)).expect("serializes")
}

/// The bomb of the hardening report: 10 GiB announced, 10 bytes sent. It used to hold its
/// task with no answer; it is refused at once, with kube-apiserver's limit message.
#[tokio::test]
async fn a_body_announced_past_the_limit_is_refused_before_it_is_read() {
    let server = start_with(ServingLimits::default()).await;
    let mut stream = connect(&server).await;
    stream
        .write_all(format!("{}{{\"kind\":", post_head(10 << 30)).as_bytes())
        .await
        .expect("writes");
    let answer = read_answer(&mut stream).await;
    assert_eq!(answer.status, 413);
    let status = answer.json();
    assert_eq!(status["reason"], "RequestEntityTooLarge");
    assert_eq!(
        status["message"],
        "Request entity too large: limit is 3145728"
    );
}

/// A chunked body has no length to check up front; it is cut at the limit as it arrives.
#[tokio::test]
async fn a_chunked_body_past_the_limit_is_refused() {
    let limits = ServingLimits {
        max_request_body_bytes: 1024,
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut stream = connect(&server).await;
    let chunk = "a".repeat(2048);
    let request = format!(
        "POST {FROBBERS} HTTP/1.1\r\nHost: kapi\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
        chunk.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let answer = read_answer(&mut stream).await;
    assert_eq!(answer.status, 413);
    assert_eq!(
        answer.json()["message"],
        "Request entity too large: limit is 1024"
    );
}

/// A client that announces a body and stalls is answered as kube-apiserver's timeout
/// filter answers it, when the request deadline passes.
#[tokio::test]
async fn a_stalled_body_is_answered_with_a_timeout_at_the_request_deadline() {
    let limits = ServingLimits {
        request_timeout: Duration::from_millis(500),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut stream = connect(&server).await;
    stream
        .write_all(format!("{}{{\"kind\":\"Fr", post_head(1000)).as_bytes())
        .await
        .expect("writes");
    let answer = read_answer(&mut stream).await;
    assert_eq!(answer.status, 504);
    let status = answer.json();
    assert_eq!(status["reason"], "Timeout");
    assert_eq!(
        status["message"],
        "Timeout: request did not complete within requested timeout - context deadline exceeded"
    );
    assert_eq!(status["details"], serde_json::json!({}));
}

/// The slowloris case of the report: 500 connections each holding half a request head.
/// Each is closed at the header deadline, and the server goes on serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_request_heads_are_closed_at_the_header_deadline() {
    let limits = ServingLimits {
        header_read_timeout: Duration::from_secs(1),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut held = Vec::new();
    for _ in 0..500 {
        let mut stream = connect(&server).await;
        stream
            .write_all(b"GET /api HTTP/1.1\r\nHost: ka")
            .await
            .expect("writes");
        held.push(stream);
    }
    let mut closed = 0;
    for stream in &mut held {
        if closed_by_server(stream).await {
            closed += 1;
        }
    }
    assert_eq!(closed, 500, "every half head is closed");

    let http = Http::new(&server);
    http.get("/api").await.expect(200);
}

/// A connection that sends nothing at all is closed at the header deadline too: the
/// first request's deadline runs from the connection's start, as Go's does.
#[tokio::test]
async fn a_silent_new_connection_is_closed_at_the_header_deadline() {
    let limits = ServingLimits {
        header_read_timeout: Duration::from_millis(500),
        idle_timeout: Duration::from_secs(600),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut stream = connect(&server).await;
    assert!(closed_by_server(&mut stream).await);
}

/// Between requests a keep-alive connection may idle for the idle timeout, longer than
/// the header deadline, and is closed after it.
#[tokio::test]
async fn an_idle_keep_alive_connection_outlives_the_header_deadline_and_then_closes() {
    let limits = ServingLimits {
        header_read_timeout: Duration::from_millis(300),
        idle_timeout: Duration::from_secs(2),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut stream = connect(&server).await;
    let get = b"GET /api HTTP/1.1\r\nHost: kapi\r\n\r\n";
    stream.write_all(get).await.expect("writes");
    assert_eq!(read_answer(&mut stream).await.status, 200);
    // Idle past the header deadline, within the idle timeout: still served.
    tokio::time::sleep(Duration::from_millis(900)).await;
    stream.write_all(get).await.expect("writes");
    assert_eq!(read_answer(&mut stream).await.status, 200);
    // Then idle past the idle timeout: closed.
    assert!(closed_by_server(&mut stream).await);
}

/// A watch is one long response: no idle or header deadline cuts it, however quiet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_watch_is_not_cut_by_the_connection_deadlines() {
    let limits = ServingLimits {
        header_read_timeout: Duration::from_millis(200),
        idle_timeout: Duration::from_millis(200),
        request_timeout: Duration::from_millis(200),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let http = Http::new(&server);
    let mut watch = http.watch(&format!("{FROBBERS}?watch=1")).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    http.post(FROBBERS, &frobber("late", 1)).await.expect(201);
    let event = watch.next_within(GUARD).await.expect("the watch is open");
    assert_eq!(event["type"], "ADDED");
    assert_eq!(event["object"]["metadata"]["name"], "late");
}

/// A request head past `MaxHeaderBytes` gets Go's 431.
#[tokio::test]
async fn a_head_past_the_header_limit_gets_431() {
    let limits = ServingLimits {
        max_header_bytes: 16 * 1024,
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut stream = connect(&server).await;
    let request = format!(
        "GET /api HTTP/1.1\r\nHost: kapi\r\nX-Big: {}\r\n\r\n",
        "a".repeat(32 * 1024)
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    assert_eq!(read_answer(&mut stream).await.status, 431);
}

/// Past the mutating in-flight bound a write gets kube-apiserver's plain-text 429 with a
/// retry in a second; reads have their own bound and go on; when the slot frees, writes
/// are served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_past_the_in_flight_bound_get_429_and_reads_go_on() {
    let limits = ServingLimits {
        max_mutating_requests_inflight: 1,
        request_timeout: Duration::from_secs(600),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    // Holds the only writing slot: a body announced and not sent.
    let mut holder = connect(&server).await;
    holder
        .write_all(post_head(1000).as_bytes())
        .await
        .expect("writes");
    tokio::time::sleep(Duration::from_millis(200)).await;

    let mut writer = connect(&server).await;
    let body = frobber_body("second");
    writer
        .write_all(post_head(body.len() as u64).as_bytes())
        .await
        .expect("writes");
    writer.write_all(&body).await.expect("writes");
    let refused = read_answer(&mut writer).await;
    assert_eq!(refused.status, 429);
    assert!(
        refused
            .head
            .to_ascii_lowercase()
            .contains("retry-after: 1\r\n"),
        "{}",
        refused.head
    );
    assert_eq!(
        refused.body,
        b"Too many requests, please try again later.\n"
    );

    let http = Http::new(&server);
    http.get(FROBBERS).await.expect(200);

    drop(holder);
    let created = async {
        loop {
            let resp = http.post(FROBBERS, &frobber("second", 1)).await;
            if resp.status != 429 {
                return resp;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(GUARD, created)
        .await
        .expect("the slot frees")
        .expect(201);
}

/// Past the connection bound new connections wait (in the listen backlog) and are served
/// once held ones close.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_bound_wait_for_a_free_slot() {
    let limits = ServingLimits {
        max_connections: 4,
        header_read_timeout: Duration::from_millis(500),
        ..ServingLimits::default()
    };
    let server = start_with(limits).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(&server).await;
        stream
            .write_all(b"GET /api HTTP/1.1\r\n")
            .await
            .expect("writes");
        held.push(stream);
    }
    let http = Http::new(&server);
    let answered = tokio::time::timeout(GUARD, http.get("/api")).await;
    answered.expect("served once a slot frees").expect(200);
    for stream in &mut held {
        assert!(closed_by_server(stream).await);
    }
}
