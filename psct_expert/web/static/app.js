// psct-expert page: asks /api/ask, shows the answer, the proof tree and the card
// text with the spans facts came from.  No framework, no network but this server.
"use strict";

const $ = (sel) => document.querySelector(sel);
const FAMILIES = JSON.parse($("#families").textContent);
const T = JSON.parse($("#strings").textContent);   // the page's words in its language
const LANG = JSON.parse($("#lang").textContent);
const ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
  "eighth", "ninth", "tenth"];

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function status(text) { $("#status").textContent = text || ""; }

async function getJSON(url, options) {
  const res = await fetch(url, options);
  let body = null;
  try { body = await res.json(); } catch (e) { body = { error: "the server sent no JSON" }; }
  return { ok: res.ok, status: res.status, body };
}

// ---------------------------------------------------------------- completion

function attachCompletion(input, list, mode, onPick) {
  // mode "question": complete the card name being typed at the caret;
  // mode "card": the whole field is a card name.
  let items = [], active = -1, timer = null, seq = 0, replaceFrom = 0;

  function close() { list.hidden = true; list.innerHTML = ""; items = []; active = -1; }

  function show(names, from) {
    replaceFrom = from;
    items = names;
    active = -1;
    list.innerHTML = "";
    names.forEach((name, i) => {
      list.append(el("li", { role: "option", id: `${list.id}-${i}`,
        onmousedown: (ev) => { ev.preventDefault(); pick(i); } }, name));
    });
    list.hidden = names.length === 0;
  }

  function pick(i) {
    const name = items[i];
    if (name === undefined) return;
    if (mode === "card") {
      input.value = name;
    } else {
      const caret = input.selectionStart ?? input.value.length;
      const before = input.value.slice(0, replaceFrom);
      const after = input.value.slice(caret);
      input.value = before + name + after;
      const pos = (before + name).length;
      input.setSelectionRange(pos, pos);
    }
    close();
    if (onPick) onPick(name);
  }

  async function lookup() {
    const mine = ++seq;
    const caret = mode === "card" ? input.value.length : (input.selectionStart ?? input.value.length);
    const text = input.value.slice(0, caret);
    // candidate starts: the whole field (card mode) or the last few word starts, longest first
    const starts = [];
    if (mode === "card") starts.push(0);
    else {
      const re = /(^|[\s"(])(?=\S)/g;
      let m;
      while ((m = re.exec(text)) !== null) { starts.push(m.index + m[1].length); re.lastIndex = m.index + 1; }
    }
    const tail = [...new Set(starts)].slice(-6);
    for (const from of tail) {
      const prefix = text.slice(from).replace(/[?.!]+$/, "");
      if (prefix.trim().length < (from === tail[tail.length - 1] ? 3 : 2)) continue;
      const r = await getJSON(`/api/cards?limit=8&prefix=${encodeURIComponent(prefix)}`);
      if (mine !== seq) return;
      if (r.ok && r.body.cards.length) { show(r.body.cards, from); return; }
    }
    if (mine === seq) close();
  }

  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(lookup, 120); });
  input.addEventListener("blur", () => setTimeout(close, 100));
  input.addEventListener("keydown", (ev) => {
    if (list.hidden || !items.length) return;
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      active = (active + (ev.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      [...list.children].forEach((li, i) => li.setAttribute("aria-selected", i === active));
      input.setAttribute("aria-activedescendant", `${list.id}-${active}`);
    } else if ((ev.key === "Enter" || ev.key === "Tab") && active >= 0) {
      ev.preventDefault();
      pick(active);
    } else if (ev.key === "Escape") {
      close();
    }
  });
}

// ---------------------------------------------------------------- answers

function factText(fact) {
  const fields = Object.entries(fact).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
  return `${fact.type}(${fields.join(", ")})`;
}

function shortReason(ans) {
  // the same choice as the command line's short reason: the top rule, then the first deeper one
  if (ans.answer === "unknown") {
    const plain = LANG === "en" ? unknownReason(ans) : null;
    if (plain) return plain;
    const m = ans.missing_plain || ans.missing || [];
    return T.not_settled + (m.length ? ": " + m.slice(0, 3).join("; ") + "." : ".");
  }
  if (ans.answer === "conflict") return T.conflict_reason;
  const nodes = (ans.proof || {})[ans.answer] || [];
  const out = [];
  const step = nodes[0] && (nodes[0].derived_by || [])[0];
  if (step) {
    out.push(`${step.says} [${step.cites.join(", ")}]`);
    outer: for (const p of step.premises || []) {
      for (const st of p.derived_by || []) {
        if (st.rule !== step.rule) { out.push(`${st.says} [${st.cites.join(", ")}]`); break outer; }
      }
    }
  }
  return out.join(" ");
}

let spanSeq = 0;
const cardTexts = new Map();   // card name -> {text, pendulum_text}

function collectSources(node, acc) {
  for (const s of node.sources || []) acc.push(s);
  for (const st of node.derived_by || []) for (const p of st.premises || []) collectSources(p, acc);
  return acc;
}

function sourceLine(s) {
  if (s.kind === "text") return `${s.card} [${s.span[0]}:${s.span[1]}]: “${s.quote}”`;
  if (s.kind === "card") return `${s.card}: card data (${s.quote})`;
  if (s.kind === "scenario") return `${s.where}: “${s.quote}”`;
  if (s.kind === "game") return `game fact (${s.where || ""})`;
  return `${s.where || s.kind}: ${s.quote}`;
}

function spanKey(s) { return `${s.card}|${s.where || "text"}|${s.span[0]}|${s.span[1]}`; }

// the answer's sources by id ({id, tier, tier_label, url, ...}), strongest tier first
let sourceInfo = new Map();
let tierOrder = [];

function citeItem(id) {
  const s = sourceInfo.get(id);
  const name = s && s.url ? el("a", { href: s.url, rel: "noopener" }, id) : el("span", {}, id);
  const bits = [name];
  if (s) {
    const label = (T.tiers && T.tiers[s.tier]) || s.tier_label;
    bits.push(" ", el("span", { class: `tier tier-${s.tier || "unranked"}`, title: s.title || "" }, label));
    if (s.ruleset && s.ruleset !== "both") bits.push(" ", el("span", { class: "tier tier-ruleset" }, `${s.ruleset.toUpperCase()} ${T.only || "only"}`));
    if (s.to_confirm) bits.push(" ", el("span", { class: "tier tier-confirm", title: s.to_confirm }, T.to_confirm || "to confirm"));
  }
  return el("span", { class: "cite" }, bits);
}

function rankedCites(ids) {
  const rank = (id) => { const i = tierOrder.indexOf(id); return i < 0 ? tierOrder.length : i; };
  return [...ids].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function citeList(ids) {
  const out = [];
  rankedCites(ids).forEach((id, i) => { if (i) out.push(", "); out.push(citeItem(id)); });
  return out;
}

function proofNode(node, depth) {
  const own = (node.sources || []).filter((s) => s.kind === "text" && s.span);
  const label = el("span", { class: "fact" }, factText(node.fact));
  const item = el("li", { class: "node" });
  const highlight = (ev) => {
    ev.stopPropagation();
    const keys = (own.length ? own : collectSources(node, []).filter((s) => s.kind === "text" && s.span))
      .map(spanKey);
    selectSpans(keys, item);
  };
  const steps = node.derived_by || [];
  const body = [];
  for (const s of node.sources || []) {
    body.push(el("p", { class: `source ${s.kind}` }, sourceLine(s)));
  }
  for (const st of steps) {
    body.push(el("div", { class: "step" },
      el("p", { class: "rule" }, el("code", {}, st.rule), " ", st.says),
      el("p", { class: "step-cites" }, T.cites, citeList(st.cites)),
      (st.absent || []).map((a) => el("p", { class: "absent" }, "checked absent: ", a)),
      (st.tests || []).map((t) => el("p", { class: "test" }, "checked: ", t)),
      st.premises && st.premises.length
        ? el("ul", { class: "tree" }, st.premises.map((p) => proofNode(p, depth + 1))) : null));
  }
  if (node.repeated) body.push(el("p", { class: "repeated" }, "(shown above)"));
  const summary = el("summary", { onclick: highlight }, label,
    steps.length ? el("span", { class: "by" }, " ← ", steps.map((s) => s.rule).join(", ")) : null);
  const details = el("details", { open: depth < 1 ? true : null }, summary, body);
  item.append(details);
  return item;
}

function selectSpans(keys, item) {
  document.querySelectorAll(".node.selected").forEach((n) => n.classList.remove("selected"));
  document.querySelectorAll("mark.src.active").forEach((m) => m.classList.remove("active"));
  if (item) item.classList.add("selected");
  let first = null;
  for (const key of keys) {
    document.querySelectorAll(`mark.src[data-key="${CSS.escape(key)}"]`).forEach((m) => {
      m.classList.add("active");
      first = first || m;
    });
  }
  if (first && window.innerWidth < 800) first.scrollIntoView({ block: "center", behavior: "smooth" });
}

async function cardData(name) {
  if (!cardTexts.has(name)) {
    const r = await getJSON(`/api/card?name=${encodeURIComponent(name)}`);
    cardTexts.set(name, r.ok ? r.body : null);
  }
  return cardTexts.get(name);
}

function markedText(text, spans) {
  // spans: [{start, end, key}] possibly overlapping; cut the text at every boundary
  const cuts = new Set([0, text.length]);
  for (const s of spans) { cuts.add(s.start); cuts.add(s.end); }
  const points = [...cuts].filter((c) => c >= 0 && c <= text.length).sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i], b = points[i + 1];
    const piece = text.slice(a, b);
    const covering = spans.filter((s) => s.start <= a && s.end >= b);
    if (!covering.length) { out.push(piece); continue; }
    // nested marks: the smallest span innermost, so every span of the piece can light it
    covering.sort((x, y) => (x.end - x.start) - (y.end - y.start));
    let node = document.createTextNode(piece);
    for (const c of covering) node = el("mark", { class: "src", "data-key": c.key }, node);
    out.push(node);
  }
  return out;
}

