//! The webhooks kube-apiserver calls for the CRDs kapi generates. Today: conversion, a
//! `ConversionReview` answered through a [`Scheme`](kapi_core::Scheme)'s hub conversions
//! ([`conversion::review`]); the HTTPS server and admission reviews build on it.

pub mod conversion;
