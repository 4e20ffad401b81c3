// scigraph LLM test peer: a loopback-only HTTP server that answers the Ollama chat API
// (/api/tags, /api/chat) and the OpenAI-compatible chat API (/v1/models, /v1/chat/completions)
// with a REAL small GGUF model run in-process by node-llama-cpp (CPU only, prebuilt binary).
// Why: scigraph's Ollama and OpenAI clients need an opt-in integration test target that
// behaves like the real services (JSON-schema constrained output, plain text, errors)
// without any network access. Started by scripts/llm/serve.sh; not used in production.
//
// Env: SCIGRAPH_LLM_GGUF (or argv[2]) path to the .gguf; PORT (default 18434);
//      SCIGRAPH_LLM_MODEL_NAME (default gemma3-270m); SCIGRAPH_LLM_CTX (default 4096);
//      SCIGRAPH_LLM_MAX_TOKENS default generation cap (default 256);
//      SCIGRAPH_LLM_THREADS (default: available cores; more threads than cores is ~100x slower).
import http from "node:http";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { getLlama, LlamaChat } from "node-llama-cpp";

const GGUF = process.env.SCIGRAPH_LLM_GGUF || process.argv[2];
const PORT = Number(process.env.PORT || 18434);
const MODEL_NAME = process.env.SCIGRAPH_LLM_MODEL_NAME || "gemma3-270m";
const CTX = Number(process.env.SCIGRAPH_LLM_CTX || 4096);
const DEFAULT_MAX_TOKENS = Number(process.env.SCIGRAPH_LLM_MAX_TOKENS || 256);
const MAX_BODY = 8 * 1024 * 1024;
if (!GGUF) {
  console.error("usage: SCIGRAPH_LLM_GGUF=/path/model.gguf node server.mjs  (or pass the path as argv[2])");
  process.exit(2);
}

class HttpError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// ---- model ------------------------------------------------------------------------------
const t0 = Date.now();
// gpu:false + build:"never": use only the bundled CPU prebuilt, never try to fetch/compile llama.cpp.
const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
const model = await llama.loadModel({ modelPath: GGUF });
const threads = Number(process.env.SCIGRAPH_LLM_THREADS || os.availableParallelism());
const context = await model.createContext({ contextSize: CTX, sequences: 1, threads });
const loadMs = Date.now() - t0;

let jsonGrammar = null;
const schemaGrammars = new Map(); // JSON.stringify(schema) -> grammar (or null = unsupported)
async function grammarFor(format) {
  if (format == null || format === "" || format === false) return null;
  if (typeof format === "object") {
    const key = JSON.stringify(format);
    if (!schemaGrammars.has(key)) {
      let g = null;
      try { g = await llama.createGrammarForJsonSchema(format); }
      catch (e) { console.error(`schema not supported by grammar builder, using generic JSON: ${e.message}`); }
      if (schemaGrammars.size > 64) schemaGrammars.clear();
      schemaGrammars.set(key, g);
    }
    const g = schemaGrammars.get(key);
    if (g) return g;
  }
  return (jsonGrammar ??= await llama.getGrammarFor("json"));
}

function textOf(content) {
  if (content == null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) // OpenAI content parts
    return content.map((p) => (typeof p === "string" ? p : p?.text ?? "")).join("");
  return String(content);
}

// Map {role, content} messages to node-llama-cpp chat history; consecutive same-role turns merge.
function toHistory(messages) {
  if (!Array.isArray(messages) || messages.length === 0)
    throw new HttpError(400, "messages must be a non-empty array");
  const hist = [];
  for (const m of messages) {
    if (m == null || typeof m !== "object") throw new HttpError(400, "each message must be an object");
    const text = textOf(m.content);
    const type = m.role === "system" || m.role === "developer" ? "system"
      : m.role === "assistant" ? "model" : "user"; // user, tool, unknown -> user
    const last = hist[hist.length - 1];
    if (last && last.type === type) {
      if (type === "model") last.response[0] += "\n\n" + text; else last.text += "\n\n" + text;
    } else hist.push(type === "model" ? { type, response: [text] } : { type, text });
  }
  if (hist[hist.length - 1].type !== "model") hist.push({ type: "model", response: [] });
  return hist;
}

// One request at a time (2 cores); each gets a fresh context sequence, disposed afterwards.
let queue = Promise.resolve();
function serialized(fn) {
  const p = queue.then(fn);
  queue = p.catch(() => {});
  return p;
}

