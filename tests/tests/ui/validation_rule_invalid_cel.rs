use kapi::ApiType;

// Issue 35: a rule that does not compile passed the derive and failed every write with 422.
#[derive(ApiType)]
#[k8s(validation_rule(rule = "self.replicas >", message = "replicas must be set"))]
pub struct Spec {
    #[k8s(optional)]
    pub replicas: Option<i32>,
    #[k8s(optional, validation_rule(rule = "self.size() > 0", message_expression = "'bad: ' +"))]
    pub name: String,
}

fn main() {}
