//! What kube-apiserver fills in for apps/v1 Deployments before it validates (Kubernetes'
//! `pkg/apis/apps/v1/defaults.go`).

use super::v1::{DeploymentSpec, DeploymentStrategyType, RollingUpdateDeployment};
use kapi::meta::IntOrString;

impl kapi::DefaultsHook for DeploymentSpec {
    fn default_hook(&mut self) {
        self.replicas.get_or_insert(1);
        if self.strategy.type_ == DeploymentStrategyType::default() {
            self.strategy.type_ = DeploymentStrategyType::RollingUpdate;
        }
        if self.strategy.type_ == DeploymentStrategyType::RollingUpdate {
            let rolling = self
                .strategy
                .rolling_update
                .get_or_insert_with(RollingUpdateDeployment::default);
            let quarter = || IntOrString::String("25%".to_string());
            rolling.max_unavailable.get_or_insert_with(quarter);
            rolling.max_surge.get_or_insert_with(quarter);
        }
        self.revision_history_limit.get_or_insert(10);
        self.progress_deadline_seconds.get_or_insert(600);
    }
}