async function generate({ messages, format, temperature, maxTokens, topP, topK, seed }, signal) {
  const history = toHistory(messages);
  const grammar = await grammarFor(format);
  return serialized(async () => {
    if (signal?.aborted) throw new HttpError(499, "client closed request");
    const sequence = context.getSequence();
    const chat = new LlamaChat({ contextSequence: sequence });
    try {
      const cap = Number.isFinite(maxTokens) && maxTokens > 0 ? Math.min(maxTokens, CTX) : DEFAULT_MAX_TOKENS;
      const res = await chat.generateResponse(history, {
        grammar: grammar ?? undefined,
        maxTokens: cap,
        temperature: Number.isFinite(temperature) ? temperature : 0,
        topP: Number.isFinite(topP) ? topP : undefined,
        topK: Number.isFinite(topK) ? topK : undefined,
        seed: Number.isFinite(seed) ? seed : undefined,
        signal, stopOnAbortSignal: true,
      });
      let text = res.response;
      if (grammar) text = text.trim();
      return {
        text,
        stop: res.metadata?.stopReason === "maxTokens" ? "length" : "stop",
        promptTokens: sequence.tokenMeter.usedInputTokens,
        completionTokens: sequence.tokenMeter.usedOutputTokens,
      };
    } finally {
      chat.dispose({ disposeSequence: false });
      await sequence.dispose(); // awaited so the slot is free for the next queued request
    }
  });
}

// ---- HTTP -------------------------------------------------------------------------------
function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) { reject(new HttpError(413, "request body too large")); req.destroy(); }
      else chunks.push(c);
    });
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      try {
        const v = JSON.parse(raw);
        if (v == null || typeof v !== "object" || Array.isArray(v)) throw new Error("body must be a JSON object");
        resolve(v);
      } catch (e) { reject(new HttpError(400, `invalid JSON body: ${e.message}`)); }
    });
    req.on("error", reject);
  });
}

async function ollamaChat(body, signal) {
  const o = body.options ?? {};
  const started = process.hrtime.bigint();
  const r = await generate({
    messages: body.messages, format: body.format, temperature: o.temperature,
    maxTokens: o.num_predict, topP: o.top_p, topK: o.top_k, seed: o.seed,
  }, signal);
  const ns = Number(process.hrtime.bigint() - started);
  return {
    model: body.model || `${MODEL_NAME}:latest`, created_at: new Date().toISOString(),
    message: { role: "assistant", content: r.text }, done: true,
    done_reason: r.stop, total_duration: ns, prompt_eval_count: r.promptTokens, eval_count: r.completionTokens,
  };
}

async function openaiChat(body, signal) {
  if (body.stream === true) throw new HttpError(400, "stream=true is not supported by this test server");
  const rf = body.response_format;
  let format = null;
  if (rf?.type === "json_object") format = "json";
  else if (rf?.type === "json_schema") format = rf.json_schema?.schema ?? "json";
  const r = await generate({
    messages: body.messages, format, temperature: body.temperature,
    maxTokens: body.max_completion_tokens ?? body.max_tokens, topP: body.top_p, seed: body.seed,
  }, signal);
  return {
    id: `chatcmpl-${randomUUID()}`, object: "chat.completion", created: Math.floor(Date.now() / 1000),
    model: body.model || MODEL_NAME,
    choices: [{ index: 0, message: { role: "assistant", content: r.text }, finish_reason: r.stop }],
    usage: { prompt_tokens: r.promptTokens, completion_tokens: r.completionTokens,
      total_tokens: r.promptTokens + r.completionTokens },
  };
}

async function route(req, signal) {
  const path = new URL(req.url, "http://x").pathname;
  const m = req.method;
  if ((m === "GET" || m === "HEAD") && path === "/") return [200, "Ollama is running"];
  if (m === "GET" && path === "/api/tags")
    return [200, { models: [{ name: `${MODEL_NAME}:latest`, model: `${MODEL_NAME}:latest` }] }];
  if (m === "GET" && path === "/v1/models")
    return [200, { object: "list", data: [{ id: MODEL_NAME, object: "model", owned_by: "scigraph-test" }] }];
  if (m === "POST" && path === "/api/chat") return [200, await ollamaChat(await readJson(req), signal)];
  if (m === "POST" && path === "/v1/chat/completions") return [200, await openaiChat(await readJson(req), signal)];
  throw new HttpError(404, `no route for ${m} ${path}`);
}

const server = http.createServer(async (req, res) => {
  const started = Date.now();
  let status = 500, payload;
  const ac = new AbortController(); // stop generating if the client gives up (e.g. test timeout)
  res.on("close", () => { if (!res.writableFinished) ac.abort(); });
  try {
    [status, payload] = await route(req, ac.signal);
  } catch (e) {
    status = e instanceof HttpError ? e.status : 500;
    if (status === 500) console.error(e);
    const openai = req.url.startsWith("/v1/");
    payload = openai ? { error: { message: e.message, type: status === 500 ? "server_error" : "invalid_request_error" } }
      : { error: e.message };
  }
  const isText = typeof payload === "string";
  const out = isText ? payload : JSON.stringify(payload);
  res.writeHead(status, { "content-type": isText ? "text/plain; charset=utf-8" : "application/json",
    "content-length": Buffer.byteLength(out) });
  res.end(req.method === "HEAD" ? undefined : out);
  console.error(`${new Date().toISOString()} ${req.method} ${req.url} ${status} ${Date.now() - started}ms`);
});

server.listen(PORT, "127.0.0.1", () => {
  console.error(`model ${GGUF} loaded in ${loadMs} ms (ctx ${CTX}, threads ${context.currentThreads})`);
  console.log(`listening on http://127.0.0.1:${PORT}`);
});
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => { server.close(); llama.dispose().finally(() => process.exit(0)); });