async function showCards(ans) {
  const box = $("#cards");
  box.innerHTML = "";
  const all = [];
  for (const nodes of Object.values(ans.proof || {})) for (const n of nodes) collectSources(n, all);
  const byCard = new Map();
  for (const s of all) {
    if (s.kind !== "text" || !s.span || !s.card) continue;
    const where = s.where || "text";
    const key = `${s.card}|${where}`;
    if (!byCard.has(key)) byCard.set(key, { card: s.card, where, spans: new Map() });
    byCard.get(key).spans.set(spanKey(s), { start: s.span[0], end: s.span[1], key: spanKey(s), quote: s.quote });
  }
  for (const { card, where, spans } of byCard.values()) {
    const data = await cardData(card);
    const text = data ? (where.startsWith("pendulum") ? data.pendulum_text : data.text) : null;
    const list = [...spans.values()];
    let body;
    if (text) {
      for (const s of list) {   // trust the quote if the span and the text disagree
        if (text.slice(s.start, s.end) !== s.quote && s.quote) {
          const at = text.indexOf(s.quote);
          if (at >= 0) { s.start = at; s.end = at + s.quote.length; }
        }
      }
      body = el("p", { class: "card-text" }, markedText(text, list.filter((s) => s.end > s.start)));
    } else {
      body = el("ul", { class: "quotes" }, list.map((s) => el("li", {}, el("mark", { class: "src", "data-key": s.key }, s.quote))));
    }
    box.append(el("article", { class: "card", "data-card": card },
      el("h3", {}, card, where !== "text" ? ` (${where})` : ""), body));
  }
  if (!byCard.size) box.append(el("p", { class: "hint" }, T.no_card_text));
}

