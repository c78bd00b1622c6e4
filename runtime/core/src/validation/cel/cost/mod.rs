//! The estimated cost of a CRD's CEL expression, as kube-apiserver estimates it when a CRD
//! is written: cel-go's static estimator (`checker/cost.go`) with Kubernetes' sizes for
//! `self` (a schema's `maxLength`, `maxItems` and `maxProperties`, or else as many as fit in
//! the largest request: [`decl`]) and Kubernetes' library costs.
//!
//! The cel crate parses but does not type-check, so types come from the schema along a
//! path from `self`/`oldSelf` (fields, items, map values, comprehension variables) and from
//! literals and the results of known functions. Where this estimate differs from cel-go's:
//! - An expression whose type the checker would know but the path does not (a field the
//!   schema does not declare, a function's result other than those below) costs as a
//!   value of unknown type: selecting on it costs 1, comparing it costs as comparing an
//!   unbounded value.
//! - Kubernetes' library costs are matched by function name ([`library`]), not by overload:
//!   `ip` of a CIDR and `containsIP`/`containsCIDR` and the `==` of library types (IP,
//!   quantity, URL, ...) cost as cel-go's defaults, and a function of the same name on
//!   another type costs as the library's.
//! - `cel.bind` and two-variable comprehensions are not parsed by the cel crate.

mod decl;
mod library;

pub use decl::MAX_REQUEST_SIZE_BYTES;
use decl::{Decl, Kind};

use cel::common::ast::{ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue};
use serde_json::Value;

/// A cost or size range (cel-go's `CostEstimate` and `SizeEstimate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Estimate {
    pub min: u64,
    pub max: u64,
}

const UNKNOWN: Estimate = Estimate {
    min: 0,
    max: u64::MAX,
};
const STRING_TRAVERSAL_COST_FACTOR: f64 = 0.1;
const REGEX_STRING_LENGTH_COST_FACTOR: f64 = 0.25;
const LIST_CREATE_BASE_COST: u64 = 10;
const MAP_CREATE_BASE_COST: u64 = 30;

impl Estimate {
    fn fixed(n: u64) -> Estimate {
        Estimate { min: n, max: n }
    }

    fn add(self, o: Estimate) -> Estimate {
        Estimate {
            min: self.min.saturating_add(o.min),
            max: self.max.saturating_add(o.max),
        }
    }

    fn multiply(self, o: Estimate) -> Estimate {
        Estimate {
            min: self.min.saturating_mul(o.min),
            max: self.max.saturating_mul(o.max),
        }
    }

    fn factor(self, f: f64) -> Estimate {
        Estimate {
            min: by_factor(self.min, f),
            max: by_factor(self.max, f),
        }
    }

    fn union(self, o: Estimate) -> Estimate {
        Estimate {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
}

/// cel-go's `multiplyByCostFactor`: the product rounded up, saturating.
fn by_factor(x: u64, f: f64) -> u64 {
    let product = (x as f64 * f).ceil();
    if product >= 18_446_744_073_709_551_616.0 {
        u64::MAX
    } else {
        product as u64
    }
}

/// What the estimate knows of an expression besides its cost.
#[derive(Debug, Clone, Copy)]
struct Info<'a> {
    /// Its size, when a literal or a function's result fixes it.
    size: Option<Estimate>,
    /// Its path into `self`'s schema.
    decl: Decl<'a>,
    kind: Kind,
    /// The size of a list's items (or a map's values) built by the expression.
    items: Option<Estimate>,
}

impl<'a> Info<'a> {
    fn of(decl: Decl<'a>) -> Info<'a> {
        Info {
            size: None,
            decl,
            kind: decl.kind(),
            items: None,
        }
    }

    fn scalar(kind: Kind) -> Info<'a> {
        Info {
            size: Some(Estimate::fixed(1)),
            decl: Decl::None,
            kind,
            items: None,
        }
    }

