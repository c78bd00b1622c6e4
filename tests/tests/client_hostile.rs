//! The REST client against a hostile or broken server: a raw TCP server on 127.0.0.1
//! (threads writing bytes by hand) that sends headers and then nothing, goes silent in a
//! watch, sends a body or a watch line that never ends, or cuts a protobuf frame. Each
//! case ends with the client's own error well before the test's guard, with the memory it
//! read bounded by the configured cap.

mod client_support;
mod support;

use api_types::v1::Frobber;
use bytes::Bytes;
use futures_util::StreamExt;
use kapi::cache::{Reflector, ReflectorEvent, ReflectorOptions, StreamingList};
use kapi::client::{Api, Auth, Client, Config, Encoding, Error, RetryPolicy, Secret, WatchStream};
use kapi::meta::{GetOptions, ListOptions};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Far longer than any client limit used here: the client's error must come first.
const GUARD: Duration = Duration::from_secs(30);

/// A short stand-in for the client's default limits, so the tests run quickly.
const SHORT: Duration = Duration::from_millis(300);

const CAP: usize = 1 << 20;

/// Slack for what the kernel's socket buffers and hyper hold beyond what the client
/// decoded: bytes the server wrote that the client never had to keep.
const SOCKET_SLACK: usize = 32 << 20;

const JSON_WATCH_HEAD: &str =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";

/// A server that runs `respond` on every connection, after reading the request head.
/// Returns its URL and how many bytes it wrote in all.
fn raw_server(respond: fn(&mut TcpStream, &AtomicUsize)) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let written = Arc::new(AtomicUsize::new(0));
    let counter = written.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let counter = counter.clone();
            std::thread::spawn(move || {
                if read_head(&mut stream) {
                    respond(&mut stream, &counter);
                }
            });
        }
    });
    (url, written)
}

fn read_head(stream: &mut TcpStream) -> bool {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return false,
        }
    }
    true
}

/// Holds the connection open, sending nothing, until the client closes it.
fn hold(stream: &mut TcpStream) {
    let mut sink = [0u8; 1024];
    while matches!(stream.read(&mut sink), Ok(n) if n > 0) {}
}

/// Writes chunks of `fill` for as long as the client reads them.
fn endless_chunks(stream: &mut TcpStream, written: &AtomicUsize, fill: u8) {
    let mut chunk = format!("{:x}\r\n", 64 << 10).into_bytes();
    chunk.extend(std::iter::repeat_n(fill, 64 << 10));
    chunk.extend_from_slice(b"\r\n");
    while stream.write_all(&chunk).is_ok() {
        written.fetch_add(chunk.len(), Ordering::Relaxed);
    }
}

/// The client's defaults with the time limits shortened: a build without a default would
/// keep `None` here, and the test would run into its guard.
fn config(url: &str) -> Config {
    let mut config = Config::new(url.parse().expect("the URL"));
    config.qps = 0.0;
    config.retry = RetryPolicy::none();
    config.timeout = config.timeout.map(|_| SHORT);
    config.watch_idle_timeout = config.watch_idle_timeout.map(|_| SHORT);
    config
}

fn api(config: Config) -> Api<Frobber> {
    Api::default_namespaced(client_support::client_with(config))
}

fn watch_options() -> ListOptions {
    ListOptions {
        allow_watch_bookmarks: true,
        ..Default::default()
    }
}

async fn guarded<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(GUARD, f)
        .await
        .unwrap_or_else(|_| panic!("{what}: the client's own error did not come within {GUARD:?}"))
}

#[test]
fn the_defaults_limit_time_and_size() {
    let config = Config::new("https://example.com".parse().expect("a URL"));
    assert_eq!(config.timeout, Some(kapi::client::DEFAULT_TIMEOUT));
    assert_eq!(
        config.watch_idle_timeout,
        Some(kapi::client::DEFAULT_WATCH_IDLE_TIMEOUT)
    );
    assert_eq!(
        config.tcp_keepalive,
        Some(kapi::client::DEFAULT_TCP_KEEPALIVE)
    );
    assert_eq!(
        config.max_response_body,
        kapi::client::DEFAULT_MAX_RESPONSE_BODY
    );
    assert_eq!(
        config.max_watch_event,
        kapi::client::DEFAULT_MAX_WATCH_EVENT
    );
    assert!(!config.allow_credentials_over_http);
}

#[tokio::test]
async fn slowloris_headers_then_nothing_times_out() {
    let (url, _) = raw_server(|stream, _| {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
        if stream.write_all(head.as_bytes()).is_ok() {
            hold(stream);
        }
    });
    let started = Instant::now();
    let err = guarded("get", api(config(&url)).get("x", &GetOptions::default()))
        .await
        .expect_err("a body that never comes");
    assert!(matches!(err, Error::Timeout), "{err:?}");
    assert!(started.elapsed() < GUARD / 2, "{:?}", started.elapsed());
}

