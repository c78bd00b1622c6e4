//! Helpers of the REST client's tests: a client for the embedded server, example objects.

#![allow(dead_code)]

pub mod credentials;

use api_types::v1::{Frobber, FrobberClass};
use kapi::client::{Client, Config, Encoding, RetryPolicy};
use kapi_apiserver::ApiServer;
use std::sync::Arc;
use std::time::Duration;

/// Both encodings, for tests that run each verb twice.
pub const ENCODINGS: [Encoding; 2] = [Encoding::Json, Encoding::Protobuf];

/// A config for the server: no rate limit, quick retries.
pub fn config(server: &ApiServer, encoding: Encoding) -> Config {
    let mut config = Config::new(server.url().parse().expect("the server URL"));
    config.encoding = encoding;
    config.qps = 0.0;
    config.retry = RetryPolicy {
        base_backoff: Duration::from_millis(10),
        max_backoff: Duration::from_millis(100),
        ..RetryPolicy::default()
    };
    config
}

pub fn client(server: &ApiServer, encoding: Encoding) -> Client {
    client_with(config(server, encoding))
}

pub fn client_with(config: Config) -> Client {
    Client::new(config, Arc::new(super::support::scheme())).expect("a client")
}

pub fn frobber(name: &str, height: i64) -> Frobber {
    serde_json::from_value(super::support::frobber(name, height)).expect("a Frobber")
}

pub fn frobber_class(name: &str) -> FrobberClass {
    serde_json::from_value(super::support::frobber_class(name)).expect("a FrobberClass")
}
