//! Hand-written defaulting, run after the `default` markers (Go's `SetDefaults_<Type>`).

use super::FrobberSpec;

/// Frobbers without a class use the cluster's `standard` class.
pub const DEFAULT_CLASS_NAME: &str = "standard";

impl kapi::DefaultsHook for FrobberSpec {
    fn default_hook(&mut self) {
        if self.class_name.is_empty() {
            self.class_name = DEFAULT_CLASS_NAME.to_string();
        }
    }
}
