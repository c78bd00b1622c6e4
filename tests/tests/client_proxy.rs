//! The client through a kubeconfig's `proxy-url`: an HTTP `CONNECT` proxy (with basic
//! credentials) and a SOCKS5 proxy (with user and password, the host resolved by the proxy),
//! each a small real proxy started by the test in front of the embedded API server.

mod client_support;
mod support;

use api_types::v1::Frobber;
use kapi::client::{Api, Client, Config};
use kapi::meta::ListOptions;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What a proxy was asked: each tunnel's target and credentials.
type Log = Arc<Mutex<Vec<String>>>;

/// An HTTP proxy that answers `CONNECT host:port` with a tunnel, logging the request line
/// and its `Proxy-Authorization`.
async fn connect_proxy() -> (String, Log) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let log: Log = Arc::default();
    let seen = log.clone();
    tokio::spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            let seen = seen.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                while !head.ends_with(b"\r\n\r\n") {
                    let mut byte = [0u8; 1];
                    if client.read_exact(&mut byte).await.is_err() {
                        return;
                    }
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head).into_owned();
                let line = head.lines().next().unwrap_or("").to_string();
                let auth = head
                    .lines()
                    .find_map(|l| l.strip_prefix("proxy-authorization: "))
                    .or_else(|| {
                        head.lines()
                            .find_map(|l| l.strip_prefix("Proxy-Authorization: "))
                    })
                    .unwrap_or("")
                    .to_string();
                seen.lock().unwrap().push(format!("{line} | {auth}"));
                let target = line.split_whitespace().nth(1).unwrap_or("").to_string();
                let Ok(mut upstream) = TcpStream::connect(&target).await else {
                    return;
                };
                let _ = client
                    .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
                    .await;
                let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
            });
        }
    });
    (url, log)
}

/// A SOCKS5 proxy (RFC 1928) with username/password authentication (RFC 1929), logging
/// each `CONNECT`'s address as it was sent and the user.
async fn socks5_proxy() -> (String, Log) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("socks5://{}", listener.local_addr().unwrap());
    let log: Log = Arc::default();
    let seen = log.clone();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let seen = seen.clone();
            tokio::spawn(async move {
                let _ = socks5_session(client, seen).await;
            });
        }
    });
    (url, log)
}

async fn socks5_session(mut client: TcpStream, seen: Log) -> std::io::Result<()> {
    let mut greeting = [0u8; 2];
    client.read_exact(&mut greeting).await?;
    let mut methods = vec![0u8; greeting[1] as usize];
    client.read_exact(&mut methods).await?;
    // Username/password only.
    client.write_all(&[5, 2]).await?;
    let mut version = [0u8; 2];
    client.read_exact(&mut version).await?;
    let mut user = vec![0u8; version[1] as usize];
    client.read_exact(&mut user).await?;
    let mut len = [0u8; 1];
    client.read_exact(&mut len).await?;
    let mut password = vec![0u8; len[0] as usize];
    client.read_exact(&mut password).await?;
    client.write_all(&[1, 0]).await?;
    let mut request = [0u8; 4];
    client.read_exact(&mut request).await?;
    let host = match request[3] {
        3 => {
            client.read_exact(&mut len).await?;
            let mut name = vec![0u8; len[0] as usize];
            client.read_exact(&mut name).await?;
            String::from_utf8_lossy(&name).into_owned()
        }
        1 => {
            let mut ip = [0u8; 4];
            client.read_exact(&mut ip).await?;
            std::net::Ipv4Addr::from(ip).to_string()
        }
        _ => return Ok(()),
    };
    let mut port = [0u8; 2];
    client.read_exact(&mut port).await?;
    let port = u16::from_be_bytes(port);
    seen.lock().unwrap().push(format!(
        "{host}:{port} | {}:{}",
        String::from_utf8_lossy(&user),
        String::from_utf8_lossy(&password)
    ));
    let target = if host == "kapi.test" {
        "127.0.0.1"
    } else {
        &host
    };
    let mut upstream = TcpStream::connect((target, port)).await?;
    client.write_all(&[5, 0, 0, 1, 0, 0, 0, 0, 0, 0]).await?;
    tokio::io::copy_bidirectional(&mut client, &mut upstream).await?;
    Ok(())
}

fn kubeconfig(server: &str, proxy: &str) -> String {
    format!(
        "current-context: c\ncontexts: [{{name: c, context: {{cluster: k, namespace: default}}}}]\nclusters: [{{name: k, cluster: {{server: '{server}', proxy-url: '{proxy}'}}}}]\n"
    )
}

async fn list_through(kubeconfig: &str) -> usize {
    let config = Config::from_kubeconfig_str(kubeconfig, None, Path::new("/")).unwrap();
    let client = Client::new(config, Arc::new(support::scheme())).unwrap();
    let api: Api<Frobber> = Api::default_namespaced(client);
    api.list(&ListOptions::default()).await.unwrap().items.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connect_proxy_carries_the_requests() {
    let server = support::start().await;
    let (proxy, log) = connect_proxy().await;
    let with_credentials = proxy.replace("http://", "http://alice:s3cret@");
    let config = kubeconfig(&server.url(), &with_credentials);
    assert_eq!(list_through(&config).await, 0);
    let addr = server.addr().to_string();
    assert_eq!(
        log.lock().unwrap().clone(),
        [format!("CONNECT {addr} HTTP/1.1 | Basic YWxpY2U6czNjcmV0")]
    );
    // The credentials never show in the config's Debug output.
    let parsed = Config::from_kubeconfig_str(&config, None, Path::new("/")).unwrap();
    assert!(!format!("{parsed:?}").contains("s3cret"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socks5_proxy_resolves_the_host_itself() {
    let server = support::start().await;
    let (proxy, log) = socks5_proxy().await;
    let port = server.addr().port();
    // A name only the proxy knows: the client must not resolve it.
    let config = kubeconfig(
        &format!("http://kapi.test:{port}"),
        &proxy.replace("socks5://", "socks5://bob:hunter2@"),
    );
    assert_eq!(list_through(&config).await, 0);
    assert_eq!(
        log.lock().unwrap().clone(),
        [format!("kapi.test:{port} | bob:hunter2")]
    );
}

#[test]
fn an_unusable_proxy_url_is_a_config_error_without_its_credentials() {
    let config = kubeconfig("http://api.example", "ftp://carol:pw@proxy:21");
    let config = Config::from_kubeconfig_str(&config, None, Path::new("/")).unwrap();
    let error = Client::new(config, Arc::new(kapi::Scheme::new()))
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "configuration error: proxy ftp://proxy:21/: the scheme must be http, https or socks5"
    );
}
