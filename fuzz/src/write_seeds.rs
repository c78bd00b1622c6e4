//! Writes the example API's own objects into `seeds/`, beside the Kubernetes fixtures, so
//! fuzzing starts from every field of a Frobber in both encodings:
//! `cargo run --bin write_seeds` (from `fuzz/`).

use api_types::{examples, v1};
use std::path::Path;

fn main() -> std::io::Result<()> {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let frobber = examples::frobber_v1();
    let list = v1::FrobberList {
        metadata: Default::default(),
        items: vec![examples::frobber_v1(), examples::frobber_v1()],
    };
    std::fs::write(
        seeds.join("protobuf_decode/frobber.pb"),
        kapi::codec::protobuf::encode(&frobber),
    )?;
    std::fs::write(
        seeds.join("protobuf_decode/frobber_list.pb"),
        kapi::codec::protobuf::encode(&list),
    )?;
    let json = serde_json_text(&frobber)?;
    std::fs::write(seeds.join("json_decode/frobber.json"), json)?;
    Ok(())
}

fn serde_json_text(f: &v1::Frobber) -> std::io::Result<Vec<u8>> {
    kapi::codec::json::to_vec(f).map_err(|e| std::io::Error::other(e.to_string()))
}
