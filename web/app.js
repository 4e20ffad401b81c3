/*
 * scigraph browser page.
 *
 * Sends the question typed (or picked from the examples) to POST /ask and, when /health
 * reports an LLM, also to POST /ask/baseline, then lays out what the answer carries: the
 * answer with its [n] citations linked to the sources, the answer items, the claim
 * verdict, confidence, conflicts and removed facts, the verification gates, the retrieval
 * strategies with their SPARQL, the evidence graph (drawn with the vendored cytoscape) and
 * the LLM exchanges. The question lives in the URL (/?q=...) so an answer can be shared,
 * and back/forward ask again.
 *
 * The graph's labels are crowd-sourced and the LLM's text is whatever it produced, so
 * every string from the API is treated as hostile: it only enters the page as text (text
 * nodes, textContent, setAttribute on inert attributes), never parsed as HTML, and a link
 * is only made from an http(s) URL. The page runs under `Content-Security-Policy:
 * default-src 'self'`, so there is no inline script or style, and styles set from here go
 * through element.style. Responses may come from older servers or dirty data: any field
 * may be missing, null or of the wrong type, and each section is rendered on its own so
 * one bad field cannot blank the rest.
 */
(function () {
  'use strict';

  // ---------------------------------------------------------------- small helpers

  const $ = (id) => document.getElementById(id);

  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const obj = (v) => (isObj(v) ? v : null);
  const arr = (v) => (Array.isArray(v) ? v : []);
  const present = (v) => v !== null && v !== undefined && v !== '';

  /** A scalar as a string; objects become '' so they never print as "[object Object]". */
  function str(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return '';
  }

  function num(v) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return null;
  }

  /** Any value as readable text (for cells that may hold dirty data of any shape). */
  function plain(v) {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'object') return String(v);
    if (Array.isArray(v)) return v.map(plain).filter(Boolean).join(', ');
    try { return JSON.stringify(v); } catch (e) { return ''; }
  }

  /** An API string reduced to a class-name token, so a class can never carry markup. */
  function token(v) {
    return str(v).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'unknown';
  }

  function clip(s, n) {
    return s.length > n ? s.slice(0, n - 1) + '…' : s;
  }

  /** The URL to use in an href, or null: only absolute http(s) URLs, so a `javascript:`
   *  or `data:` IRI from the graph stays text. */
  function safeUrl(v) {
    if (typeof v !== 'string') return null;
    const t = v.trim();
    if (!/^https?:\/\//i.test(t)) return null;
    try {
      const u = new URL(t);
      return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
    } catch (e) {
      return null;
    }
  }

  function doiUrl(doi) {
    const d = str(doi).trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
    if (!d) return null;
    // Encoded piecewise so a `#` or `?` in a DOI stays part of the DOI.
    return safeUrl('https://doi.org/' + d.split('/').map(encodeURIComponent).join('/'));
  }

  /**
   * Builds an element. Children are nodes, arrays or anything else, which becomes a text
   * node. Event-handler and style attributes are refused, and `href` goes through
   * safeUrl (in-page `#...` anchors excepted), so no caller can turn API data into code.
   */
  function h(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [k, raw] of Object.entries(attrs)) {
        if (raw === null || raw === undefined || raw === false) continue;
        if (/^on/i.test(k) || k === 'style' || k === 'srcdoc') continue;
        if (k === 'class') { node.className = String(raw); continue; }
        let v = raw === true ? '' : String(raw);
        if (k === 'href') {
          v = v.startsWith('#') ? v : safeUrl(v);
          if (!v) continue;
        }
        node.setAttribute(k, v);
      }
    }
    add(node, kids);
    return node;
  }

  function add(node, kids) {
    for (const k of kids) {
      if (k === null || k === undefined || k === false) continue;
      if (Array.isArray(k)) add(node, k);
      else if (k instanceof Node) node.appendChild(k);
      else node.appendChild(document.createTextNode(String(k)));
    }
    return node;
  }

  function fill(node, ...kids) {
    node.replaceChildren();
    return add(node, kids);
  }

  const muted = (text) => h('span', { class: 'muted' }, text);

  /** A link when the URL is safe, otherwise the text alone. */
  function linkOrText(url, text, cls) {
    const href = safeUrl(url);
    return href ? h('a', { href, class: cls, rel: 'noopener noreferrer' }, text) : h('span', { class: cls }, text);
  }

  function tableWrap(table) {
    return h('div', { class: 'table-wrap' }, table);
  }

  /** Renders any JSON value as key: value lines, for objects whose shape is not fixed. */
  function generic(v, depth) {
    depth = depth || 0;
    if (v === null || v === undefined) return muted('—');
    if (typeof v !== 'object') return document.createTextNode(String(v));
    if (depth > 4) return document.createTextNode(clip(plain(v), 300));
    if (Array.isArray(v)) {
      if (!v.length) return muted('none');
      if (v.every((x) => x === null || typeof x !== 'object')) return document.createTextNode(v.map((x) => (x === null ? '—' : String(x))).join(', '));
      return h('ul', { class: 'generic' }, v.map((x) => h('li', null, generic(x, depth + 1))));
    }
    const keys = Object.keys(v);
    if (!keys.length) return muted('empty');
    return h('dl', { class: 'kv' }, keys.map((k) => [h('dt', null, k.replace(/_/g, ' ')), h('dd', null, generic(v[k], depth + 1))]));
  }

  /** The rest of an object, after the fields a renderer already showed. */
  function extras(o, known) {
    const rest = {};
    let any = false;
    for (const k of Object.keys(o)) {
      if (!known.includes(k) && present(o[k])) { rest[k] = o[k]; any = true; }
    }
    return any ? generic(rest) : null;
  }

  // ---------------------------------------------------------------- citations

  /** The number a source is cited by: its `n`, or its position for servers without one. */
  function sourceNumber(s, i) {
    const n = num(obj(s) && s.n);
    return n !== null && Number.isInteger(n) && n > 0 ? n : i + 1;
  }

  let knownSources = new Set();

  function cite(n) {
    const k = num(n);
    if (k === null || !Number.isInteger(k) || k <= 0) return null;
    if (!knownSources.has(k)) return h('span', { class: 'cite cite-missing', title: 'no such source' }, '[' + k + ']');
    return h('a', { href: '#source-' + k, class: 'cite', 'aria-label': 'source ' + k }, '[' + k + ']');
  }

  function cites(list) {
    return arr(list).map(cite).filter(Boolean);
  }

  /** Text with every [n] (or [n, m]) made a link to its source, built from text nodes. */
  function withCitations(text) {
    const out = [];
    const re = /\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g;
    let last = 0;
    let m;
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) out.push(text.slice(last, m.index));
      out.push(m[1].split(',').map((x) => cite(x.trim())));
      last = re.lastIndex;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  // ---------------------------------------------------------------- sections

  function renderAnswer(d) {
    const badges = [
      ['type', d.query_type], ['target', d.target], ['mode', d.answer_mode],
      ['classified by', d.query_type_source], ['entities by', d.entities_source],
      ['as of', d.as_of], ['KG results', d.kg_results_count],
    ].filter(([, v]) => str(v) !== '');
    const text = str(d.answer);
    const ents = obj(d.entities);
    const found = ents
      ? Object.keys(ents).map((k) => [k, arr(ents[k]).map(str).filter(Boolean)]).filter(([, v]) => v.length)
      : [];
    fill($('answer'),
      text ? h('p', { class: 'answer-text' }, withCitations(text)) : h('p', { class: 'muted' }, 'No answer text.'),
      badges.length ? h('ul', { class: 'tags', 'aria-label': 'About this answer' },
        badges.map(([k, v]) => h('li', { class: 'tag' }, h('span', { class: 'tag-key' }, k + ': '), str(v)))) : null,
      found.length ? h('p', { class: 'small muted' }, 'Recognised: ',
        found.map(([k, v], i) => [i ? '; ' : '', k + ' ', h('span', { class: 'ent' }, v.join(', '))])) : null);
  }

  function shortAuthors(list) {
    const a = arr(list).map(str).filter(Boolean);
    if (!a.length) return '';
    return a.length > 3 ? a.slice(0, 3).join(', ') + ' et al.' : a.join(', ');
  }

  function renderSources(d) {
    const list = $('sources');
    const sources = arr(d.sources);
    const stale = $('sources-empty');
    if (stale) stale.remove();
    if (!sources.length) {
      fill(list);
      list.after(h('p', { id: 'sources-empty', class: 'muted' }, 'No sources.'));
      return;
    }
    fill(list, sources.map((s0, i) => {
      const s = obj(s0) || { title: plain(s0) };
      const n = sourceNumber(s, i);
      const year = str(s.year);
      const validity = str(s.validity);
      const doi = str(s.doi);
      const iri = str(s.iri);
      const code = arr(s.code).map(str).filter(Boolean);
      const meta = [['fields', s.fields], ['methods', s.methods], ['datasets', s.datasets]]
        .map(([k, v]) => [k, arr(v).map(str).filter(Boolean)]).filter(([, v]) => v.length);
      const links = [];
      if (doi) {
        const u = doiUrl(doi);
        links.push(u ? h('a', { href: u, rel: 'noopener noreferrer' }, 'doi:' + doi) : h('span', null, 'doi: ' + doi));
      }
      if (iri) links.push(safeUrl(iri) ? linkOrText(iri, 'ORKG') : h('span', { class: 'iri' }, 'IRI: ' + iri));
      code.forEach((c) => links.push(linkOrText(c, 'code: ' + clip(c.replace(/^https?:\/\/(www\.)?/i, ''), 60))));
      return h('li', { id: 'source-' + n, value: n, tabindex: '-1' },
        h('div', { class: 'src-head' },
          h('span', { class: 'src-title' }, str(s.title) || iri || '(untitled)'),
          year ? h('span', { class: 'src-year' }, ' (' + year + ')') : null,
          validity ? [' ', h('span', { class: 'badge validity validity-' + token(validity), title: 'validity' }, validity)] : null),
        shortAuthors(s.authors) ? h('div', { class: 'small' }, shortAuthors(s.authors)) : null,
        links.length ? h('div', { class: 'src-links small' }, links.map((l, k) => [k ? ' · ' : '', l])) : null,
        meta.length ? h('div', { class: 'small muted' }, meta.map(([k, v], k2) => [k2 ? '; ' : '', k + ': ' + v.join(', ')])) : null);
    }));
  }

  const ITEM_COLUMNS = ['label', 'value', 'metric', 'dataset', 'model', 'year'];

  function renderItems(d) {
    const items = arr(d.answer_items).map((x) => obj(x) || { label: plain(x) });
    if (!items.length) { fill($('items'), h('p', { class: 'muted' }, 'No answer items.')); return; }
    const cols = ITEM_COLUMNS.filter((c) => items.some((it) => plain(it[c]) !== ''));
    const withSources = items.some((it) => arr(it.sources).length);
    fill($('items'), tableWrap(h('table', null,
      h('thead', null, h('tr', null, cols.map((c) => h('th', { scope: 'col' }, c)), withSources ? h('th', { scope: 'col' }, 'sources') : null)),
      h('tbody', null, items.map((it) => h('tr', null,
        cols.map((c) => h('td', null, c === 'label' && safeUrl(it.iri) ? linkOrText(it.iri, plain(it.label)) : plain(it[c]))),
        withSources ? h('td', { class: 'nowrap' }, cites(it.sources)) : null))))));
  }

  function factItem(f0) {
    const f = obj(f0);
    if (!f) return h('li', null, plain(f0));
    const papers = arr(f.papers).map(obj).filter(Boolean).map((p) => str(p.title) + (str(p.year) ? ' (' + str(p.year) + ')' : '')).filter(Boolean);
    return h('li', null,
      str(f.statement) || plain(f),
      str(f.value) ? [' ', h('span', { class: 'tag' }, h('span', { class: 'tag-key' }, 'value: '), str(f.value))] : null,
      ' ', cites(f.sources),
      papers.length ? h('div', { class: 'small muted' }, papers.join('; ')) : null);
  }

  function renderVerdict(d) {
    const section = $('verdict-section');
    const v = d.verdict;
    const label = typeof v === 'string' ? v : str(obj(v) && (v.label || v.verdict));
    if (!label) { section.hidden = true; return; }
    const ev = obj(d.verdict_evidence) || obj(v) || {};
    const badge = $('verdict');
    badge.textContent = label;
    badge.className = 'badge verdict verdict-' + token(label);
    $('verdict-relation').textContent = str(ev.relation) ? 'relation: ' + str(ev.relation) : '';
    $('verdict-reason').textContent = str(ev.reason);
    for (const side of ['supporting', 'contradicting']) {
      const facts = arr(ev[side]);
      fill($('verdict-' + side), facts.length ? facts.map(factItem) : h('li', { class: 'muted' }, 'none'));
    }
    section.hidden = false;
  }

  function meterRow(name, value) {
    const v = num(value);
    const clamped = v === null ? 0 : Math.max(0, Math.min(1, v));
    return h('div', { class: 'meter-row' },
      h('span', { class: 'meter-name' }, name),
      h('meter', { min: '0', max: '1', low: '0.4', high: '0.7', optimum: '1', value: String(clamped), 'aria-label': 'confidence: ' + name }),
      h('span', { class: 'meter-value' }, v === null ? '—' : v.toFixed(2)));
  }

  function renderConfidence(d) {
    const c = obj(d.confidence);
    const box = $('confidence');
    if (!c) { fill(box, h('h3', null, 'Confidence'), h('p', { class: 'muted' }, 'No confidence score.')); return; }
    const parts = ['evidence', 'support', 'recency'].filter((k) => present(c[k]));
    fill(box,
      h('h3', null, 'Confidence'),
      meterRow('overall', c.score),
      parts.length ? h('div', { class: 'meter-parts' }, parts.map((k) => meterRow(k, c[k]))) : null,
      str(c.explanation) ? h('p', { class: 'small' }, str(c.explanation)) : null);
  }

  function conflictView(c0) {
    const c = obj(c0);
    if (!c) return h('li', null, plain(c0));
    const resolved = c.resolved === true ? 'resolved' : c.resolved === false ? 'unresolved' : '';
    const winner = str(c.winner);
    return h('li', { class: 'conflict' },
      h('div', { class: 'conflict-head' },
        h('strong', null, str(c.subject) || 'conflict'), ' ',
        str(c.kind) ? h('span', { class: 'tag' }, str(c.kind).replace(/_/g, ' ')) : null, ' ',
        resolved ? h('span', { class: 'badge ' + (resolved === 'resolved' ? 'pass' : 'warn') }, resolved) : null),
      arr(c.sides).length ? h('ul', { class: 'sides' }, arr(c.sides).map((s0) => {
        const s = obj(s0);
        if (!s) return h('li', null, plain(s0));
        const papers = arr(s.papers).map(obj).filter(Boolean).map((p) => str(p.title) + (str(p.year) ? ' (' + str(p.year) + ')' : ''));
        return h('li', null,
          h('strong', null, str(s.value) || plain(s.value) || '—'),
          winner && str(s.value) === winner ? [' ', h('span', { class: 'badge pass' }, 'kept')] : null,
          present(s.score) ? h('span', { class: 'muted' }, ' · score ' + plain(s.score)) : null,
          papers.length ? h('div', { class: 'small muted' }, papers.join('; ')) : null);
      })) : null,
      str(c.rule) ? h('p', { class: 'small' }, str(c.rule)) : null,
      extras(c, ['subject', 'kind', 'resolved', 'winner', 'sides', 'rule']));
  }

  function removalView(r0) {
    const r = obj(r0);
    if (!r) return h('li', null, plain(r0));
    const papers = arr(r.papers).map(obj).filter(Boolean).map((p) => str(p.title) + (str(p.year) ? ' (' + str(p.year) + ')' : ''));
    return h('li', { class: 'conflict' },
      h('div', { class: 'conflict-head' }, h('s', null, str(r.fact) || plain(r.fact) || 'removed fact'),
        present(r.score) ? h('span', { class: 'muted' }, ' · score ' + plain(r.score)) : null),
      str(r.rule) || str(r.reason) ? h('p', { class: 'small' }, 'why: ' + (str(r.rule) || str(r.reason))) : null,
      str(r.kept) ? h('p', { class: 'small' }, 'kept instead: ', h('strong', null, str(r.kept)),
        present(r.kept_score) ? ' (score ' + plain(r.kept_score) + ')' : '') : null,
      papers.length ? h('div', { class: 'small muted' }, papers.join('; ')) : null,
      extras(r, ['fact', 'score', 'rule', 'reason', 'kept', 'kept_score', 'papers']));
  }

  function renderConflicts(d) {
    const conflicts = arr(d.conflicts);
    const ex = d.explanation;
    const removals = Array.isArray(ex) ? ex : present(ex) ? [ex] : [];
    fill($('conflicts'),
      h('h3', null, 'Conflicts (' + conflicts.length + ')'),
      conflicts.length ? h('ul', { class: 'conflicts' }, conflicts.map(conflictView)) : h('p', { class: 'muted' }, 'No conflicting facts were found.'),
      h('h3', null, 'Removed before answering (' + removals.length + ')'),
      removals.length ? h('ul', { class: 'conflicts' }, removals.map(removalView)) : h('p', { class: 'muted' }, 'No facts were removed.'));
  }

  function renderGates(d) {
    const g = obj(d.gates);
    if (!g) { fill($('gates'), h('p', { class: 'muted' }, 'No checks reported.')); return; }
    const names = ['faithfulness', 'temporal', 'scope'].concat(Object.keys(g).filter((k) => k !== 'retry' && !['faithfulness', 'temporal', 'scope'].includes(k) && obj(g[k]) && 'passed' in g[k]));
    const rows = names.filter((k) => present(g[k])).map((k) => {
      const gate = obj(g[k]) || {};
      const res = gate.passed === true ? 'pass' : gate.passed === false ? 'fail' : 'unknown';
      return h('tr', null, h('th', { scope: 'row' }, k),
        h('td', null, h('span', { class: 'badge ' + res }, res === 'pass' ? 'passed' : res === 'fail' ? 'failed' : 'unknown')),
        h('td', null, str(gate.detail) || plain(obj(g[k]) ? '' : g[k])));
    });
    let retry = null;
    if (obj(g.retry)) {
      const r = g.retry;
      retry = h('div', { class: 'retry' }, h('h3', null, 'Retry'),
        h('p', null, 'Retried', str(r.strategy) ? ' with strategy ' + str(r.strategy) : '', str(r.reason) ? ' because ' + str(r.reason) : '', '.',
          present(r.passed_before) || present(r.passed_after) ? ' Checks passed: ' + plain(r.passed_before) + ' before, ' + plain(r.passed_after) + ' after.' : '',
          typeof r.used === 'boolean' ? (r.used ? ' The retry’s answer is the one shown.' : ' The first answer was kept.') : ''),
        extras(r, ['strategy', 'reason', 'passed_before', 'passed_after', 'used']));
    } else if (present(g.retry)) {
      retry = h('div', { class: 'retry' }, h('h3', null, 'Retry'), generic(g.retry));
    }
    fill($('gates'),
      rows.length ? tableWrap(h('table', null, h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'check'), h('th', { scope: 'col' }, 'result'), h('th', { scope: 'col' }, 'detail'))), h('tbody', null, rows))) : h('p', { class: 'muted' }, 'No checks reported.'),
      retry);
  }

  function renderStrategies(d) {
    const strategies = arr(d.strategies_used).map((x) => obj(x) || { name: plain(x) });
    const queries = arr(d.sparql_queries).map((x) => (typeof x === 'string' ? { sparql: x } : obj(x))).filter(Boolean);
    const byName = new Map();
    queries.forEach((q, i) => { const s = str(q.strategy); if (s && !byName.has(s)) byName.set(s, i); });
    const hasTrunc = strategies.some((s) => present(s.truncated));
    const parts = [];

    if (strategies.length) {
      parts.push(tableWrap(h('table', null,
        h('thead', null, h('tr', null, ['strategy', 'status', 'rows', 'ms'].concat(hasTrunc ? ['truncated'] : [], queries.length ? ['SPARQL'] : []).map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', null, strategies.map((s) => {
          const qi = byName.get(str(s.name));
          return h('tr', null,
            h('td', { class: 'mono' }, str(s.name) || '—'),
            h('td', null, str(s.status) ? h('span', { class: 'badge status-' + token(s.status) }, str(s.status)) : '—'),
            h('td', { class: 'num' }, plain(s.rows)),
            h('td', { class: 'num' }, plain(s.ms)),
            hasTrunc ? h('td', null, s.truncated === true ? 'yes' : s.truncated === false ? 'no' : plain(s.truncated)) : null,
            queries.length ? h('td', null, qi === undefined ? muted('—') : h('a', { href: '#sparql-' + qi, class: 'sparql-link', 'data-target': 'sparql-' + qi }, 'query')) : null);
        })))));
    } else {
      parts.push(h('p', { class: 'muted' }, 'No retrieval strategies reported.'));
    }

    if (queries.length) {
      parts.push(h('h3', null, 'SPARQL queries (' + queries.length + ')'),
        h('div', { class: 'sparql-list' }, queries.map((q, i) => h('details', { id: 'sparql-' + i },
          h('summary', null, str(q.strategy) || 'query ' + (i + 1)),
          h('pre', null, str(q.sparql) || plain(q.sparql) || plain(q))))));
    }

    const t = obj(d.timings_ms);
    if (t) {
      const keys = Object.keys(t).filter((k) => num(t[k]) !== null);
      keys.sort((a, b) => (a === 'total' ? -1 : b === 'total' ? 1 : 0));
      if (keys.length) parts.push(h('p', { class: 'small muted' }, 'Timings (ms): ' + keys.map((k) => k + ' ' + num(t[k])).join(' · ')));
    }

    const diags = arr(d.diagnostics);
    const warnings = arr(d.warnings).map(str).filter(Boolean);
    if (diags.length) {
      parts.push(h('h3', null, 'Warnings'), h('ul', { class: 'warnings' }, diags.map((x) => {
        const w = obj(x);
        if (!w) return h('li', null, plain(x));
        return h('li', null,
          str(w.stage) ? h('span', { class: 'tag' }, str(w.stage)) : null, ' ',
          str(w.code) ? h('code', null, str(w.code)) : null, str(w.code) ? ': ' : '',
          str(w.message) || plain(w));
      })));
    } else if (warnings.length) {
      parts.push(h('h3', null, 'Warnings'), h('ul', { class: 'warnings' }, warnings.map((w) => h('li', null, w))));
    }
    fill($('strategies'), parts);
  }

  function textBlock(v) {
    if (typeof v === 'string') return v;
    if (v === null || v === undefined) return '(none)';
    try { return JSON.stringify(v, null, 2); } catch (e) { return ''; }
  }

  function renderExchanges(d) {
    const list = arr(d.llm_exchanges);
    $('llm-exchanges-section').hidden = !list.length;
    fill($('llm-exchanges'), list.map((x0, i) => {
      const x = obj(x0) || { prompt: x0 };
      const used = x.used === true ? 'yes' : x.used === false ? 'no' : '—';
      return h('details', { class: 'exchange' },
        h('summary', null, (str(x.stage) || 'exchange ' + (i + 1)) + ' · used: ' + used),
        h('h4', null, 'Prompt'), h('pre', null, textBlock(x.prompt)),
        h('h4', null, 'Reply'), h('pre', null, textBlock(x.reply)),
        str(x.error) ? h('p', { class: 'error' }, 'Error: ' + str(x.error)) : null,
        extras(x, ['stage', 'used', 'prompt', 'reply', 'error']));
    }));
  }

  // ---------------------------------------------------------------- evidence graph

  // Okabe–Ito-like colours, plus a shape per kind so colour is not the only cue.
  const KINDS = {
    paper: { color: '#1f5fa8', shape: 'round-rectangle' },
    contribution: { color: '#56b4e9', shape: 'ellipse' },
    model: { color: '#009e73', shape: 'hexagon' },
    dataset: { color: '#e69f00', shape: 'barrel' },
    metric: { color: '#cc79a7', shape: 'diamond' },
    value: { color: '#f0e442', shape: 'round-tag' },
    problem: { color: '#7b5ea7', shape: 'octagon' },
    field: { color: '#8c8c8c', shape: 'rhomboid' },
    code: { color: '#24292f', shape: 'rectangle' },
  };
  const OTHER_KIND = { color: '#d0d0d0', shape: 'ellipse' };
  const EDGE_STATUS = {
    used: { color: '#6e7781', line: 'solid' },
    conflicting: { color: '#d1242f', line: 'solid' },
    removed: { color: '#8c959f', line: 'dashed' },
    superseded: { color: '#8c959f', line: 'dotted' },
  };
  const OTHER_EDGE = { color: '#6e7781', line: 'solid' };

  let cy = null;
  let graphNodes = new Map(); // cytoscape id -> {kind, label, iri, status}

  function graphStyle() {
    return [
      { selector: 'node', style: {
        'background-color': 'data(color)', shape: 'data(shape)', label: 'data(short)',
        width: 32, height: 32, 'border-width': 1, 'border-color': '#24292f',
        'font-size': 11, color: '#1f2328', 'text-valign': 'bottom', 'text-margin-y': 4,
        'text-wrap': 'ellipsis', 'text-max-width': '130px',
        'text-background-color': '#ffffff', 'text-background-opacity': 0.85, 'text-background-padding': '1px',
      } },
      { selector: 'node.st-conflicting', style: { 'border-width': 4, 'border-color': '#d1242f' } },
      { selector: 'node.st-removed, node.st-superseded', style: { 'border-width': 3, 'border-style': 'dashed', 'border-color': '#6e7781', 'background-opacity': 0.35, color: '#57606a' } },
      { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#0a3069', 'overlay-color': '#0969da', 'overlay-opacity': 0.2 } },
      { selector: 'edge', style: {
        width: 2, 'line-color': 'data(color)', 'target-arrow-color': 'data(color)', 'target-arrow-shape': 'triangle',
        'curve-style': 'bezier', label: 'data(predicate)', 'font-size': 8, color: '#424a53',
        'text-rotation': 'autorotate', 'text-background-color': '#ffffff', 'text-background-opacity': 0.85, 'text-background-padding': '1px',
      } },
      { selector: 'edge.st-conflicting', style: { width: 3 } },
      { selector: 'edge.st-removed', style: { 'line-style': 'dashed' } },
      { selector: 'edge.st-superseded', style: { 'line-style': 'dotted' } },
    ];
  }

  /** A predicate IRI shown by its last segment, so edge labels stay short. */
  function shortPredicate(p) {
    const s = str(p);
    const m = /^[a-z][a-z0-9+.-]*:\/\/.*[/#]([^/#]+)$/i.exec(s);
    return clip(m ? m[1] : s, 32);
  }

  function renderLegend(kinds, statuses, nodeStatuses) {
    const items = [];
    for (const k of kinds) {
      const spec = KINDS[k] || OTHER_KIND;
      const sw = h('span', { class: 'swatch shape-' + spec.shape, 'aria-hidden': 'true' });
      sw.style.backgroundColor = spec.color;
      items.push(h('li', null, sw, KINDS[k] ? k : clip(k, 30) + ' (other)'));
    }
    // Node fates are drawn as borders, the same for every kind.
    if (nodeStatuses.includes('conflicting')) items.push(h('li', null, h('span', { class: 'swatch ring-conflicting', 'aria-hidden': 'true' }), 'conflicting node'));
    if (nodeStatuses.includes('removed') || nodeStatuses.includes('superseded')) {
      items.push(h('li', null, h('span', { class: 'swatch ring-faded', 'aria-hidden': 'true' }), 'removed / superseded node'));
    }
    for (const s of statuses) {
      const spec = EDGE_STATUS[s] || OTHER_EDGE;
      const line = h('span', { class: 'line-swatch', 'aria-hidden': 'true' });
      line.style.borderTop = (s === 'conflicting' ? 3 : 2) + 'px ' + spec.line + ' ' + spec.color;
      items.push(h('li', null, line, s + ' edge'));
    }
    fill($('graph-legend'), items.length ? h('ul', null, items) : null);
  }

  function nodeInfo(id) {
    const info = graphNodes.get(id);
    const box = $('node-info');
    if (!info) { fill(box, h('p', { class: 'muted' }, 'Click a node in the graph or pick one from the list.')); return; }
    const links = [];
    if (cy) {
      const node = cy.getElementById(id);
      node.connectedEdges().forEach((e) => {
        const out = e.data('source') === id;
        const other = graphNodes.get(out ? e.data('target') : e.data('source'));
        if (other && links.length < 25) links.push(h('li', null, out ? '→ ' : '← ', e.data('predicate') + ' ', h('strong', null, clip(other.label, 80)),
          e.data('status') ? h('span', { class: 'muted' }, ' (' + e.data('status') + ')') : null));
      });
    }
    fill(box, h('dl', { class: 'kv' },
      h('dt', null, 'kind'), h('dd', null, info.kind || 'unknown'),
      h('dt', null, 'label'), h('dd', null, info.label || '—'),
      info.status ? [h('dt', null, 'status'), h('dd', null, info.status)] : null,
      h('dt', null, 'IRI'), h('dd', { class: 'iri' }, info.iri ? linkOrText(info.iri, info.iri) : '—')),
      links.length ? [h('h4', null, 'Connections'), h('ul', { class: 'small connections' }, links)] : null);
    for (const b of $('node-list').querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.node === id));
  }

  function selectNode(id, center) {
    if (cy) {
      cy.elements(':selected').unselect();
      const n = cy.getElementById(id);
      if (n && n.length) {
        n.select();
        if (center) cy.center(n);
      }
    }
    nodeInfo(id);
  }

  function renderGraph(d) {
    const container = $('graph');
    if (cy) { try { cy.destroy(); } catch (e) { /* already gone */ } cy = null; }
    graphNodes = new Map();
    container.replaceChildren();
    container.classList.remove('empty');
    fill($('node-list'));
    nodeInfo(null);

    const g = obj(d.evidence_graph);
    const rawNodes = arr(g && g.nodes);
    const rawEdges = arr(g && g.edges);
    // Cytoscape throws on duplicate ids and on edges to missing nodes, and its selectors
    // choke on odd characters, so API ids are mapped to our own n0, n1, ... here.
    const idMap = new Map();
    const nodes = [];
    rawNodes.forEach((n0) => {
      const n = obj(n0);
      if (!n) return;
      const apiId = str(n.id) || str(n.iri);
      if (!apiId || idMap.has(apiId)) return;
      const id = 'n' + nodes.length;
      idMap.set(apiId, id);
      const kind = str(n.kind).toLowerCase();
      const spec = KINDS[kind] || OTHER_KIND;
      const label = str(n.label) || plain(n.label) || apiId;
      const status = str(n.status).toLowerCase();
      graphNodes.set(id, { kind, label, iri: str(n.iri), status });
      nodes.push({ group: 'nodes', data: { id, kind, color: spec.color, shape: spec.shape, short: clip(label, 40) }, classes: status ? 'st-' + token(status) : '' });
    });
    const edges = [];
    rawEdges.forEach((e0) => {
      const e = obj(e0);
      if (!e) return;
      const s = idMap.get(str(e.source));
      const t = idMap.get(str(e.target));
      if (!s || !t) return;
      const status = str(e.status).toLowerCase();
      const spec = EDGE_STATUS[status] || OTHER_EDGE;
      edges.push({ group: 'edges', data: { id: 'e' + edges.length, source: s, target: t, predicate: shortPredicate(e.predicate), status, color: spec.color }, classes: status ? 'st-' + token(status) : '' });
    });

    container.setAttribute('data-node-count', String(nodes.length));
    container.setAttribute('data-edge-count', String(edges.length));
    const note = [];
    if (g && g.truncated === true) note.push('graph cut at ' + nodes.length + ' nodes');

    if (!nodes.length) {
      container.classList.add('empty');
      container.setAttribute('aria-label', 'No graph for this answer');
      fill(container, h('p', { class: 'muted' }, 'No graph for this answer.'));
      $('graph-note').textContent = note.join('; ');
      renderLegend([], [], []);
      setGraphTools(false);
      return;
    }
    container.setAttribute('aria-label', 'Evidence graph with ' + nodes.length + ' nodes and ' + edges.length + ' edges; the same nodes are listed beside it');
    renderLegend([...new Set(nodes.map((n) => n.data.kind || 'unknown'))], [...new Set(edges.map((e) => e.data.status).filter(Boolean))],
      [...new Set([...graphNodes.values()].map((n) => n.status))]);

    fill($('node-list'), nodes.map((n) => {
      const info = graphNodes.get(n.data.id);
      const sw = h('span', { class: 'swatch shape-' + n.data.shape, 'aria-hidden': 'true' });
      sw.style.backgroundColor = n.data.color;
      return h('li', null, h('button', { type: 'button', class: 'node-btn', 'data-node': n.data.id, 'aria-pressed': 'false' },
        sw, h('span', { class: 'node-btn-label' }, clip(info.label, 80)), h('span', { class: 'muted' }, ' ' + (info.kind || 'unknown')),
        info.status && info.status !== 'used' ? h('span', { class: 'muted' }, ' · ' + info.status) : null));
    }));

    if (typeof window.cytoscape !== 'function') {
      note.push('graph drawing unavailable (cytoscape did not load); the nodes are listed');
      $('graph-note').textContent = note.join('; ');
      setGraphTools(false);
      return;
    }
    $('graph-note').textContent = note.join('; ');
    try {
      cy = window.cytoscape({
        container,
        elements: nodes.concat(edges),
        style: graphStyle(),
        // Wheel zoom would hijack scrolling of this long page; the buttons zoom instead.
        userZoomingEnabled: false,
        boxSelectionEnabled: false,
        minZoom: 0.2,
        maxZoom: 4,
      });
      // cose spreads small graphs well; its cost grows quadratically, so big ones get a grid.
      cy.layout(nodes.length <= 250
        ? { name: 'cose', animate: false, padding: 24, nodeRepulsion: () => 9000, idealEdgeLength: () => 90, componentSpacing: 60 }
        : { name: 'grid', padding: 24 }).run();
      cy.fit(undefined, 24);
      cy.on('tap', 'node', (evt) => selectNode(evt.target.id(), false));
      setGraphTools(true);
    } catch (err) {
      console.error('graph', err);
      cy = null;
      $('graph-note').textContent = note.concat('the graph could not be drawn; the nodes are listed').join('; ');
      setGraphTools(false);
    }
  }

  function setGraphTools(on) {
    for (const id of ['graph-zoom-in', 'graph-zoom-out', 'graph-fit']) $(id).disabled = !on;
  }

  function zoomBy(f) {
    if (!cy) return;
    const c = $('graph');
    cy.zoom({ level: cy.zoom() * f, renderedPosition: { x: c.clientWidth / 2, y: c.clientHeight / 2 } });
  }

  // ---------------------------------------------------------------- health and baseline

  let llmEnabled = false;

  async function loadHealth() {
    const out = $('health');
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), 8000);
    let j = null;
    try {
      const r = await fetch('/health', { headers: { Accept: 'application/json' }, cache: 'no-store', signal: ctl.signal });
      // A degraded service answers 503 with the same body, which is still worth showing.
      j = obj(await r.json().catch(() => null));
    } catch (e) {
      j = null;
    } finally {
      clearTimeout(timer);
    }
    if (!j) {
      out.textContent = 'Service health unavailable.';
      return false;
    }
    const kg = obj(j.kg) || {};
    const llm = obj(j.llm) || {};
    const triples = num(kg.triples);
    const provider = str(llm.provider) || 'none';
    const llmStatus = str(llm.status) || 'disabled';
    llmEnabled = !!obj(j.llm) && llmStatus !== 'disabled' && provider !== 'none';
    fill(out,
      str(j.status) ? [h('span', { class: 'badge health-' + token(j.status) }, str(j.status)), ' '] : null,
      'KG: ' + (str(kg.backend) || '?') + (str(kg.status) ? ' (' + str(kg.status) + ')' : '') +
        (triples !== null ? ', ' + triples.toLocaleString('en') + ' triples' : ''),
      ' · LLM: ' + provider + ' (' + llmStatus + ')',
      str(j.version) ? ' · v' + str(j.version) : '');
    if (str(kg.source)) out.setAttribute('title', 'KG source: ' + str(kg.source));
    const note = $('llm-note');
    note.textContent = llmEnabled ? '' : 'No LLM is configured on this server, so answers are extractive and there is no “LLM alone” comparison.';
    note.hidden = llmEnabled;
    $('answers').classList.toggle('with-baseline', llmEnabled);
    $('baseline').hidden = !llmEnabled;
    return llmEnabled;
  }

  function renderBaseline(res, ms) {
    const body = $('baseline-body');
    if (!res) { fill(body, h('p', { class: 'muted' }, 'Asking the LLM alone…')); return; }
    if (res.aborted) return;
    if (!res.ok) { fill(body, h('p', { class: 'error' }, describeError(res))); return; }
    const b = res.body;
    const text = str(b.answer) || plain(b.answer);
    const who = [str(b.provider), str(b.model)].filter(Boolean).join(' · ');
    const known = ['answer', 'question', 'provider', 'model', 'prompt', 'ms'];
    const rest = extras(b, known);
    fill(body,
      text ? h('p', { class: 'answer-text' }, text) : h('p', { class: 'muted' }, 'No answer text.'),
      h('p', { class: 'small muted' }, (who ? who + ' · ' : '') + 'answered in ' + (num(b.ms) !== null ? num(b.ms) + ' ms (LLM call)' : ms + ' ms')),
      present(b.prompt) ? h('details', null, h('summary', null, 'What the LLM was told'), h('pre', null, textBlock(b.prompt))) : null,
      rest ? h('details', null, h('summary', null, 'More about this answer'), rest) : null);
  }

  // ---------------------------------------------------------------- asking

  async function postJson(url, question, signal) {
    let r;
    try {
      r = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ question }),
        signal,
      });
    } catch (e) {
      return { ok: false, aborted: signal.aborted, network: !signal.aborted };
    }
    let text = '';
    let body = null;
    try {
      text = await r.text();
      body = text ? JSON.parse(text) : null;
    } catch (e) {
      if (signal.aborted) return { ok: false, aborted: true };
      body = null;
    }
    return { ok: r.ok && isObj(body), status: r.status, body, text };
  }

  function describeError(res) {
    if (res.network) return 'Network error: the service could not be reached. Check the connection and try again.';
    const err = obj(obj(res.body) && res.body.error);
    if (err) return 'Error ' + res.status + ' ' + (str(err.code) || 'error') + ': ' + (str(err.message) || 'no message');
    if (res.status >= 200 && res.status < 300) return 'The service sent something that is not an answer.';
    return 'Error ' + res.status + ': ' + (clip(str(res.text).trim(), 200) || 'no details');
  }

  function setState(s) {
    $('main').setAttribute('data-state', s);
    $('results').setAttribute('aria-busy', String(s === 'loading'));
  }

  function setStatus(text, isError) {
    const st = $('status');
    st.textContent = text;
    st.classList.toggle('error', !!isError);
  }

  /** Renders one section, so that a surprise in one field leaves the others readable. */
  function section(name, fn, d) {
    try {
      fn(d);
    } catch (err) {
      console.error('render ' + name, err);
    }
  }

  function render(d) {
    $('results').hidden = false;
    knownSources = new Set(arr(d.sources).map(sourceNumber));
    section('answer', renderAnswer, d);
    section('verdict', renderVerdict, d);
    section('confidence', renderConfidence, d);
    section('sources', renderSources, d);
    section('items', renderItems, d);
    section('graph', renderGraph, d);
    section('conflicts', renderConflicts, d);
    section('gates', renderGates, d);
    section('strategies', renderStrategies, d);
    section('exchanges', renderExchanges, d);
  }

  let seq = 0;
  let inflight = null;
  let current = null;
  let healthReady = Promise.resolve(false);

  function setUrl(q, push) {
    const url = location.pathname + '?q=' + encodeURIComponent(q);
    if (new URLSearchParams(location.search).get('q') === q) return;
    try {
      if (push) history.pushState({ q }, '', url);
      else history.replaceState({ q }, '', url);
    } catch (e) { /* some embedded browsers refuse history changes; the answer still shows */ }
  }

  async function ask(raw, push) {
    const question = str(raw).trim();
    if (!question) { setStatus('Type a question first.', true); $('question').focus(); return; }
    setUrl(question, push !== false);
    current = question;
    // A newer question wins: the older request is cancelled and its late reply ignored.
    if (inflight) inflight.abort();
    const ctl = new AbortController();
    inflight = ctl;
    const mine = ++seq;

    setState('loading');
    $('ask').disabled = true;
    setStatus('Asking…');
    const t0 = performance.now();
    const main = postJson('/ask', question, ctl.signal);
    const withBaseline = await healthReady;
    let baseline = null;
    if (withBaseline && mine === seq) {
      renderBaseline(null);
      baseline = postJson('/ask/baseline', question, ctl.signal).then((r) => ({ r, ms: Math.round(performance.now() - t0) }));
    }

    const res = await main;
    if (mine !== seq || res.aborted) return;
    const ms = Math.round(performance.now() - t0);
    $('ask').disabled = false;
    if (res.ok) {
      render(res.body);
      setStatus('Answered in ' + ms + ' ms' + (baseline ? '; waiting for the LLM-alone answer…' : ''));
    } else {
      $('results').hidden = true;
      setStatus(describeError(res), true);
      setState('error');
    }
    if (baseline) {
      const b = await baseline;
      if (mine !== seq) return;
      if (res.ok) {
        $('results').hidden = false;
        renderBaseline(b.r, b.ms);
        setStatus('Answered in ' + ms + ' ms');
      }
    }
    if (mine === seq) {
      inflight = null;
      if (res.ok) setState('done');
    }
  }

  function reset() {
    if (inflight) inflight.abort();
    inflight = null;
    seq++;
    current = null;
    $('question').value = '';
    $('ask').disabled = false;
    $('results').hidden = true;
    setStatus('');
    setState('idle');
  }

  function init() {
    const form = $('ask-form');
    const q = $('question');
    form.addEventListener('submit', (e) => { e.preventDefault(); ask(q.value, true); });
    q.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        if (!$('ask').disabled) ask(q.value, true);
      }
    });
    for (const b of document.querySelectorAll('.example')) {
      b.addEventListener('click', () => { q.value = b.textContent.trim(); ask(q.value, true); });
    }
    $('node-list').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-node]');
      if (b) selectNode(b.dataset.node, true);
    });
    $('strategies').addEventListener('click', (e) => {
      // Following a "query" link also opens its <details>, which a bare anchor would not.
      const a = e.target.closest('a.sparql-link');
      const target = a && $(a.dataset.target);
      if (target) target.open = true;
    });
    $('graph-zoom-in').addEventListener('click', () => zoomBy(1.25));
    $('graph-zoom-out').addEventListener('click', () => zoomBy(0.8));
    $('graph-fit').addEventListener('click', () => { if (cy) cy.fit(undefined, 24); });
    window.addEventListener('popstate', () => {
      const pq = new URLSearchParams(location.search).get('q');
      // Following a [n] link adds a #source-n entry; going back from it must not re-ask.
      if (pq && pq.trim()) {
        if (pq.trim() !== current) { q.value = pq; ask(pq, false); }
      } else if (current !== null) {
        reset();
      }
    });

    healthReady = loadHealth();
    const initial = new URLSearchParams(location.search).get('q');
    if (initial && initial.trim()) {
      q.value = initial;
      ask(initial, false);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