    /// cel-go's `computeSize`, then `sizeOrUnknown`.
    fn size(&self) -> Estimate {
        if let Some(size) = self.size {
            return size;
        }
        if let Some(max) = self.decl.max_elements() {
            return Estimate {
                min: 0,
                max: max.max(0) as u64,
            };
        }
        match self.kind {
            Kind::Int | Kind::Double | Kind::Bool => Estimate::fixed(1),
            _ => UNKNOWN,
        }
    }
}

struct Local<'a> {
    name: String,
    info: Info<'a>,
}

struct Estimator<'a> {
    root: Decl<'a>,
    locals: Vec<Local<'a>>,
}

/// The estimated cost of `expression` with `self` (and `oldSelf`) of type `schema`
/// (`root`: the schema is a resource's root, whose `metadata` Kubernetes declares), or why
/// it does not parse.
pub fn estimate(expression: &str, schema: &Value, root: bool) -> Result<Estimate, String> {
    let compiled = super::eval::compiled(expression);
    let parsed = compiled.as_ref().as_ref().map_err(Clone::clone)?;
    let mut estimator = Estimator {
        root: Decl::Schema(schema, root),
        locals: Vec::new(),
    };
    Ok(estimator.cost(parsed).0)
}

/// How many times a rule on `schema` may run for one object when the schemas above it do
/// not bound that (`maxCardinality`): as many values as fit in the largest request.
pub fn max_cardinality(schema: &Value) -> u64 {
    let size = decl::min_serialized_size(schema) + 1;
    (MAX_REQUEST_SIZE_BYTES / size) as u64
}

impl<'a> Estimator<'a> {
    fn cost(&mut self, e: &IdedExpr) -> (Estimate, Info<'a>) {
        match &e.expr {
            Expr::Literal(literal) => (Estimate::default(), literal_info(literal)),
            Expr::Ident(name) => (Estimate::fixed(1), self.ident(name)),
            Expr::Select(select) => {
                let (operand_cost, operand) = self.cost(&select.operand);
                if select.test {
                    return (
                        operand_cost.add(Estimate::fixed(1)),
                        Info::scalar(Kind::Bool),
                    );
                }
                let select_cost = match operand.kind {
                    Kind::Map | Kind::Object | Kind::Dyn => 1,
                    _ => 0,
                };
                let info = Info::of(operand.decl.field(&select.field));
                (operand_cost.add(Estimate::fixed(select_cost)), info)
            }
            Expr::Call(call) => {
                let target = call.target.as_deref().map(|t| self.cost(t));
                let args: Vec<(Estimate, Info<'a>)> =
                    call.args.iter().map(|a| self.cost(a)).collect();
                let target_cost = target.map_or(Estimate::default(), |t| t.0);
                let literal_ints: Vec<Option<i64>> = call
                    .args
                    .iter()
                    .map(|a| match &a.expr {
                        Expr::Literal(LiteralValue::Int(i)) => Some(**i),
                        _ => None,
                    })
                    .collect();
                let (cost, info) =
                    call_cost(&call.func_name, target.map(|t| t.1), &args, &literal_ints);
                (target_cost.add(cost), info)
            }
            Expr::List(list) => {
                let mut sum = Estimate::default();
                let mut items: Option<Estimate> = None;
                for element in &list.elements {
                    let (cost, info) = self.cost(element);
                    sum = sum.add(cost);
                    let size = info.size();
                    items = Some(items.map_or(size, |s| s.union(size)));
                }
                let info = Info {
                    size: Some(Estimate::fixed(list.elements.len() as u64)),
                    decl: Decl::None,
                    kind: Kind::List,
                    items: Some(items.unwrap_or_default()),
                };
                (sum.add(Estimate::fixed(LIST_CREATE_BASE_COST)), info)
            }
            Expr::Map(map) => {
                let mut sum = Estimate::default();
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(entry) = &entry.expr {
                        sum = sum
                            .add(self.cost(&entry.key).0)
                            .add(self.cost(&entry.value).0);
                    }
                }
                let info = Info {
                    size: Some(Estimate::fixed(map.entries.len() as u64)),
                    decl: Decl::None,
                    kind: Kind::Map,
                    items: None,
                };
                (sum.add(Estimate::fixed(MAP_CREATE_BASE_COST)), info)
            }
            Expr::Comprehension(comprehension) => self.comprehension(comprehension),
            Expr::Struct(_) | Expr::Unspecified => (Estimate::default(), Info::of(Decl::None)),
        }
    }

