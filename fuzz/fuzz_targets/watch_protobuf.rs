//! A client's watch stream of protobuf frames (`application/vnd.kubernetes.protobuf;
//! stream=watch`) on arbitrary bodies, cut into chunks where the fuzzer chooses (see
//! `kapi_fuzz::watch` for the input layout): it ends, without panicking, with the same
//! items however the body arrived.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kapi_fuzz::watch::check(data, true));