function permalinkFor(req) {
  const p = new URLSearchParams();
  if (req.spec) p.set("s", JSON.stringify(req.spec));
  if (req.question) p.set("q", req.question);
  for (const line of req.scenario || []) p.append("e", line);
  return "/?" + p.toString();
}

// an unknown answer in a judge's words: the same choice as render.unknown_reason
function unknownReason(ans) {
  const items = ans.tell || [];
  const of = (...kinds) => items.filter((it) => kinds.includes(it.kind)).map((it) => it.ask);
  const sentence = (s) => (/[.?!]$/.test(s.trim()) ? s.trim() : s.trim() + ".");
  const lower = (s) => (/^[A-Z][^A-Z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
  const open = of("open"), asks = of("situation");
  let head = "The facts do not settle it" + (open.length ? ": " + sentence(open[0]) : ".");
  if (asks.length) return head + " " + asks.slice(0, 3).map(sentence).join(" ");
  if (open.length) return head;
  const rules = of("rule"), texts = of("card-text", "game");
  if (rules.length) {
    return head + " No rule can tell " + rules.slice(0, 2).map((r) => lower(r).replace(/\.$/, "")).join("; nor ") + ".";
  }
  if (texts.length) {
    return head + " Nothing you could add would: the rules that could answer look for what these cards' texts or the game facts do not say (" +
      texts.slice(0, 2).map((t) => lower(t).replace(/\.$/, "")).join("; ") + ").";
  }
  return "";
}

function withField(spec, dotted, value) {
  const out = JSON.parse(JSON.stringify(spec || {}));
  const parts = dotted.split(".");
  let at = out;
  for (const p of parts.slice(0, -1)) {
    if (typeof at[p] !== "object" || at[p] === null) at[p] = {};
    at = at[p];
  }
  at[parts[parts.length - 1]] = value;
  return out;
}

// what would settle an unknown answer: each question the player can answer, with one button per
// choice (the server asked each again and kept those it reads); a click asks again with it
function showTell(ans, req) {
  const box = $("#tell");
  box.innerHTML = "";
  const items = ans.answer === "unknown" ? (ans.tell || []).filter((it) => it.kind === "situation" && (it.choices || []).length) : [];
  for (const it of items.slice(0, 3)) {
    const buttons = it.choices.map((c) => {
      const b = el("button", { type: "button", class: "example tell-choice" }, c.label);
      b.title = c.line || Object.entries(c.spec || {}).map(([k, v]) => `${k}: ${v}`).join(", ");
      b.addEventListener("click", () => {
        if (c.line) {
          const scenario = [...(req.scenario || []), c.line];
          $("#e").value = scenario.join("\n");
          ask({ question: req.question, scenario }, true);
        } else {
          let spec = ans.spec;
          for (const [k, v] of Object.entries(c.spec || {})) spec = withField(spec, k, v);
          ask({ spec, question: req.question || ans.question || "" }, true);
        }
      });
      return b;
    });
    box.append(el("div", { class: "tell-item" }, el("p", { class: "tell-ask" }, it.ask), el("div", { class: "tell-choices" }, ...buttons)));
  }
  box.hidden = !items.length;
}

async function showAnswer(ans, req) {
  $("#refusal").hidden = true;
  const word = T[ans.answer] || ans.answer;
  $("#answer").className = `answer answer-${ans.answer}`;
  $("#answer-word").textContent = word;
  $("#restated").textContent = ans.restated || ans.question || req.question || "";
  $("#reason").textContent = shortReason(ans);
  showTell(ans, req);
  sourceInfo = new Map((ans.sources || []).map((s) => [s.id, s]));
  tierOrder = (ans.sources || []).map((s) => s.id);   // already strongest first
  const cites = $("#cites");
  cites.innerHTML = "";
  if (ans.sources && ans.sources.length) {
    cites.append(el("span", { class: "cites-head" }, T.cites),
      el("ol", { class: "cite-list" }, ans.sources.map((s) => el("li", {}, citeItem(s.id)))));
  }
  $("#notes").textContent = (ans.notes || []).map((n) => T.note + n)
    .concat((ans.caveats || []).map((c) => T.note + c.says)).join(" ");
  const link = permalinkFor(req);
  $("#permalink").href = link;
  const proof = $("#proof");
  proof.innerHTML = "";
  for (const [value, nodes] of Object.entries(ans.proof || {})) {
    if (ans.answer === "conflict") proof.append(el("h3", {}, `${T.proof_of} ${value}`));
    proof.append(el("ul", { class: "tree root" }, nodes.map((n) => proofNode(n, 0))));
  }
  if (!Object.keys(ans.proof || {}).length) {
    proof.append(el("p", { class: "hint" }, T.no_rule),
      ...(ans.missing_plain || ans.missing || []).map((m) => el("p", { class: "missing" }, m)));
  }
  const rd = $("#reading");
  rd.hidden = !ans.reading;
  if (ans.reading) rd.textContent = T.read_as + ans.reading.read + " (" + ans.reading.changes.join("; ") + ")";
  $("#refusal").hidden = true;
  showWhatIf(ans);
  $("#result").hidden = false;
  $("#examples").open = false;
  await showCards(ans);
}

function showWhatIf(ans) {
  // the nearest variations of the facts that flip the answer, each re-run by the engine
  const box = $("#whatif-box");
  const list = $("#whatif");
  list.innerHTML = "";
  const items = ans.what_if;
  box.hidden = !Array.isArray(items) || !["yes", "no"].includes(ans.answer);
  if (box.hidden) return;
  if (!items.length) list.append(el("li", { class: "hint" }, T.whatif_none));
  for (const w of items) {
    list.append(el("li", { class: `whatif-${w.answer}`, "data-variation": w.variation }, w.sentence));
  }
}

function showRefusal(body) {
  $("#result").hidden = true;
  $("#refusal").hidden = false;
  $("#refusal-msg").textContent = body.error || T.not_read;
  const u = body.understood || {};
  const parts = Object.entries(u).filter(([, v]) => v && (!Array.isArray(v) || v.length))
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v
      : Array.isArray(v) && v.every((x) => typeof x === "string") ? v.join(", ") : JSON.stringify(v)}`);
  $("#understood").textContent = parts.length ? parts.join("; ") : T.nothing;
  $("#unplaced").textContent = body.unplaced || (body.suggestions && body.suggestions.length
    ? T.closest + body.suggestions.join("; ") : "—");
  const forms = $("#forms-list");
  forms.innerHTML = "";
  for (const f of body.forms || []) forms.append(el("li", {}, f));
  $("#refusal-forms").hidden = !(body.forms || []).length || !!(body.nearest || []).length;
  // the nearest questions the product can answer, each a button that asks it
  const near = $("#nearest");
  near.innerHTML = "";
  for (const q of body.nearest || []) {
    const b = el("button", { type: "button", class: "example nearest-q" }, q);
    b.addEventListener("click", () => { $("#q").value = q; ask({ question: q, scenario: scenarioFrom($("#e")) }, true); });
    near.append(el("li", {}, b));
  }
  $("#nearest-box").hidden = !(body.nearest || []).length;
  const rr = $("#refusal-reading");
  rr.hidden = !body.reading;
  if (body.reading) rr.textContent = T.read_as + body.reading.read + " (" + body.reading.changes.join("; ") + ")";
  $("#examples").open = false;
  // start the builder from what was understood
  const builder = $("#builder");
  builder.open = true;
  if (u.family && FAMILIES.some((f) => f.name === u.family)) {
    $("#b-family").value = u.family;
    fillForms();
  }
  const cards = u.cards || (u.card ? [u.card] : []);
  document.querySelectorAll("#b-slots input.b-card").forEach((input, i) => {
    if (cards[i] && !input.value) { input.value = cards[i]; loadEffects(input); }
  });
  buildQuestion();
}

async function ask(req, push) {
  status(T.asking);
  $("#ask-btn").disabled = true;
  try {
    let r;
    if (req.spec) {
      r = await getJSON("/api/ask", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ spec: req.spec, question: req.question || "", what_if: true, lang: LANG }) });
    } else {
      const p = new URLSearchParams({ q: req.question, what_if: "true", lang: LANG });
      for (const line of req.scenario || []) p.append("e", line);
      r = await getJSON("/api/ask?" + p.toString());
    }
    if (push) history.pushState(req, "", permalinkFor(req));
    if (r.ok) { await showAnswer(r.body, req); status(""); }
    else if (r.status === 400) { showRefusal(r.body); status(""); }
    else status(`${T.error}${r.body.error || r.status}`);
  } catch (e) {
    status(T.no_server + e);
  } finally {
    $("#ask-btn").disabled = false;
  }
}

function scenarioFrom(textarea) {
  return textarea.value.split("\n").map((s) => s.trim()).filter(Boolean);
}

// ---------------------------------------------------------------- builder

function familyOf(name) { return FAMILIES.find((f) => f.name === name); }

function placeholders(form) {
  return [...new Set(form.match(/\b[XY]\b/g) || [])];
}

function fillForms() {
  const fam = familyOf($("#b-family").value);
  const sel = $("#b-form");
  sel.innerHTML = "";
  (fam ? fam.forms : []).forEach((f, i) => sel.append(el("option", { value: i }, f)));
  fillSlots();
}

function fillSlots() {
  const fam = familyOf($("#b-family").value);
  const form = fam && fam.forms[+$("#b-form").value || 0] || "";
  const box = $("#b-slots");
  const old = {};
  box.querySelectorAll("input.b-card").forEach((i) => { old[i.dataset.slot] = i.value; });
  box.innerHTML = "";
  for (const slot of placeholders(form)) {
    const id = `b-card-${slot}`;
    const input = el("input", { id, class: "b-card", type: "text", "data-slot": slot,
      placeholder: T.card_name, autocomplete: "off", spellcheck: "false" });
    input.value = old[slot] || "";
    const list = el("ul", { id: `${id}-suggest`, class: "suggest", role: "listbox", hidden: true });
    const effects = el("div", { class: "effects", id: `${id}-effects` });
    box.append(el("div", { class: "slot" },
      el("label", { for: id }, `${T.card} ${slot}`), el("div", { class: "combo" }, input, list), effects));
    attachCompletion(input, list, "card", () => loadEffects(input));
    input.addEventListener("change", () => loadEffects(input));
    input.addEventListener("input", buildQuestion);
    if (input.value) loadEffects(input);
  }
  buildQuestion();
}

async function loadEffects(input) {
  const box = document.getElementById(`${input.id}-effects`);
  const name = input.value.trim();
  if (!box || !name || box.dataset.card === name) { buildQuestion(); return; }
  box.dataset.card = name;
  box.innerHTML = "";
  const r = await getJSON(`/api/analyze?name=${encodeURIComponent(name)}`);
  if (!r.ok) { box.append(el("p", { class: "error" }, r.body.error)); buildQuestion(); return; }
  input.value = r.body.card.name;
  box.dataset.card = r.body.card.name;
  const effects = [];
  for (const e of r.body.effects) { effects.push(e); }
  if (!effects.length) box.append(el("p", { class: "hint" }, T.no_effect_text));
  else box.append(el("p", { class: "hint" }, T.which_effect));
  const group = `${input.id}-n`;
  box.append(el("label", { class: "effect" },
    el("input", { type: "radio", name: group, value: "", checked: true, onchange: buildQuestion }),
    T.whole_card));
  for (const e of effects) {
    const label = e.n === 0 ? T.activating_card : `${T.effect} ${String(e.id).split("#")[1]}`;
    box.append(el("label", { class: "effect" },
      el("input", { type: "radio", name: group, value: e.n, "data-id": e.id, onchange: buildQuestion }),
      el("b", {}, label, ": "), e.text));
  }
  buildQuestion();
}

function chosenEffect(slot) {
  const checked = document.querySelector(`input[name="b-card-${slot}-n"]:checked`);
  if (!checked || checked.value === "" || /P|\./.test(checked.dataset.id || "")) return null;
  return +checked.value;
}

function buildQuestion() {
  const fam = familyOf($("#b-family").value);
  if (!fam) return null;
  const form = fam.forms[+$("#b-form").value || 0] || "";
  let text = form;
  const cards = {};
  for (const slot of placeholders(form)) {
    const input = document.getElementById(`b-card-${slot}`);
    const name = input ? input.value.trim() : "";
    cards[slot] = name;
    const n = chosenEffect(slot);
    if (n !== null && n > 0 && ORDINALS[n]) {
      // "the first effect of X" / "the effect of X" name the chosen effect
      text = text.replace(new RegExp(`the (?:\\w+ )?effect of ${slot}\\b`), `the ${ORDINALS[n]} effect of ${slot}`);
    }
    text = text.replace(new RegExp(`\\b${slot}\\b`, "g"), name || `[${slot}]`);
  }
  $("#b-question").textContent = text;
  const req = { question: text, scenario: scenarioFrom($("#b-lines")) };
  const slot = placeholders(form)[0];
  const n = slot ? chosenEffect(slot) : null;
  if (fam.key.length === 1 && fam.key[0] === "effect" && slot && cards[slot] && n !== null
      && !req.scenario.length) {
    req.spec = { family: fam.name, effect: { card: cards[slot], n } };
  }
  return req;
}

// ---------------------------------------------------------------- wiring

function useForm(form) {
  const q = $("#q");
  q.value = form;
  q.focus();
  const m = /\b[XY]\b/.exec(form);
  if (m) q.setSelectionRange(m.index, m.index + 1);
}

function loadFromURL() {
  const p = new URLSearchParams(location.search);
  const q = p.get("q") || "";
  const lines = p.getAll("e");
  $("#q").value = q;
  $("#e").value = lines.join("\n");
  $("#situation").open = lines.length > 0;
  let spec = null;
  if (p.get("s")) {
    try { spec = JSON.parse(p.get("s")); } catch (e) { status(T.bad_permalink); }
  }
  if (spec) ask({ spec, question: q }, false);
  else if (q) ask({ question: q, scenario: lines }, false);
}

$("#ask-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const question = $("#q").value.trim();
  if (!question) { status(T.type_first); return; }
  ask({ question, scenario: scenarioFrom($("#e")) }, true);
});
document.querySelectorAll("button.example").forEach((b) =>
  b.addEventListener("click", () => useForm(b.dataset.form)));
$("#b-family").addEventListener("change", fillForms);
$("#b-form").addEventListener("change", fillSlots);
$("#b-lines").addEventListener("input", buildQuestion);
$("#b-ask").addEventListener("click", () => {
  const req = buildQuestion();
  if (!req) return;
  $("#q").value = req.question;
  $("#e").value = (req.scenario || []).join("\n");
  ask(req, true);
});
window.addEventListener("popstate", loadFromURL);
attachCompletion($("#q"), $("#q-suggest"), "question");
fillForms();
loadFromURL();
