use kapi::ApiType;

kapi::group_version! { group_name = "demo.example.com", version = "v1" }

/// A widget.
/// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=.metadata.creationTimestamp
/// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
#[derive(ApiType)]
pub struct Widget {
    pub metadata: kapi::meta::ObjectMeta,
}

fn main() {}
