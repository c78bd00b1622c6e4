// A kind's typed client has only the verbs its `gen_client` options allow: FrobberClass has
// no status subresource, so its client has no `update_status`.
use api_types::v1::generated::client::FrobberClassClient;
use api_types::v1::FrobberClass;
use kapi::meta::UpdateOptions;

fn update_status(client: &FrobberClassClient, class: &FrobberClass, options: &UpdateOptions) {
    let _ = client.update_status(class, options);
}

fn main() {
    let _ = update_status;
}