#[tokio::test]
async fn slowloris_without_headers_times_out_a_watch_too() {
    let (url, _) = raw_server(|stream, _| hold(stream));
    let err = guarded("watch", api(config(&url)).watch(&watch_options()))
        .await
        .expect_err("no head ever comes");
    assert!(matches!(err, Error::Timeout), "{err:?}");
}

#[tokio::test]
async fn silent_watch_ends_with_an_idle_error() {
    let (url, _) = raw_server(|stream, _| {
        if stream.write_all(JSON_WATCH_HEAD.as_bytes()).is_ok() {
            hold(stream);
        }
    });
    let mut events = api(config(&url))
        .watch(&watch_options())
        .await
        .expect("the watch opens");
    let item = guarded("watch", events.next()).await;
    assert!(
        matches!(item, Some(Err(Error::WatchIdle(d))) if d == SHORT),
        "{item:?}"
    );
    assert!(guarded("after the error", events.next()).await.is_none());
}

#[tokio::test]
async fn endless_chunked_body_stops_at_the_body_cap() {
    let (url, written) = raw_server(|stream, written| {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
        if stream.write_all(head.as_bytes()).is_ok() {
            endless_chunks(stream, written, b' ');
        }
    });
    let mut config = config(&url);
    config.timeout = None;
    config.max_response_body = CAP;
    let err = guarded("get", api(config).get("x", &GetOptions::default()))
        .await
        .expect_err("a body over the cap");
    assert!(matches!(err, Error::TooLarge { limit: CAP, .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("the response body exceeds the limit of 1048576 bytes"),
        "{err}"
    );
    let sent = written.load(Ordering::Relaxed);
    assert!(sent < CAP + SOCKET_SLACK, "the server got {sent} bytes out");
}

#[tokio::test]
async fn endless_watch_line_stops_at_the_event_cap() {
    let (url, written) = raw_server(|stream, written| {
        let start = b"{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"";
        let mut head = JSON_WATCH_HEAD.as_bytes().to_vec();
        head.extend_from_slice(format!("{:x}\r\n", start.len()).as_bytes());
        head.extend_from_slice(start);
        head.extend_from_slice(b"\r\n");
        if stream.write_all(&head).is_ok() {
            endless_chunks(stream, written, b'a');
        }
    });
    let mut config = config(&url);
    config.watch_idle_timeout = None;
    config.max_watch_event = CAP;
    let mut events = api(config)
        .watch(&watch_options())
        .await
        .expect("the watch opens");
    let item = guarded("watch", events.next()).await;
    assert!(
        matches!(
            &item,
            Some(Err(Error::TooLarge {
                what: "a watch event",
                limit: CAP
            }))
        ),
        "{item:?}"
    );
    drop(events);
    let sent = written.load(Ordering::Relaxed);
    assert!(sent < CAP + SOCKET_SLACK, "the server got {sent} bytes out");
}

#[tokio::test]
async fn cut_protobuf_frame_is_an_error() {
    // The frame says 100 bytes; 10 come, then the body ends (cleanly, then by a dropped
    // connection).
    fn cut(stream: &mut TcpStream, clean_end: bool) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/vnd.kubernetes.protobuf;stream=watch\r\nTransfer-Encoding: chunked\r\n\r\n";
        let mut bytes = head.as_bytes().to_vec();
        bytes.extend_from_slice(b"e\r\n\x00\x00\x00\x64kapikapik\r\n");
        if clean_end {
            bytes.extend_from_slice(b"0\r\n\r\n");
        }
        let _ = stream.write_all(&bytes);
        if clean_end {
            hold(stream);
        }
    }
    for (url, _) in [
        raw_server(|stream, _| cut(stream, true)),
        raw_server(|stream, _| cut(stream, false)),
    ] {
        let mut config = config(&url);
        config.encoding = Encoding::Protobuf;
        let api = api(config);
        assert!(api.uses_protobuf());
        let mut events = api.watch(&watch_options()).await.expect("the watch opens");
        let item = guarded("watch", events.next()).await;
        assert!(
            matches!(&item, Some(Err(Error::Transport(m))) if m.contains("cut inside a frame")),
            "{item:?}"
        );
        assert!(guarded("after the error", events.next()).await.is_none());
    }
}

/// Chunks that are always ready, each a blank line (no event): before the decode loop
/// yielded, the caller's timeout could not fire until the chunks ran out.
#[tokio::test]
async fn a_caller_timeout_fires_while_chunks_keep_coming() {
    let chunks = futures_util::stream::iter(
        std::iter::repeat_n(Bytes::from_static(b"   \n"), 5_000_000).map(Ok::<_, std::io::Error>),
    );
    let mut events = WatchStream::<Frobber>::from_chunks(chunks, false);
    let started = Instant::now();
    let next = tokio::time::timeout(Duration::from_millis(50), events.next()).await;
    assert!(next.is_err(), "the chunks ran out first: {next:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// An event cut into 1 KiB chunks: each byte is searched for the newline once (the
/// buffer was searched again from its start for every chunk, 32 GiB of searching here).
#[tokio::test]
async fn a_long_watch_line_is_found_in_linear_time() {
    let mut f = client_support::frobber("long", 1);
    f.metadata.namespace = "default".into();
    f.metadata.resource_version = "7".into();
    f.metadata
        .annotations
        .insert("big".into(), "x".repeat(8 << 20));
    let mut line =
        serde_json::to_vec(&serde_json::json!({"type": "ADDED", "object": f})).expect("an event");
    line.push(b'\n');
    let chunks: Vec<Result<Bytes, std::io::Error>> = line
        .chunks(1024)
        .map(|c| Ok(Bytes::copy_from_slice(c)))
        .collect();
    let started = Instant::now();
    let got: Vec<_> =
        WatchStream::<Frobber>::from_chunks(futures_util::stream::iter(chunks), false)
            .collect()
            .await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(got.len(), 1);
    assert!(
        matches!(&got[0], Ok(kapi::client::TypedWatchEvent::Added(o)) if o.metadata.name == "long")
    );
}

/// The decoder keeps at most the cap and one chunk of an endless line.
#[tokio::test]
async fn an_endless_watch_line_is_held_to_the_cap_and_a_chunk() {
    const CHUNK: usize = 64 << 10;
    let pulled = Arc::new(AtomicUsize::new(0));
    let counter = pulled.clone();
    let chunk = Bytes::from(vec![b'a'; CHUNK]);
    // Bounded, so a decoder without a cap ends (with a different error) instead of
    // running on.
    let chunks = futures_util::stream::iter(std::iter::repeat_n(chunk, 1024)).map(move |c| {
        counter.fetch_add(c.len(), Ordering::Relaxed);
        Ok::<_, std::io::Error>(c)
    });
    let got: Vec<_> = WatchStream::<Frobber>::from_chunks(chunks, false)
        .collect()
        .await;
    let cap = kapi::client::DEFAULT_MAX_WATCH_EVENT;
    assert!(
        matches!(got.as_slice(), [Err(Error::TooLarge { limit, .. })] if *limit == cap),
        "{got:?}"
    );
    assert!(pulled.load(Ordering::Relaxed) <= cap + CHUNK);
}

/// A silent watch under the reflector: it ends by the idle timeout and the reflector
/// watches again from its resourceVersion, without listing again.
#[tokio::test]
async fn a_silent_watch_is_watched_again_without_relisting() {
    let server = kapi_apiserver::ApiServer::builder(support::scheme())
        .bookmark_interval(Duration::from_secs(3600))
        .start()
        .await
        .expect("the server starts");
    let mut config = client_support::config(&server, Encoding::Json);
    config.watch_idle_timeout = config.watch_idle_timeout.map(|_| SHORT);
    let api: Api<Frobber> = api(config);
    let mut reflector = Reflector::new(
        api,
        ReflectorOptions {
            streaming_list: StreamingList::Never,
            backoff: kapi::cache::BackoffConfig::fast(),
            ..Default::default()
        },
    );
    let mut idle_errors = 0;
    guarded("reflector", async {
        while reflector.stats().watches_opened < 3 {
            if let ReflectorEvent::Error(e) = reflector.step().await {
                assert!(matches!(e, Error::WatchIdle(_)), "{e:?}");
                idle_errors += 1;
            }
        }
    })
    .await;
    assert!(idle_errors >= 2);
    assert_eq!(reflector.stats().lists, 1, "{:?}", reflector.stats());
}

#[test]
fn credentials_over_http_are_refused_unless_allowed() {
    let scheme = Arc::new(support::scheme());
    for auth in [
        Auth::Bearer(Secret::new("TOPSECRET")),
        Auth::Basic {
            user: "admin".into(),
            password: Secret::new("TOPSECRET"),
        },
    ] {
        let mut config = Config::new("http://127.0.0.1:1".parse().expect("a URL"));
        config.auth = auth.clone();
        let err = Client::new(config.clone(), scheme.clone()).expect_err("refused");
        let message = err.to_string();
        assert!(matches!(err, Error::Config(_)), "{err:?}");
        assert!(message.contains("allow_credentials_over_http"), "{message}");
        assert!(!message.contains("TOPSECRET"), "{message}");

        config.allow_credentials_over_http = true;
        Client::new(config, scheme.clone()).expect("allowed explicitly");

        let mut https = Config::new("https://127.0.0.1:1".parse().expect("a URL"));
        https.auth = auth;
        https.tls.insecure_skip_tls_verify = true;
        Client::new(https, scheme.clone()).expect("https carries credentials");
    }
    // No credentials: plain http is fine.
    Client::new(
        Config::new("http://127.0.0.1:1".parse().expect("a URL")),
        scheme,
    )
    .expect("no credentials to leak");
}

#[test]
fn debug_redacts_a_password_in_the_url() {
    let config = Config::new(
        "https://admin:hunter2@example.com:6443/prefix"
            .parse()
            .expect("a URL"),
    );
    let debug = format!("{config:?} {config:#?}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(
        debug.contains("admin:[redacted]@example.com:6443/prefix"),
        "{debug}"
    );
}
