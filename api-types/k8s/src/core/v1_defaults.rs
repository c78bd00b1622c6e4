//! What kube-apiserver fills in for core/v1 before it validates (Kubernetes'
//! `pkg/apis/core/v1/defaults.go`), for the fields whose empty value validation refuses:
//! a Pod, or a Deployment's or Job's pod template, written without them is accepted as a
//! real cluster accepts it.

use super::v1::{
    Container, ContainerPort, DNSPolicy, PodSecurityContext, PodSpec, Protocol, PullPolicy,
    RestartPolicy, TerminationMessagePolicy,
};

impl kapi::DefaultsHook for Container {
    fn default_hook(&mut self) {
        if self.image_pull_policy == PullPolicy::default() {
            self.image_pull_policy = pull_policy(&self.image);
        }
        if self.termination_message_path.is_empty() {
            self.termination_message_path = "/dev/termination-log".to_string();
        }
        if self.termination_message_policy == TerminationMessagePolicy::default() {
            self.termination_message_policy = TerminationMessagePolicy::File;
        }
    }
}

/// `Always` for an image without a tag or tagged `latest`, else `IfNotPresent` (an image
/// named by digest never changes).
fn pull_policy(image: &str) -> PullPolicy {
    if image.contains('@') {
        return PullPolicy::IfNotPresent;
    }
    // A registry's port (`registry:5000/app`) is not a tag: only the last path segment has one.
    let name = image.rsplit('/').next().unwrap_or(image);
    match name.split_once(':') {
        Some((_, tag)) if tag != "latest" => PullPolicy::IfNotPresent,
        _ => PullPolicy::Always,
    }
}

impl kapi::DefaultsHook for ContainerPort {
    fn default_hook(&mut self) {
        if self.protocol == Protocol::default() {
            self.protocol = Protocol::Tcp;
        }
    }
}

impl kapi::DefaultsHook for PodSpec {
    fn default_hook(&mut self) {
        if self.dns_policy == DNSPolicy::default() {
            self.dns_policy = DNSPolicy::ClusterFirst;
        }
        if self.restart_policy == RestartPolicy::default() {
            self.restart_policy = RestartPolicy::Always;
        }
        if self.security_context.is_none() {
            self.security_context = Some(PodSecurityContext::default());
        }
        if self.termination_grace_period_seconds.is_none() {
            self.termination_grace_period_seconds = Some(30);
        }
        if self.scheduler_name.is_empty() {
            self.scheduler_name = "default-scheduler".to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pull_policy;
    use crate::core::v1::PullPolicy;

    #[test]
    fn images_without_a_fixed_tag_are_always_pulled() {
        assert_eq!(pull_policy("nginx"), PullPolicy::Always);
        assert_eq!(pull_policy("nginx:latest"), PullPolicy::Always);
        assert_eq!(pull_policy("registry:5000/nginx"), PullPolicy::Always);
        assert_eq!(pull_policy("nginx:1.27"), PullPolicy::IfNotPresent);
        assert_eq!(pull_policy("nginx@sha256:0123"), PullPolicy::IfNotPresent);
    }
}
