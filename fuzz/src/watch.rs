//! The watch targets' input: a header that says how the body arrives (where it is cut into
//! chunks, and whether the connection drops at the end), then the body. The fuzzer mutates
//! both, so it explores event bytes and every way a network can deliver them.
//!
//! Layout: one byte `h` (`h & 0x0f` cuts; `h & 0x80`: the chunk stream ends with an
//! error instead of closing), then one little-endian `u16` per cut, the length of the
//! chunk it ends, then the body. What the cuts leave is the last chunk.

use api_types::v1::Frobber;
use bytes::Bytes;
use futures_util::StreamExt;
use kapi::client::WatchStream;
use kapi::codec::protobuf::FrameReader;
use std::sync::OnceLock;
use tokio::runtime::Runtime;

const CUTS: u8 = 0x0f;
const DROPS: u8 = 0x80;

/// How a body arrives: its chunks, and whether the connection drops after the last one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub chunks: Vec<Bytes>,
    pub drops: bool,
}

impl Delivery {
    /// Reads the layout above; input too short for its header is an empty body.
    pub fn parse(data: &[u8]) -> Self {
        let Some((&h, rest)) = data.split_first() else {
            return Self {
                chunks: Vec::new(),
                drops: false,
            };
        };
        let cuts = usize::from(h & CUTS);
        let (header, mut body) = rest.split_at((2 * cuts).min(rest.len()));
        let mut chunks = Vec::with_capacity(cuts + 1);
        for len in header.chunks_exact(2) {
            let len = usize::from(u16::from_le_bytes([len[0], len[1]])).min(body.len());
            let (chunk, after) = body.split_at(len);
            chunks.push(Bytes::copy_from_slice(chunk));
            body = after;
        }
        chunks.push(Bytes::copy_from_slice(body));
        Self {
            chunks,
            drops: h & DROPS != 0,
        }
    }

    /// The input that [`parse`](Self::parse) reads back as `body` cut after each of
    /// `lens` (at most 15 cuts, each at most `u16::MAX` bytes on).
    pub fn encode(lens: &[u16], drops: bool, body: &[u8]) -> Vec<u8> {
        assert!(lens.len() <= usize::from(CUTS), "at most {CUTS} cuts");
        let mut out = Vec::with_capacity(1 + 2 * lens.len() + body.len());
        out.push(lens.len() as u8 | if drops { DROPS } else { 0 });
        for len in lens {
            out.extend_from_slice(&len.to_le_bytes());
        }
        out.extend_from_slice(body);
        out
    }

    /// The same bytes in one chunk, ending the same way.
    pub fn whole(&self) -> Self {
        Self {
            chunks: vec![self.chunks.concat().into()],
            drops: self.drops,
        }
    }

    /// Every item a client's watch of Frobbers yields for this delivery (`protobuf`: frames,
    /// else JSON lines), driven to its end, each item as its `Debug` text.
    pub fn events(&self, protobuf: bool) -> Vec<String> {
        let mut items: Vec<Result<Bytes, &str>> = self.chunks.iter().cloned().map(Ok).collect();
        if self.drops {
            items.push(Err("connection reset"));
        }
        let chunks = futures_util::stream::iter(items);
        let stream = WatchStream::<Frobber>::from_chunks(chunks, protobuf);
        runtime().block_on(stream.map(|item| format!("{item:?}")).collect())
    }
}

/// The fuzz targets' body: the watch decodes `data` without panicking, and yields the same
/// items however the body was cut, since a network may cut it anywhere. A protobuf body
/// that is not whole frames (as the codec's `FrameReader` reads them) ends in an error: a
/// watch must not lose a cut event quietly.
pub fn check(data: &[u8], protobuf: bool) {
    let delivery = Delivery::parse(data);
    let cut = delivery.events(protobuf);
    let whole = delivery.whole();
    assert_eq!(
        cut,
        whole.events(protobuf),
        "the events depend on where the body was cut: {delivery:?}"
    );
    if protobuf && !whole_frames(&whole.chunks.concat()) {
        assert!(
            cut.last().is_some_and(|item| item.starts_with("Err(")),
            "a body cut inside a frame ended without an error: {delivery:?} gave {cut:?}"
        );
    }
}

fn whole_frames(body: &[u8]) -> bool {
    let mut frames = FrameReader::new(body);
    loop {
        match frames.next_frame() {
            Ok(Some(_)) => {}
            Ok(None) => return true,
            Err(_) => return false,
        }
    }
}

/// A current-thread runtime, as one watch needs no more; with the time driver, since
/// the client's streams may time out.
fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a current-thread runtime starts")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_reads_back_what_encode_wrote() {
        let body = b"abcdefghij";
        let delivery = Delivery::parse(&Delivery::encode(&[3, 0, 4], true, body));
        let chunks: Vec<&[u8]> = delivery.chunks.iter().map(|c| c.as_ref()).collect();
        assert_eq!(chunks, [&b"abc"[..], b"", b"defg", b"hij"]);
        assert!(delivery.drops);
        // Cuts past the end leave empty chunks; a short header is read as far as it goes.
        assert_eq!(
            Delivery::parse(&[2, 9, 0]).chunks,
            [Bytes::new(), Bytes::new()]
        );
        assert_eq!(Delivery::parse(&[]).chunks, Vec::<Bytes>::new());
    }

    /// The seeds reach every kind of event, in both encodings, however they are cut.
    #[test]
    fn the_seeds_decode_to_the_events_they_were_written_from() {
        for (dir, protobuf) in [("watch_json", false), ("watch_protobuf", true)] {
            let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("seeds")
                .join(dir);
            let mut whole = Vec::new();
            for name in ["whole", "halves", "bytewise_head"] {
                let data = std::fs::read(seeds.join(name)).expect("seeds are written");
                check(&data, protobuf);
                let events = Delivery::parse(&data).events(protobuf);
                if name == "whole" {
                    whole = events;
                } else {
                    assert_eq!(events, whole, "{dir}/{name}");
                }
            }
            assert_eq!(whole.len(), 6, "{dir}: {whole:#?}");
            for (event, kind) in whole
                .iter()
                .zip(["Added", "Modified", "Bookmark", "Deleted", "Api", "Decode"])
            {
                assert!(
                    event.starts_with(&format!("Ok({kind}("))
                        || event.starts_with(&format!("Err({kind}(")),
                    "{dir}: {event}"
                );
            }
        }
    }
}