    fn ident(&self, name: &str) -> Info<'a> {
        if let Some(local) = self.locals.iter().rev().find(|l| l.name == name) {
            return local.info;
        }
        match name {
            "self" | "oldSelf" => Info::of(self.root),
            _ => Info::of(Decl::None),
        }
    }

    /// cel-go's `costComprehension`: the range, the accumulator's start, the loop's
    /// condition and step once per element of the range, and the result.
    fn comprehension(&mut self, c: &ComprehensionExpr) -> (Estimate, Info<'a>) {
        let (range_cost, range) = self.cost(&c.iter_range);
        let (init_cost, init) = self.cost(&c.accu_init);
        self.locals.push(Local {
            name: c.accu_var.clone(),
            info: init,
        });
        let item = Info {
            size: if range.kind == Kind::List {
                range.items
            } else {
                None
            },
            decl: match range.kind {
                Kind::Map => range.decl.key(),
                _ => range.decl.element(),
            },
            kind: match range.kind {
                Kind::Map => Kind::String,
                _ => range.decl.element().kind(),
            },
            items: None,
        };
        self.locals.push(Local {
            name: c.iter_var.clone(),
            info: item,
        });
        let (loop_cost, _) = self.cost(&c.loop_cond);
        let (step_cost, step) = self.cost(&c.loop_step);
        self.locals.pop();
        let (result_cost, result) = self.cost(&c.result);
        self.locals.pop();
        let count = range.size();
        let total = range_cost
            .add(init_cost)
            .add(result_cost)
            .add(count.multiply(step_cost.add(loop_cost)));
        let info = match &c.accu_init.expr {
            Expr::List(_) | Expr::Map(_) => Info {
                size: Some(count),
                decl: Decl::None,
                kind: init.kind,
                items: step.items,
            },
            Expr::Literal(_) => Info {
                size: init.size,
                ..result
            },
            _ => result,
        };
        (total, info)
    }
}

fn literal_info<'a>(literal: &LiteralValue) -> Info<'a> {
    let (kind, size) = match literal {
        LiteralValue::String(s) => (Kind::String, s.inner().chars().count() as u64),
        LiteralValue::Bytes(b) => (Kind::Bytes, b.inner().len() as u64),
        LiteralValue::Boolean(_) => (Kind::Bool, 1),
        LiteralValue::Int(_) | LiteralValue::UInt(_) => (Kind::Int, 1),
        LiteralValue::Double(_) => (Kind::Double, 1),
        LiteralValue::Null => (Kind::Dyn, 1),
    };
    Info {
        size: Some(Estimate::fixed(size)),
        decl: Decl::None,
        kind,
        items: None,
    }
}

fn text_like(kind: Kind) -> bool {
    matches!(kind, Kind::String | Kind::Bytes)
}

