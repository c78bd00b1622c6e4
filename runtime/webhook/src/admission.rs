//! `admission.k8s.io` `AdmissionReview`: validating and mutating webhooks from the
//! generated validation and defaults, and typed handlers of your own.
