//! `kapi-apiserver`: kapi's embedded Kubernetes API server as a process, for tests in any
//! language the way controller-runtime's envtest runs kube-apiserver and etcd: every
//! stable built-in kind, CustomResourceDefinitions served as they are created, a
//! kubeconfig written for clients, until SIGTERM or Ctrl-C.
//!
//! ```text
//! kapi-apiserver --port 0 --kubeconfig ./kubeconfig --crds ./generated/crds
//! ```

mod crds;

use clap::{value_parser, Arg, ArgAction, Command};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn command() -> Command {
    Command::new("kapi-apiserver")
        .about("An embedded Kubernetes API server: every stable built-in kind and CustomResourceDefinitions, in one process, no etcd")
        .arg(
            Arg::new("port")
                .long("port")
                .value_parser(value_parser!(u16))
                .default_value("0")
                .help("The port on 127.0.0.1 to serve on; 0 picks a free one"),
        )
        .arg(
            Arg::new("kubeconfig")
                .long("kubeconfig")
                .value_parser(value_parser!(PathBuf))
                .help("Where to write a kubeconfig for the server (its context's namespace is `default`)"),
        )
        .arg(
            Arg::new("crds")
                .long("crds")
                .value_parser(value_parser!(PathBuf))
                .action(ArgAction::Append)
                .help("A directory (or file) of CustomResourceDefinitions, YAML or JSON, installed before the server says it is ready"),
        )
}

#[tokio::main]
async fn main() -> ExitCode {
    let started = Instant::now();
    let args = command().get_matches();
    let port = args.get_one::<u16>("port").copied().unwrap_or(0);
    let mut scheme = kapi::Scheme::new();
    if let Err(e) = kapi_k8s::install(&mut scheme) {
        eprintln!("kapi-apiserver: registering Kubernetes' kinds: {e}");
        return ExitCode::FAILURE;
    }
    let documents = {
        use kapi_k8s::generated::openapi_documents::{V2, V3};
        kapi_apiserver::OpenApiDocuments::from_generated(V2, V3)
    };
    let server = match kapi_apiserver::ApiServer::builder(scheme)
        .openapi(documents)
        .port(port)
        .start()
        .await
    {
        Ok(server) => server,
        Err(e) => {
            eprintln!("kapi-apiserver: starting on port {port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for dir in args.get_many::<PathBuf>("crds").into_iter().flatten() {
        if let Err(e) = crds::install(&server, dir).await {
            eprintln!("kapi-apiserver: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = args.get_one::<PathBuf>("kubeconfig") {
        if let Err(e) = std::fs::write(path, server.kubeconfig("default")) {
            eprintln!("kapi-apiserver: writing {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    // One line a test harness can wait for and read the address from.
    println!(
        "kapi-apiserver serving on {} (ready in {} ms)",
        server.url(),
        started.elapsed().as_millis()
    );
    kapi_serving::terminated().await;
    server.shutdown().await;
    ExitCode::SUCCESS
}
