use kapi::ApiType;

// A rule that cannot compile would answer every write with a 422 "rule compile error";
// kube-apiserver refuses such a CRD when it is created. It is a compile error at the rule.
#[derive(ApiType)]
#[k8s(validation_rule(rule = "self.replicas >", message = "replicas must be set"))]
pub struct Spec {
    pub replicas: Option<i32>,
}

fn main() {}
