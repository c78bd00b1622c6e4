//! Status conditions as apimachinery's `meta.SetStatusCondition` keeps them: one per type,
//! `lastTransitionTime` moved only when the status changes, `observedGeneration` saying
//! which generation the condition speaks of.

use kapi_core::meta::{Condition, Time};

/// Sets `condition` in `conditions`; whether anything changed (a status write is due).
/// A new condition, or a changed status, takes `condition`'s `lastTransitionTime`, or now
/// when it is zero.
pub fn set(conditions: &mut Vec<Condition>, condition: Condition) -> bool {
    let stamp = |c: &Condition| match c.last_transition_time.is_zero() {
        true => Time::now().truncated(),
        false => c.last_transition_time,
    };
    let Some(existing) = conditions.iter_mut().find(|c| c.type_ == condition.type_) else {
        let last_transition_time = stamp(&condition);
        conditions.push(Condition {
            last_transition_time,
            ..condition
        });
        return true;
    };
    let mut changed = false;
    if existing.status != condition.status {
        existing.last_transition_time = stamp(&condition);
        existing.status = condition.status;
        changed = true;
    }
    if existing.reason != condition.reason {
        existing.reason = condition.reason;
        changed = true;
    }
    if existing.message != condition.message {
        existing.message = condition.message;
        changed = true;
    }
    if existing.observed_generation != condition.observed_generation {
        existing.observed_generation = condition.observed_generation;
        changed = true;
    }
    changed
}

/// The condition of `type_`, if set.
pub fn find<'a>(conditions: &'a [Condition], type_: &str) -> Option<&'a Condition> {
    conditions.iter().find(|c| c.type_ == type_)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_core::meta::ConditionStatus;

    fn ready(status: ConditionStatus, generation: i64) -> Condition {
        Condition {
            type_: "Ready".into(),
            status,
            observed_generation: generation,
            last_transition_time: Time::ZERO,
            reason: "Reconciled".into(),
            message: String::new(),
        }
    }

    // apimachinery's TestSetStatusCondition: the transition time moves with the status only.
    #[test]
    fn the_transition_time_moves_with_the_status_only() {
        let mut conditions = Vec::new();
        assert!(set(&mut conditions, ready(ConditionStatus::False, 1)));
        let first = conditions[0].last_transition_time;
        assert!(!first.is_zero());
        assert!(!set(&mut conditions, ready(ConditionStatus::False, 1)));
        assert!(set(&mut conditions, ready(ConditionStatus::False, 2)));
        assert_eq!(conditions[0].last_transition_time, first);
        assert_eq!(conditions[0].observed_generation, 2);
        std::thread::sleep(std::time::Duration::from_millis(1100));
        assert!(set(&mut conditions, ready(ConditionStatus::True, 2)));
        assert!(conditions[0].last_transition_time > first);
        assert_eq!(conditions.len(), 1);
        assert_eq!(
            find(&conditions, "Ready").map(|c| &c.status),
            Some(&ConditionStatus::True)
        );
    }
}
