use kapi::ApiType;

#[derive(ApiType)]
#[k8s(union)]
pub struct Source {
    #[k8s(union_discriminator)]
    pub kind: String,
    #[k8s(union_discriminator)]
    pub mode: String,
    pub git: Option<String>,
    pub image: Option<String>,
}

fn main() {}
