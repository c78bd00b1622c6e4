//! A TCP proxy in front of the embedded server that can cut every connection and refuse
//! new ones: the replica behind it can no longer reach the server, as a paused process or a
//! network split sees it.

#![allow(dead_code)]

use tokio::io::copy_bidirectional;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A TCP proxy to the server that can cut every connection and refuse new ones: the
/// replica behind it can no longer reach the server.
pub struct Cuttable {
    pub url: String,
    pub cut: watch::Sender<bool>,
}

pub async fn cuttable(server: &kapi_apiserver::ApiServer) -> Cuttable {
    let target = server
        .url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let (cut, cut_rx) = watch::channel(false);
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            if *cut_rx.borrow() {
                continue;
            }
            let target = target.clone();
            let mut cut = cut_rx.clone();
            tokio::spawn(async move {
                let Ok(mut outbound) = TcpStream::connect(&target).await else {
                    return;
                };
                tokio::select! {
                    _ = copy_bidirectional(&mut inbound, &mut outbound) => {}
                    _ = cut.wait_for(|c| *c) => {}
                }
            });
        }
    });
    Cuttable { url, cut }
}
