//! `kapi-apiserver`: kapi's embedded Kubernetes API server as a process, for tests in any
//! language the way controller-runtime's envtest runs kube-apiserver and etcd: every
//! stable built-in kind, CustomResourceDefinitions served as they are created, a
//! kubeconfig written for clients, until SIGTERM or Ctrl-C.
//!
//! ```text
//! kapi-apiserver --port 0 --kubeconfig ./kubeconfig --crds ./generated/crds
//! kapi-apiserver --port 0 --kubeconfig ./kubeconfig --tls
//! ```
//!
//! With TLS (`--tls`, or `--cert-file` and `--key-file`) requests are authenticated, as
//! envtest's are: a bearer token (`--token`, or one made at start) is an admin's, in
//! `system:masters`, and the kubeconfig carries it with the certificate authority.

mod certificates;
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
        .arg(
            Arg::new("tls")
                .long("tls")
                .action(ArgAction::SetTrue)
                .conflicts_with("cert-file")
                .help("Serve HTTPS with a certificate authority and a serving certificate for 127.0.0.1 and localhost made at start"),
        )
        .arg(
            Arg::new("cert-file")
                .long("cert-file")
                .value_parser(value_parser!(PathBuf))
                .requires("key-file")
                .help("Serve HTTPS with this PEM certificate chain (read again when replaced)"),
        )
        .arg(
            Arg::new("key-file")
                .long("key-file")
                .value_parser(value_parser!(PathBuf))
                .requires("cert-file")
                .help("The PEM key of --cert-file"),
        )
        .arg(
            Arg::new("ca-file")
                .long("ca-file")
                .value_parser(value_parser!(PathBuf))
                .requires("cert-file")
                .help("The PEM bundle the kubeconfig tells clients to trust for --cert-file (the certificate file itself unless set)"),
        )
        .arg(
            Arg::new("token")
                .long("token")
                .help("The admin's bearer token (user `default`, group `system:masters`); with TLS and no --token one is made at start. Requests with another token get a 401, those without one are `system:anonymous`"),
        )
}

/// The user of the admin token: envtest's default user.
fn admin() -> kapi_apiserver::UserInfo {
    kapi_apiserver::UserInfo {
        username: "default".into(),
        groups: vec!["system:masters".into()],
        ..Default::default()
    }
}

/// The certificate to serve, from the flags: none for plain HTTP.
fn serving_certificate(
    args: &clap::ArgMatches,
) -> Result<Option<kapi_apiserver::ServingCertificate>, String> {
    use kapi_apiserver::ServingCertificate;
    if args.get_flag("tls") {
        let generated =
            certificates::generate().map_err(|e| format!("making a certificate: {e}"))?;
        return ServingCertificate::from_pem(
            generated.cert_pem.as_bytes(),
            generated.key_pem.as_bytes(),
            generated.ca_pem,
        )
        .map(Some)
        .map_err(|e| e.to_string());
    }
    let (Some(cert), Some(key)) = (
        args.get_one::<PathBuf>("cert-file"),
        args.get_one::<PathBuf>("key-file"),
    ) else {
        return Ok(None);
    };
    let ca_file = args.get_one::<PathBuf>("ca-file").unwrap_or(cert);
    let ca_pem = std::fs::read_to_string(ca_file)
        .map_err(|e| format!("reading {}: {e}", ca_file.display()))?;
    kapi_tls::pem::certificates(ca_pem.as_bytes(), "--ca-file").map_err(|e| e.to_string())?;
    let files = kapi_tls::CertificateFiles::new(cert, key, "serving").map_err(|e| e.to_string())?;
    Ok(Some(ServingCertificate::from_files(files, ca_pem)))
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
    // kube-apiserver's default gates: without them every gated field (a CRD's
    // `selectableFields`, behind the GA CustomResourceFieldSelectors) would be dropped.
    scheme.set_feature_gates(kapi::feature_gates::FeatureGates::new(
        kapi_k8s::FEATURE_GATES,
    ));
    let documents = {
        use kapi_k8s::generated::openapi_documents::{V2, V3};
        kapi_apiserver::OpenApiDocuments::from_generated(V2, V3)
    };
    let tls = match serving_certificate(&args) {
        Ok(tls) => tls,
        Err(e) => {
            eprintln!("kapi-apiserver: {e}");
            return ExitCode::FAILURE;
        }
    };
    let token = match args.get_one::<String>("token") {
        Some(token) => Some(token.clone()),
        None if tls.is_some() => match certificates::random_token() {
            Ok(token) => Some(token),
            Err(e) => {
                eprintln!("kapi-apiserver: making a token: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let mut builder = kapi_apiserver::ApiServer::builder(scheme)
        .openapi(documents)
        .port(port);
    if let Some(tls) = tls {
        builder = builder.tls(tls);
    }
    if let Some(token) = token {
        builder = builder.static_token(token, admin());
    }
    let server = match builder.start().await {
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