/// One call's own cost (its arguments' included, its target's not) and what it returns:
/// cel-go's `functionCost` and Kubernetes' `EstimateCallCost`.
fn call_cost<'a>(
    name: &str,
    target: Option<Info<'a>>,
    args: &[(Estimate, Info<'a>)],
    literal_ints: &[Option<i64>],
) -> (Estimate, Info<'a>) {
    let arg_sum = args.iter().fold(Estimate::default(), |s, a| s.add(a.0));
    let infos: Vec<Info<'a>> = args.iter().map(|a| a.1).collect();
    let call = library::Call {
        name,
        target,
        args: &infos,
        literal_ints,
    };
    if let Some((cost, info)) = library::cost(&call) {
        return (cost.add(arg_sum), info);
    }
    let one = Estimate::fixed(1).add(arg_sum);
    let size = |i: usize| args.get(i).map_or(UNKNOWN, |a| a.1.size());
    let kind = |i: usize| args.get(i).map_or(Kind::Dyn, |a| a.1.kind);
    let boolean = Info::scalar(Kind::Bool);
    match (name, target) {
        ("_&&_" | "_||_", None) if args.len() == 2 => {
            let cost = Estimate {
                min: args[0].0.min,
                max: args[0].0.add(args[1].0).max,
            };
            (cost, boolean)
        }
        ("_?_:_", None) if args.len() == 3 => {
            let cost = args[0].0.add(args[1].0.union(args[2].0));
            let info = Info {
                size: Some(size(1).union(size(2))),
                ..args[1].1
            };
            (cost, info)
        }
        ("_+_", None) if args.len() == 2 => {
            let total = size(0).add(size(1));
            let sum_kind = if kind(0) == Kind::Dyn {
                kind(1)
            } else {
                kind(0)
            };
            let info = Info {
                size: Some(total),
                decl: Decl::None,
                kind: sum_kind,
                items: match (args[0].1.items, args[1].1.items) {
                    (Some(a), Some(b)) => Some(a.union(b)),
                    _ => None,
                },
            };
            match sum_kind {
                Kind::String | Kind::Bytes => (
                    total.factor(STRING_TRAVERSAL_COST_FACTOR).add(arg_sum),
                    info,
                ),
                _ => (one, info),
            }
        }
        ("_==_" | "_!=_", None) => (compare(size(0), size(1)).add(arg_sum), boolean),
        ("_<_" | "_<=_" | "_>_" | "_>=_", None) if text_like(kind(0)) && text_like(kind(1)) => {
            (compare(size(0), size(1)).add(arg_sum), boolean)
        }
        ("@in", None) if kind(1) == Kind::List => (size(1).add(arg_sum), boolean),
        ("_[_]" | "_[?_]", None) if !args.is_empty() => {
            let container = args[0].1;
            let info = Info {
                size: container.items,
                decl: container.decl.element(),
                kind: container.decl.element().kind(),
                items: None,
            };
            (one, info)
        }
        ("startsWith" | "endsWith", Some(_)) if args.len() == 1 => (
            size(0).factor(STRING_TRAVERSAL_COST_FACTOR).add(arg_sum),
            boolean,
        ),
        ("matches", Some(t)) if args.len() == 1 => {
            let string = t
                .size()
                .add(Estimate::fixed(1))
                .factor(STRING_TRAVERSAL_COST_FACTOR);
            let regex = size(0).factor(REGEX_STRING_LENGTH_COST_FACTOR);
            (string.multiply(regex).add(arg_sum), boolean)
        }
        ("contains", Some(t)) if args.len() == 1 && t.kind != Kind::List => {
            let string = t.size().factor(STRING_TRAVERSAL_COST_FACTOR);
            let sub = size(0).factor(STRING_TRAVERSAL_COST_FACTOR);
            (string.multiply(sub).add(arg_sum), boolean)
        }
        ("size", _) | ("int", None) => (one, Info::scalar(Kind::Int)),
        // cel-go sizes a duration or a timestamp as a scalar: 1 (`isScalar`), so comparing
        // two costs one traversal step, not the unknown length of a string.
        ("duration" | "timestamp", None) => (one, Info::scalar(Kind::Int)),
        ("!_" | "@not_strictly_false" | "has", None) => (one, boolean),
        ("_<_" | "_<=_" | "_>_" | "_>=_" | "@in", None) => (one, boolean),
        ("string", None) => (
            one,
            Info {
                size: None,
                ..Info::of(Decl::None)
            }
            .with(Kind::String),
        ),
        _ => (one, Info::of(Decl::None)),
    }
}

impl<'a> Info<'a> {
    fn with(self, kind: Kind) -> Info<'a> {
        Info { kind, ..self }
    }
}

/// cel-go's cost of `==`, `!=` and ordering strings: the smaller value's size × 0.1.
fn compare(lhs: Estimate, rhs: Estimate) -> Estimate {
    let smallest_max = lhs.max.min(rhs.max);
    Estimate {
        min: u64::from(smallest_max > 0),
        max: smallest_max,
    }
    .factor(STRING_TRAVERSAL_COST_FACTOR)
}

#[cfg(test)]
mod tests;
