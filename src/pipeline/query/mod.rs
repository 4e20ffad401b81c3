//! Stage 2 of five (front → query → evidence → trust → answer): from what the question asks
//! to rows. [`plan`] chooses the strategies (it owns [`plan::Strategy`] and
//! [`plan::Role`]), [`templates`] fills `queries/*.rq` with escaped arguments, and
//! [`retrieve`] runs them in parallel with timeouts and a cache: the only module of the
//! pipeline that talks to the knowledge graph.

pub mod labels;
pub mod plan;
pub mod retrieve;
pub mod templates;
