//! Black-box tests of the HTTP service: each test spawns the real application on port 0,
//! with wiremock standing in for a remote SPARQL endpoint or an LLM server where needed.

mod health;
mod helpers;
mod routing;
mod ask;
mod bad_input;
mod llm;
mod upstream;
mod trust;
mod independent;
mod hostile;
mod faults;
mod evidence_graph;
mod web;
mod openapi;
mod generated;
mod comparisons;
