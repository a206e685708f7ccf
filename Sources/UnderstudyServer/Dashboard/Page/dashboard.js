// Understudy dashboard: plain JavaScript, no build step. Reads the WireMock admin API and the
// server's live feed (/__understudy/events); every call carries the admin token when one is set.
"use strict";

const TOKEN_KEY = "understudy.adminToken";
const TOKEN_HEADER = "X-Understudy-Admin-Token";
const ROW_HEIGHT = 28;
const RATE_SECONDS = 300;
const LATENCY_EDGES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, Infinity];
const LATENCY_LABELS = ["<1", "1", "2", "5", "10", "20", "50", "100", "200", "500", "1s+"];

const state = {
  token: sessionStorage.getItem(TOKEN_KEY) || "",
  requests: [],          // summaries, oldest first
  known: new Set(),      // their ids
  view: null,            // filtered summaries, newest first; null = all
  selectedId: null,
  stubs: [],
  sources: {},
  hits: new Map(),
  stubSort: { key: "name", dir: 1 },
  scenarios: [],
  editingId: null,
  latency: new Array(LATENCY_EDGES.length).fill(0),
  feed: null,
  arriving: [],          // one list per journal load under way: summaries the feed brought meanwhile
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---- the admin API ----

function authHeaders(extra) {
  const headers = Object.assign({}, extra || {});
  if (state.token) headers[TOKEN_HEADER] = state.token;
  return headers;
}

class APIError extends Error {
  constructor(status, body) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

async function api(path, options) {
  const opts = Object.assign({ method: "GET" }, options || {});
  const init = { method: opts.method, headers: authHeaders(opts.body !== undefined ? { "Content-Type": "application/json" } : {}), cache: "no-store" };
  if (opts.body !== undefined) init.body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  const response = await fetch(path, init);
  const text = await response.text();
  let body = null;
  if (text) {
    try { body = JSON.parse(text); } catch (_) { body = text; }
  }
  if (response.status === 401) askForToken("The server refused the token.");
  if (!response.ok) throw new APIError(response.status, body);
  return body;
}

// ---- the token ----

async function checkSession() {
  const session = await api("session");
  if (session.forwardProxy) showProxy(session.interceptsTLS);
  if (session.tokenRequired && !session.tokenAccepted) {
    askForToken(state.token ? "That token was refused." : "");
    return false;
  }
  return true;
}

function askForToken(message) {
  const dialog = $("token-dialog");
  if (dialog.open) return;
  const note = dialog.querySelector(".token-note");
  if (note) note.remove();
  if (message) dialog.querySelector("h2").after(el("p", { class: "token-note", role: "alert", text: message }));
  $("token-input").value = state.token;
  dialog.showModal();
}

function setupToken() {
  $("token-button").addEventListener("click", () => askForToken(""));
  $("token-dialog").addEventListener("close", () => {
    if ($("token-dialog").returnValue !== "save") return;
    state.token = $("token-input").value.trim();
    if (state.token) sessionStorage.setItem(TOKEN_KEY, state.token);
    else sessionStorage.removeItem(TOKEN_KEY);
    start();
  });
}

// ---- the live feed: server-sent events read with fetch, so the token goes in a header ----

function setFeedStatus(text, live) {
  const status = $("feed-status");
  status.textContent = text;
  status.className = "status " + (live ? "live" : "down");
}

async function connectFeed() {
  if (state.feed) state.feed.abort();
  const controller = new AbortController();
  state.feed = controller;
  try {
    const response = await fetch("events", { headers: authHeaders(), cache: "no-store", signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handleFeedBlock(block);
      }
    }
  } catch (error) {
    if (controller.signal.aborted) return;
  }
  if (state.feed !== controller) return;
  setFeedStatus("disconnected: retrying", false);
  setTimeout(() => { if (state.feed === controller) connectFeed(); }, 1500);
}

function handleFeedBlock(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (!data.length) return;
  let payload = {};
  try { payload = JSON.parse(data.join("\n")); } catch (_) { return; }
  switch (name) {
    case "hello":
      setFeedStatus("live", true);
      loadEverything();
      break;
    case "requests":
      addRequests(payload.requests || [], true);
      // Under a burst the feed skips some: the whole list is fetched again, at most every 2 s.
      if (payload.skipped > 0) later("requests", loadRequests, 2000);
      break;
    case "stubs":
      later("stubs", loadStubs);
      later("scenarios", loadScenarios);
      break;
    case "scenarios":
      later("scenarios", loadScenarios);
      break;
    case "resync":
      loadEverything();
      break;
  }
}

const pending = new Map();
function later(key, work, wait) {
  if (pending.has(key)) return;
  pending.set(key, setTimeout(() => { pending.delete(key); work().catch(showError); }, wait || 100));
}

function showError(error) {
  if (error instanceof APIError && error.status === 401) return;
  setFeedStatus(`error: ${error.message || error}`, false);
}

// ---- requests ----

async function loadRequests() {
  // What the feed brings while the journal is on its way is newer than it: kept, not lost.
  const arrived = [];
  state.arriving.push(arrived);
  let body;
  try {
    body = await api("requests");
  } finally {
    state.arriving.splice(state.arriving.indexOf(arrived), 1);
  }
  state.requests = [];
  state.known = new Set();
  state.latency.fill(0);
  state.hits = new Map();
  addRequests((body.requests || []).slice().reverse(), false);
  addRequests(arrived, false);
  renderStubs();
}

function addRequests(summaries, live) {
  let added = 0;
  for (const loading of state.arriving) loading.push(...summaries);
  for (const summary of summaries) {
    if (state.known.has(summary.id)) continue;
    state.known.add(summary.id);
    state.requests.push(summary);
    added += 1;
    if (typeof summary.totalTime === "number") state.latency[latencyBucket(summary.totalTime)] += 1;
    if (summary.stubId) state.hits.set(summary.stubId, (state.hits.get(summary.stubId) || 0) + 1);
  }
  if (!added) return;
  const list = $("request-list");
  // Keep the rows a reader is looking at in place while newer ones arrive above them.
  if (live && list.scrollTop > 0) list.scrollTop += added * ROW_HEIGHT;
  refilter();
  schedulePlots();
  if (live && !$("view-stubs").hidden) later("hits", async () => renderStubs());
}

function latencyBucket(ms) {
  for (let i = 0; i < LATENCY_EDGES.length; i++) if (ms < LATENCY_EDGES[i]) return i;
  return LATENCY_EDGES.length - 1;
}

function refilter() {
  const text = $("request-filter").value.trim().toLowerCase();
  const unmatchedOnly = $("unmatched-only").checked;
  if (!text && !unmatchedOnly) {
    state.view = null;
  } else {
    const view = [];
    for (let i = state.requests.length - 1; i >= 0; i--) {
      const r = state.requests[i];
      if (unmatchedOnly && r.matched) continue;
      if (text) {
        const hay = `${r.method} ${r.url} ${r.status ?? ""} ${r.stubName ?? ""} ${r.matched ? "" : "unmatched no match"}`.toLowerCase();
        if (!hay.includes(text)) continue;
      }
      view.push(r);
    }
    state.view = view;
  }
  renderList();
}

function viewCount() { return state.view ? state.view.length : state.requests.length; }
function viewItem(i) { return state.view ? state.view[i] : state.requests[state.requests.length - 1 - i]; }
function viewIndexOf(id) {
  for (let i = 0, n = viewCount(); i < n; i++) if (viewItem(i).id === id) return i;
  return -1;
}

const rowPool = [];
let listFrame = 0;

function renderList() {
  if (listFrame) return;
  listFrame = requestAnimationFrame(() => { listFrame = 0; drawList(); });
}

// Draws only the rows on screen (and a few either side): 10,000 entries cost what 40 do.
function drawList() {
  const list = $("request-list");
  const count = viewCount();
  list.querySelector(".vlist-space").style.height = `${count * ROW_HEIGHT}px`;
  $("request-count").textContent = `${count} of ${state.requests.length} shown`;
  $("requests-empty").hidden = state.requests.length > 0;
  const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - 5);
  const last = Math.min(count, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + 5);
  let used = 0;
  for (let i = first; i < last; i++, used++) {
    let row = rowPool[used];
    if (!row) {
      row = el("div", { class: "row", role: "option" },
        el("span", { class: "mark" }), el("span", { class: "time" }), el("span", { class: "method" }),
        el("span", { class: "url" }), el("span", { class: "code" }), el("span", { class: "took" }),
        el("span", { class: "stub" }));
      rowPool.push(row);
      list.append(row);
    }
    fillRow(row, viewItem(i), i);
  }
  for (let i = used; i < rowPool.length; i++) rowPool[i].hidden = true;
  const selected = state.selectedId && list.querySelector(`[data-id="${state.selectedId}"]`);
  if (selected) list.setAttribute("aria-activedescendant", selected.id);
  else list.removeAttribute("aria-activedescendant");
}

function fillRow(row, r, index) {
  row.hidden = false;
  row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
  row.dataset.id = r.id;
  row.dataset.index = index;
  row.id = `request-${r.id}`;
  row.className = r.matched ? "row matched" : "row unmatched";
  row.setAttribute("aria-selected", r.id === state.selectedId ? "true" : "false");
  const [mark, time, method, url, code, took, stub] = row.children;
  mark.title = r.matched ? "matched" : "unmatched";
  time.textContent = clock(r.loggedDate);
  method.textContent = r.method;
  url.textContent = r.url;
  url.title = r.url;
  code.textContent = r.status ?? "…";
  code.className = r.status >= 400 ? "code bad" : "code";
  took.textContent = r.totalTime ?? "";
  stub.textContent = r.matched ? (r.stubName || shortId(r.stubId)) : "no match";
  row.setAttribute("aria-label", `${r.method} ${r.url}, ${r.matched ? "matched" : "unmatched"}, status ${r.status ?? "pending"}`);
}

function clock(millis) {
  const d = new Date(millis);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

function shortId(id) { return id ? id.slice(0, 8) : ""; }

function plural(count, noun) { return `${count} ${noun}${count === 1 ? "" : "s"}`; }

function setupRequestList() {
  const list = $("request-list");
  list.addEventListener("scroll", renderList, { passive: true });
  window.addEventListener("resize", () => { renderList(); schedulePlots(); });
  list.addEventListener("click", (event) => {
    const row = event.target.closest(".row");
    if (row) select(Number(row.dataset.index), true);
  });
  list.addEventListener("keydown", (event) => {
    const count = viewCount();
    if (!count) return;
    let index = state.selectedId ? viewIndexOf(state.selectedId) : -1;
    const page = Math.max(1, Math.floor(list.clientHeight / ROW_HEIGHT) - 1);
    switch (event.key) {
      case "ArrowDown": index = Math.min(count - 1, index + 1); break;
      case "ArrowUp": index = Math.max(0, index - 1); break;
      case "PageDown": index = Math.min(count - 1, index + page); break;
      case "PageUp": index = Math.max(0, index - page); break;
      case "Home": index = 0; break;
      case "End": index = count - 1; break;
      case "Enter": if (index >= 0) openRequest(viewItem(index).id); event.preventDefault(); return;
      default: return;
    }
    event.preventDefault();
    select(index, false);
  });
  $("request-filter").addEventListener("input", refilter);
  $("unmatched-only").addEventListener("change", refilter);
  $("clear-journal").addEventListener("click", async () => {
    await api("/__admin/requests", { method: "DELETE" }).catch(showError);
    await loadRequests().catch(showError);
  });
}

function select(index, open) {
  if (index < 0 || index >= viewCount()) return;
  const item = viewItem(index);
  state.selectedId = item.id;
  const list = $("request-list");
  const top = index * ROW_HEIGHT;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
  drawList();
  if (open) openRequest(item.id);
  else later("open", async () => openRequest(state.selectedId));
}

// ---- one request in full ----

async function openRequest(id) {
  const detail = $("request-detail");
  let event;
  try {
    event = await api(`/__admin/requests/${encodeURIComponent(id)}`);
  } catch (error) {
    detail.replaceChildren(el("p", { class: "empty", text: error.status === 404 ? "This request has left the journal." : `Could not load it: ${error.message}` }));
    return;
  }
  if (state.selectedId !== id) return;
  const request = event.request || {};
  const response = event.response || {};
  const stub = event.stubMapping || {};
  const matched = event.wasMatched;
  const parts = [
    el("h2", {}, `${request.method} ${request.url}`),
    el("p", {},
      el("span", { class: `pill ${matched ? "matched" : "unmatched"}`, text: matched ? "matched" : "unmatched" }), " ",
      `status ${response.status ?? "pending"}`,
      event.timing ? ` · ${event.timing.totalTime} ms` : "",
      ` · ${request.loggedDateString || ""}`),
  ];
  if (matched) {
    parts.push(el("p", {}, "Stub: ",
      el("button", { type: "button", class: "quiet", onclick: () => editStub(stub.id) }, stub.name || stub.id)));
  }
  parts.push(el("h3", { text: "Request" }), headTable(request.headers), bodyBlock(request.body, request.headers));
  parts.push(el("h3", { text: `Response ${response.status ?? ""}` }), headTable(response.headers));
  if (matched || !response.body) parts.push(bodyBlock(response.body, response.headers));
  const diffHolder = el("div", { id: "near-miss" });
  if (!matched) parts.push(el("h3", { text: "Closest stubs" }), diffHolder);
  detail.replaceChildren(...parts);
  if (!matched) showNearMisses(id, diffHolder);
}

function headTable(headers) {
  const rows = Object.entries(headers || {}).map(([name, value]) =>
    el("tr", {}, el("th", { scope: "row", text: name }), el("td", { class: "mono", text: Array.isArray(value) ? value.join(", ") : value })));
  if (!rows.length) return el("p", { class: "empty", text: "no headers" });
  return el("table", { class: "heads" }, el("tbody", {}, ...rows));
}

function bodyBlock(body, headers) {
  if (!body) return el("p", { class: "empty", text: "no body" });
  return el("pre", { class: "code-block", tabindex: "0" }, pretty(body, headers));
}

function contentType(headers) {
  for (const [name, value] of Object.entries(headers || {})) {
    if (name.toLowerCase() === "content-type") return String(value).toLowerCase();
  }
  return "";
}

function pretty(text, headers) {
  const type = contentType(headers);
  const trimmed = text.trim();
  if (type.includes("json") || /^[\[{]/.test(trimmed)) {
    try { return JSON.stringify(JSON.parse(trimmed), null, 2); } catch (_) { /* not JSON after all */ }
  }
  if (type.includes("xml") || /^<[?a-zA-Z]/.test(trimmed)) return prettyXML(trimmed);
  return text;
}

function prettyXML(text) {
  const tokens = text.replace(/>\s+</g, "><").split(/(?=<)|(?<=>)/);
  let depth = 0;
  const lines = [];
  for (const token of tokens) {
    if (!token.trim()) continue;
    if (/^<\//.test(token)) depth = Math.max(0, depth - 1);
    const last = lines[lines.length - 1];
    // Text between a start and its end tag stays on the start tag's line.
    if (!token.startsWith("<") && last !== undefined) { lines[lines.length - 1] = last + token; continue; }
    if (/^<\//.test(token) && last !== undefined && /^\s*<[^/!?][^>]*>[^<]*$/.test(last) && !/\/>$/.test(last)) {
      lines[lines.length - 1] = last + token;
      continue;
    }
    lines.push("  ".repeat(depth) + token);
    if (/^<[^/!?][^>]*[^/]>$/.test(token) || /^<[a-zA-Z]>$/.test(token)) depth += 1;
  }
  return lines.join("\n");
}

async function showNearMisses(id, holder) {
  let body;
  try {
    body = await api(`near-misses/${encodeURIComponent(id)}`);
  } catch (error) {
    holder.replaceChildren(el("p", { class: "empty", text: `Could not load the near misses: ${error.message}` }));
    return;
  }
  const misses = body.nearMisses || [];
  if (!misses.length) {
    holder.replaceChildren(el("p", { class: "empty", text: "There are no stubs to compare with." }));
    return;
  }
  const table = el("div");
  const show = (index) => {
    table.replaceChildren(diffTable(misses[index]));
    for (const [i, button] of choices.entries()) button.setAttribute("aria-pressed", i === index ? "true" : "false");
  };
  const choices = misses.map((miss, index) =>
    el("button", { type: "button", class: "quiet", onclick: () => show(index) },
      `${index + 1}. ${miss.stubName || shortId(miss.stubId) || "pattern"} (distance ${miss.distance.toFixed(2)})`));
  holder.replaceChildren(el("div", { class: "near-choice buttons", role: "group", "aria-label": "Closest stubs" }, ...choices), table);
  show(0);
}

function diffTable(miss) {
  const rows = miss.rows.filter((row) => row.expected || row.actual).map((row) =>
    el("tr", { class: row.mismatch ? "mismatch" : "" },
      el("td", { class: "what", text: row.mismatch || "" }),
      el("td", { text: row.expected }),
      el("td", { text: row.actual })));
  return el("table", { class: "diff", "aria-label": "Near-miss diff: the stub's expectation against the request" },
    el("thead", {}, el("tr", {}, el("th", { class: "what", scope: "col" }, el("span", { class: "sr-only", text: "Mismatch" })),
      el("th", { scope: "col", text: "Stub expected" }), el("th", { scope: "col", text: "Request had" }))),
    el("tbody", {}, ...rows));
}

// ---- plots ----

let plotFrame = 0;
function schedulePlots() {
  if (plotFrame) return;
  plotFrame = requestAnimationFrame(() => { plotFrame = 0; drawPlots(); });
}

function cssVar(name) { return getComputedStyle(document.documentElement).getPropertyValue(name).trim(); }

function prepareCanvas(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || canvas.width;
  const height = canvas.clientHeight || canvas.height;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.font = "11px system-ui, sans-serif";
  return { context, width, height };
}

function drawPlots() {
  if ($("view-requests").hidden) return;
  drawRate();
  drawLatency();
}

function drawRate() {
  const { context, width, height } = prepareCanvas($("rate-plot"));
  const now = Date.now();
  const total = new Array(RATE_SECONDS).fill(0);
  const missed = new Array(RATE_SECONDS).fill(0);
  for (let i = state.requests.length - 1; i >= 0; i--) {
    const r = state.requests[i];
    const age = Math.floor((now - r.loggedDate) / 1000);
    if (age >= RATE_SECONDS) break;
    if (age < 0) continue;
    total[RATE_SECONDS - 1 - age] += 1;
    if (!r.matched) missed[RATE_SECONDS - 1 - age] += 1;
  }
  const peak = Math.max(1, ...total);
  const bottom = height - 14;
  const barWidth = (width - 34) / RATE_SECONDS;
  context.fillStyle = cssVar("--muted");
  context.fillText(String(peak), 0, 10);
  context.fillText("0", 0, bottom);
  context.fillText("−5 min", 34, height - 2);
  context.fillText("now", width - 22, height - 2);
  for (let i = 0; i < RATE_SECONDS; i++) {
    if (!total[i]) continue;
    const x = 34 + i * barWidth;
    const h = (total[i] / peak) * (bottom - 4);
    context.fillStyle = cssVar("--bar");
    context.fillRect(x, bottom - h, Math.max(1, barWidth - 0.5), h);
    if (missed[i]) {
      const hm = (missed[i] / peak) * (bottom - 4);
      context.fillStyle = cssVar("--bar-miss");
      context.fillRect(x, bottom - hm, Math.max(1, barWidth - 0.5), hm);
    }
  }
  $("rate-now").textContent = `${total[RATE_SECONDS - 1] + total[RATE_SECONDS - 2]} in the last 2 s`;
}

function drawLatency() {
  const { context, width, height } = prepareCanvas($("latency-plot"));
  const counts = state.latency;
  const peak = Math.max(1, ...counts);
  const bottom = height - 14;
  const slot = width / counts.length;
  for (let i = 0; i < counts.length; i++) {
    const h = (counts[i] / peak) * (bottom - 14);
    context.fillStyle = cssVar("--bar");
    context.fillRect(i * slot + 3, bottom - h, slot - 6, h);
    context.fillStyle = cssVar("--muted");
    context.fillText(LATENCY_LABELS[i], i * slot + 3, height - 2);
    if (counts[i]) {
      context.fillStyle = cssVar("--text");
      context.fillText(String(counts[i]), i * slot + 3, bottom - h - 3);
    }
  }
  const timed = counts.reduce((a, b) => a + b, 0);
  $("latency-note").textContent = `${timed} requests`;
}

// ---- stubs ----

async function loadStubs() {
  const [mappings, sources] = await Promise.all([api("/__admin/mappings"), api("stub-sources")]);
  state.stubs = mappings.mappings || [];
  state.sources = sources.sources || {};
  renderStubs();
}

function stubURL(request) {
  if (!request) return "";
  return request.url ?? request.urlPath ?? request.urlPattern ?? request.urlPathPattern ?? request.urlPathTemplate ?? "(any URL)";
}

function stubMethod(request) {
  const method = request && request.method;
  if (!method) return "ANY";
  if (typeof method === "string") return method;
  if (method.oneOf) return method.oneOf.join("|");
  if (method.noneOf) return "not " + method.noneOf.join("|");
  return JSON.stringify(method);
}

function stubScenario(stub) {
  if (!stub.scenarioName) return "";
  const from = stub.requiredScenarioState ? ` in ${stub.requiredScenarioState}` : "";
  const to = stub.newScenarioState ? ` → ${stub.newScenarioState}` : "";
  return `${stub.scenarioName}${from}${to}`;
}

function stubRow(stub) {
  return {
    stub,
    name: stub.name || "",
    method: stubMethod(stub.request),
    url: stubURL(stub.request),
    priority: stub.priority ?? 5,
    scenario: stubScenario(stub),
    source: state.sources[stub.id] || "",
    hits: state.hits.get(stub.id) || 0,
  };
}

function renderStubs() {
  const text = $("stub-filter").value.trim().toLowerCase();
  const { key, dir } = state.stubSort;
  const rows = state.stubs.map(stubRow).filter((row) => !text ||
    `${row.name} ${row.method} ${row.url} ${row.scenario} ${row.source} ${row.stub.id}`.toLowerCase().includes(text));
  rows.sort((a, b) => {
    const x = a[key], y = b[key];
    const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
    return order * dir;
  });
  for (const button of document.querySelectorAll("#stub-table th button")) {
    if (button.dataset.sort === key) button.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    else button.removeAttribute("aria-sort");
  }
  $("stub-count").textContent = `${rows.length} of ${plural(state.stubs.length, "stub")}`;
  $("stub-table").tBodies[0].replaceChildren(...rows.map((row) =>
    el("tr", { "data-id": row.stub.id },
      el("td", {}, row.name || el("span", { class: "muted", text: shortId(row.stub.id) })),
      el("td", { class: "mono", text: row.method }),
      el("td", { class: "url mono", text: row.url }),
      el("td", { text: row.priority }),
      el("td", { text: row.scenario }),
      el("td", { class: "source mono", text: row.source || "(admin API)" }),
      el("td", { text: row.hits }),
      el("td", {}, el("button", { type: "button", class: "quiet", "aria-label": `Edit ${row.name || row.stub.id}`, onclick: () => editStub(row.stub.id) }, "Edit")))));
}

function setupStubs() {
  $("stub-filter").addEventListener("input", renderStubs);
  for (const button of document.querySelectorAll("#stub-table th button")) {
    button.addEventListener("click", () => {
      const key = button.dataset.sort;
      state.stubSort = { key, dir: state.stubSort.key === key ? -state.stubSort.dir : 1 };
      renderStubs();
    });
  }
  $("new-stub").addEventListener("click", () => { newStub(); showTab("editor"); });
}

// ---- scenarios ----

async function loadScenarios() {
  const body = await api("/__admin/scenarios");
  state.scenarios = body.scenarios || [];
  renderScenarios();
}

function renderScenarios() {
  $("scenario-count").textContent = plural(state.scenarios.length, "scenario");
  const rows = state.scenarios.map((scenario) =>
    el("tr", { "data-name": scenario.name },
      el("td", { text: scenario.name }),
      el("td", { class: "scenario-state", text: scenario.state }),
      el("td", { class: "muted", text: (scenario.possibleStates || []).join(", ") }),
      el("td", {}, el("button", {
        type: "button", class: "quiet", "aria-label": `Reset ${scenario.name}`,
        onclick: () => resetScenario(scenario.name),
      }, "Reset"))));
  $("scenario-table").tBodies[0].replaceChildren(...rows);
  if (!rows.length) $("scenario-table").tBodies[0].append(el("tr", {}, el("td", { colspan: "4", class: "muted", text: "No stub uses a scenario." })));
}

async function resetScenario(name) {
  await api(`/__admin/scenarios/${encodeURIComponent(name)}/state`, { method: "PUT" }).catch(showError);
  await loadScenarios().catch(showError);
}

function setupScenarios() {
  $("reset-all-scenarios").addEventListener("click", async () => {
    await api("/__admin/scenarios/reset", { method: "POST" }).catch(showError);
    await loadScenarios().catch(showError);
  });
}

// ---- fleet: shown only on a node of a fleet (GET /__admin/fleet answers) ----

async function loadFleet() {
  let body;
  try {
    body = await api("/__admin/fleet");
  } catch (error) {
    // A standalone server answers with no fleet; a node cut off from its database answers 503
    // with what it knows. Anything else (an older server's 404) leaves the tab hidden.
    if (error.status !== 503 || !error.body || !error.body.fleet) return;
    body = error.body;
  }
  if (!body || !body.fleet) return;
  $("tab-fleet").hidden = false;
  const members = body.members || [];
  const reach = body.databaseReachable ? "database reachable" : `database out of reach: ${body.problem || "unknown"}`;
  $("fleet-summary").textContent = `fleet ${body.fleet}, this node ${body.node}, change ${body.version ?? body.appliedVersion}; ${reach}`;
  const rows = members.map((member) =>
    el("tr", { "data-node": member.node },
      el("td", { text: member.node + (member.node === body.node ? " (this one)" : "") }),
      el("td", { class: "muted", text: member.address || "" }),
      el("td", { text: member.live ? "yes" : "no" }),
      el("td", { class: "muted", text: `${member.lastHeardMillis} ms ago` }),
      el("td", { text: String(member.versionsBehind ?? 0) }),
      el("td", { text: String(member.servedRequests) }),
      el("td", { text: String(member.pendingEvents) }),
      el("td", { text: String(member.lostEvents) })));
  $("fleet-table").tBodies[0].replaceChildren(...rows);
}

// ---- proxy: shown only on a server in proxy mode (the session says so) ----

function showProxy(interceptsTLS) {
  $("tab-proxy").hidden = false;
  const proxy = location.origin;
  const ca = `${proxy}/__admin/certs/wiremock-ca.crt`;
  $("proxy-ca-link").hidden = !interceptsTLS;
  $("proxy-commands").textContent = [
    `curl -o understudy-ca.crt ${ca}`,
    "",
    "# iOS simulator",
    "xcrun simctl keychain booted add-root-cert understudy-ca.crt",
    "# macOS",
    "sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain understudy-ca.crt",
    "# Debian, Ubuntu",
    "sudo cp understudy-ca.crt /usr/local/share/ca-certificates/ && sudo update-ca-certificates",
    "# Chromium, Chrome on Linux (NSS); Firefox: -d sql:PROFILE",
    'certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n understudy -i understudy-ca.crt',
    `chromium --proxy-server=${proxy} --proxy-bypass-list='<-loopback>'`,
    "# the JDK",
    "keytool -importcert -alias understudy -file understudy-ca.crt -keystore trust.p12",
    "# curl",
    `curl --proxy ${proxy} --cacert understudy-ca.crt https://api.example.com/`,
  ].join("\n");
}

// ---- recording ----

async function loadRecordingStatus() {
  try {
    const body = await api("/__admin/recordings/status");
    $("recording-status").textContent = body.status || "unknown";
  } catch (error) {
    $("recording-status").textContent = error.status === 404 || error.status === 501 ? "not available on this server" : "unknown";
  }
}

async function recordingCall(path, body) {
  const output = $("recording-output");
  try {
    const result = await api(`/__admin/recordings/${path}`, { method: "POST", body });
    output.textContent = result ? JSON.stringify(result, null, 2) : "Done.";
  } catch (error) {
    output.textContent = `Refused (HTTP ${error.status}):\n${JSON.stringify(error.body, null, 2)}`;
  }
  await loadRecordingStatus();
}

function setupRecording() {
  $("recording-form").addEventListener("submit", (event) => {
    event.preventDefault();
    recordingCall("start", { targetBaseUrl: $("record-target").value.trim() });
  });
  $("record-stop").addEventListener("click", () => recordingCall("stop"));
  $("record-snapshot").addEventListener("click", () => recordingCall("snapshot", {}));
}

// ---- the stub editor ----

const NEW_STUB = {
  name: "New stub",
  request: { method: "GET", urlPath: "/hello" },
  response: { status: 200, jsonBody: { hello: "world" }, headers: { "Content-Type": "application/json" } },
};

function newStub() {
  state.editingId = null;
  $("editor-text").value = JSON.stringify(NEW_STUB, null, 2);
  $("editor-mode").textContent = "A new stub: paste or write WireMock JSON, then save.";
  $("editor-delete").hidden = true;
  $("editor-errors").replaceChildren();
}

async function editStub(id) {
  try {
    const stub = await api(`/__admin/mappings/${encodeURIComponent(id)}`);
    state.editingId = stub.id;
    $("editor-text").value = JSON.stringify(stub, null, 2);
    $("editor-mode").textContent = `Editing stub ${stub.name ? `“${stub.name}” ` : ""}(${stub.id}).`;
    $("editor-delete").hidden = false;
    $("editor-errors").replaceChildren();
    showTab("editor");
    $("editor-text").focus();
  } catch (error) {
    showError(error);
  }
}

function showEditorErrors(errors) {
  $("editor-errors").replaceChildren(...errors.map((error) => {
    const pointer = error.source && error.source.pointer;
    return el("div", { class: "error" },
      pointer !== undefined ? el("code", { text: pointer || "/" }) : null, pointer !== undefined ? " " : null,
      el("strong", { text: error.title || "Error" }),
      error.detail ? ` ${error.detail}` : "",
      pointer ? el("button", { type: "button", class: "quiet", onclick: () => selectPointer(pointer) }, "Show") : null);
  }));
}

// Selects where a JSON pointer points in the editor's text, as near as a text search can tell.
function selectPointer(pointer) {
  const text = $("editor-text").value;
  let from = 0;
  let at = -1;
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const found = /^\d+$/.test(part) ? text.indexOf("{", from) : text.indexOf(JSON.stringify(part), from);
    if (found < 0) break;
    at = found;
    from = found + 1;
  }
  if (at < 0) return;
  const area = $("editor-text");
  area.focus();
  const lineEnd = text.indexOf("\n", at);
  area.setSelectionRange(at, lineEnd < 0 ? text.length : lineEnd);
}

async function saveStub(event) {
  event.preventDefault();
  const text = $("editor-text").value;
  try {
    JSON.parse(text);
  } catch (error) {
    showEditorErrors([{ title: "This is not JSON", detail: error.message }]);
    return;
  }
  try {
    const path = state.editingId ? `/__admin/mappings/${encodeURIComponent(state.editingId)}` : "/__admin/mappings";
    const saved = await api(path, { method: state.editingId ? "PUT" : "POST", body: text });
    state.editingId = saved.id;
    $("editor-text").value = JSON.stringify(saved, null, 2);
    $("editor-mode").textContent = `Editing stub ${saved.name ? `“${saved.name}” ` : ""}(${saved.id}).`;
    $("editor-delete").hidden = false;
    $("editor-errors").replaceChildren(el("p", { class: "saved", role: "status", text: `Saved stub ${saved.id}.` }));
    later("stubs", loadStubs);
  } catch (error) {
    if (error.body && Array.isArray(error.body.errors)) showEditorErrors(error.body.errors);
    else showEditorErrors([{ title: `The server answered ${error.status || error.message}` }]);
  }
}

function setupEditor() {
  $("editor-form").addEventListener("submit", saveStub);
  $("editor-format").addEventListener("click", () => {
    try {
      $("editor-text").value = JSON.stringify(JSON.parse($("editor-text").value), null, 2);
      $("editor-errors").replaceChildren();
    } catch (error) {
      showEditorErrors([{ title: "This is not JSON", detail: error.message }]);
    }
  });
  $("editor-new").addEventListener("click", newStub);
  $("editor-delete").addEventListener("click", async () => {
    if (!state.editingId) return;
    try {
      await api(`/__admin/mappings/${encodeURIComponent(state.editingId)}`, { method: "DELETE" });
      newStub();
      $("editor-errors").replaceChildren(el("p", { class: "saved", role: "status", text: "Deleted." }));
    } catch (error) {
      showEditorErrors(error.body && error.body.errors ? error.body.errors : [{ title: `HTTP ${error.status}` }]);
    }
  });
  newStub();
}

// ---- tabs ----

const TABS = ["requests", "stubs", "scenarios", "recording", "editor", "fleet", "proxy"];

function showTab(name) {
  for (const tab of TABS) {
    const selected = tab === name;
    const button = $(`tab-${tab}`);
    button.setAttribute("aria-selected", selected ? "true" : "false");
    button.tabIndex = selected ? 0 : -1;
    $(`view-${tab}`).hidden = !selected;
  }
  if (name === "requests") { renderList(); schedulePlots(); }
  if (name === "stubs") renderStubs();
  if (name === "recording") loadRecordingStatus();
  if (name === "fleet") loadFleet();
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

function setupTabs() {
  const nav = document.querySelector(".tabs");
  for (const tab of TABS) $(`tab-${tab}`).addEventListener("click", () => showTab(tab));
  nav.addEventListener("keydown", (event) => {
    // The Fleet and Proxy tabs are hidden unless the server is one: the keys move among the shown ones.
    const shown = TABS.filter((tab) => !$(`tab-${tab}`).hidden);
    const current = shown.indexOf(document.activeElement.id.replace("tab-", ""));
    if (current < 0) return;
    let next = current;
    if (event.key === "ArrowRight") next = (current + 1) % shown.length;
    else if (event.key === "ArrowLeft") next = (current + shown.length - 1) % shown.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = shown.length - 1;
    else return;
    event.preventDefault();
    showTab(shown[next]);
    $(`tab-${shown[next]}`).focus();
  });
}

// ---- start ----

async function loadEverything() {
  await Promise.all([loadRequests(), loadStubs(), loadScenarios(), loadFleet()]).catch(showError);
}

async function start() {
  try {
    if (!(await checkSession())) {
      setFeedStatus("needs the admin token", false);
      return;
    }
  } catch (error) {
    setFeedStatus(`cannot reach the server: ${error.message}`, false);
    return;
  }
  connectFeed();
}

document.addEventListener("DOMContentLoaded", () => {
  $("curl-hint").textContent = `curl ${location.origin}/hello`;
  setupToken();
  setupTabs();
  setupRequestList();
  setupStubs();
  setupScenarios();
  setupRecording();
  setupEditor();
  const hash = location.hash.slice(1);
  showTab(TABS.includes(hash) ? hash : "requests");
  setInterval(schedulePlots, 1000);
  // The fleet's members change on their own (heartbeats), not through the feed.
  setInterval(() => { if (!$("view-fleet").hidden) loadFleet(); }, 2000);
  start();
});
