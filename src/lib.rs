//! scigraph answers questions about scientific papers from the Open Research Knowledge Graph
//! (ORKG) over SPARQL and cites every paper it uses.
//!
//! The crate is a library with a thin binary (`src/main.rs`). The library is split by
//! boundary: configuration, the knowledge-graph backends, the LLM clients and the HTTP layer
//! touch the outside world; everything else is data in, data out. See `ARCHITECTURE.md`.

pub mod api; // actix-web routes, response types and the one error -> HTTP mapping
pub mod boards; // summaries of the largest leaderboards (best and worst results per metric), read by IRI
pub mod cli; // the command line: serve, load, ask, eval (argument parsing and dispatch)
pub mod comparisons; // ORKG's comparison tables (rows, properties, cells), read at start-up to match questions against
pub mod config; // typed settings from the environment and `.env`; bad values stop start-up
pub mod eval; // `scigraph eval`: type accuracy, entity precision/recall and SciQA scores on gold files
pub mod http_client; // the one place that builds outbound `reqwest` clients (TLS provider, timeouts)
pub mod index; // the BM25 text index over the graph's labels (titles, problems, fields, models, datasets, metrics)
pub mod kg; // `KnowledgeGraph` trait, the remote SPARQL and embedded oxigraph backends, the loader
pub mod llm; // LLM providers (Ollama, OpenAI-compatible) behind one health/chat boundary
pub mod pipeline; // the question pipeline: front, query, evidence, trust, answer
pub mod precomputed; // rows of the keyed templates (paper metadata, a board's kept results, the rankings by count) precomputed beside a store
pub mod startup; // `Application::build` binds first, then serves until stopped
pub mod telemetry; // tracing subscriber set-up
