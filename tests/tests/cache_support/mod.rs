//! Helpers of the cache tests: informer options for the embedded server, a handler that
//! records what it sees, and the checks of those records against the server's state.

#![allow(dead_code)]

use api_types::v1::Frobber;
use kapi::cache::{BackoffConfig, DeletedObject, InformerOptions, ResourceEventHandler};
use kapi::Resource;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Quick backoff, short watches.
pub fn options() -> InformerOptions {
    InformerOptions {
        backoff: BackoffConfig::fast(),
        watch_timeout: Some(Duration::from_secs(30)),
        // Well inside the tests' 30 s to converge: a request lost to a server restart is
        // made again in time.
        request_timeout: Some(Duration::from_secs(5)),
        ..Default::default()
    }
}

/// `(uid, resourceVersion)` of an object.
pub type Version = (String, String);

pub fn version<K: Resource>(obj: &K) -> Version {
    let m = obj.metadata();
    (m.uid.clone(), m.resource_version.clone())
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    Add {
        v: Version,
        initial: bool,
    },
    Update {
        old: Version,
        new: Version,
    },
    Delete {
        v: Version,
        final_state_unknown: bool,
    },
}

/// Every event a handler saw, per object key, in order.
#[derive(Clone, Default)]
pub struct Recorder {
    pub log: Arc<Mutex<BTreeMap<String, Vec<Seen>>>>,
}

impl Recorder {
    fn push(&self, key: String, seen: Seen) {
        self.log.lock().unwrap().entry(key).or_default().push(seen);
    }

    pub fn snapshot(&self) -> BTreeMap<String, Vec<Seen>> {
        self.log.lock().unwrap().clone()
    }

    pub fn count(&self, f: impl Fn(&Seen) -> bool) -> usize {
        self.log
            .lock()
            .unwrap()
            .values()
            .flatten()
            .filter(|s| f(s))
            .count()
    }

    /// What the handler believes exists: the live version per key after replaying every
    /// event, checking that each sequence is consistent. `Err` names the first violation.
    pub fn replay(&self) -> Result<BTreeMap<String, Version>, String> {
        let log = self.log.lock().unwrap();
        let mut live = BTreeMap::new();
        for (key, events) in log.iter() {
            let mut cur: Option<Version> = None;
            for (i, e) in events.iter().enumerate() {
                let bad = |why: &str| Err(format!("{key} event {i} {e:?}: {why}; all: {events:?}"));
                match e {
                    Seen::Add { v, .. } => {
                        if cur.is_some() {
                            return bad("add while the object exists");
                        }
                        cur = Some(v.clone());
                    }
                    Seen::Update { old, new } => {
                        match &cur {
                            None => return bad("update before add or after delete"),
                            Some(c) if c != old => return bad("update's old is not the last seen"),
                            _ => {}
                        }
                        if old.0 != new.0 {
                            return bad("update changes the uid");
                        }
                        let (o, n): (u64, u64) = (old.1.parse().unwrap(), new.1.parse().unwrap());
                        if n < o {
                            return bad("update goes back in resourceVersion");
                        }
                        cur = Some(new.clone());
                    }
                    Seen::Delete { v, .. } => match &cur {
                        None => return bad("delete of nothing"),
                        Some(c) if c.0 != v.0 => return bad("delete of another uid"),
                        _ => cur = None,
                    },
                }
            }
            if let Some(v) = cur {
                live.insert(key.clone(), v);
            }
        }
        Ok(live)
    }
}

fn key(f: &Frobber) -> String {
    kapi::cache::key_of(f)
}

impl ResourceEventHandler<Frobber> for Recorder {
    fn on_add(&self, obj: &Arc<Frobber>, is_initial_list: bool) {
        self.push(
            key(obj),
            Seen::Add {
                v: version(&**obj),
                initial: is_initial_list,
            },
        );
    }
    fn on_update(&self, old: &Arc<Frobber>, new: &Arc<Frobber>) {
        self.push(
            key(new),
            Seen::Update {
                old: version(&**old),
                new: version(&**new),
            },
        );
    }
    fn on_delete(&self, obj: DeletedObject<Frobber>) {
        let o = obj.object();
        self.push(
            key(o),
            Seen::Delete {
                v: version(&**o),
                final_state_unknown: obj.is_final_state_unknown(),
            },
        );
    }
}

/// Polls `f` every 10 ms until it is true or `timeout` passes; whether it became true.
pub async fn eventually(timeout: Duration, mut f: impl FnMut() -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        if f() {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
