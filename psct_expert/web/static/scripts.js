// The scripts page: one pasted script audited against its card's text, and the folder
// the server was started with (serve --scripts DIR).  Plain DOM, nothing fetched but the API.
"use strict";
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const YN = (v) => (v === true ? "yes" : v === false ? "no" : "?");

function disagreement(d) {
  const box = el("div", "disagreement supports-" + d.supports);
  const head = el("p", "d-head");
  head.append(el("strong", "d-kind", d.kind), " ",
              el("span", "d-feature", `(${d.feature}: text ${YN(d.text)}, script ${YN(d.script)})`),
              " ", el("span", "d-side", "supports: " + d.supports));
  box.append(head);
  for (const s of d.text_spans) {
    const p = el("p", "d-text");
    p.append(el("span", "by", `text ${s.effect}${s.span ? ` [${s.span[0]}:${s.span[1]}]` : ""} `),
             el("q", null, s.quote || ""));
    box.append(p);
  }
  for (const s of d.script_lines) {
    const p = el("p", "d-script");
    p.append(el("span", "by", `script line ${s.line} `), el("code", null, s.text));
    box.append(p);
  }
  box.append(el("p", "d-why", d.why + " [" + d.cites.join(", ") + "]"));
  return box;
}

function markedText(text, spans) {
  const box = $("s-text");
  box.textContent = "";
  const marks = spans.filter((s) => s.span && s.where !== "pendulum text")
    .map((s) => s.span).sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [a, b] of marks) {
    if (a < at) continue;
    box.append(text.slice(at, a), el("mark", "src", text.slice(a, b)));
    at = b;
  }
  box.append(text.slice(at));
}

async function auditScript(ev) {
  ev.preventDefault();
  $("s-status").textContent = "Reading…";
  $("s-result").hidden = true;
  const body = { script: $("s-script").value };
  if ($("s-card").value.trim()) body.card = $("s-card").value.trim();
  let res, data;
  try {
    res = await fetch("/api/scripts/audit", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    data = await res.json();
  } catch (e) {
    $("s-status").textContent = "The server did not answer.";
    return;
  }
  if (!res.ok) {
    $("s-status").textContent = data.error || "Error";
    $("s-status").className = "error";
    return;
  }
  $("s-status").className = "";
  $("s-status").textContent = data.disagreements.length
    ? `${data.disagreements.length} disagreement(s)` : "The script and the text agree on every feature compared.";
  $("s-title").textContent = `${data.name} (${data.id}), text read: ${data.status}`;
  const list = $("s-list");
  list.textContent = "";
  data.disagreements.forEach((d) => list.append(disagreement(d)));
  markedText(data.text || "", data.disagreements.flatMap((d) => d.text_spans));
  $("s-result").hidden = false;
}

async function loadFolder() {
  if (!$("folder")) return;
  let data;
  for (;;) {
    const res = await fetch("/api/scripts/folder");
    data = await res.json();
    if (res.status !== 503) break;          // still reading: ask again in a while
    await new Promise((ok) => setTimeout(ok, 3000));
  }
  if (data.error) { $("f-status").textContent = data.error; return; }
  const s = data.summary;
  $("f-status").textContent = `${s.scripts} scripts, ${s.matched} joined to a card, ` +
    `${s.cards_with_disagreements} cards with disagreements`;
  const table = el("table", "kinds");
  for (const [k, n] of Object.entries(s.kinds)) {
    const tr = el("tr");
    tr.append(el("td", "n", String(n)), el("td", null, k));
    table.append(tr);
  }
  $("f-summary").append(table);
  for (const c of data.cards) {
    const det = el("details", "f-card");
    det.append(el("summary", null, `${c.name} (${c.id}) ${c.script}` +
      (c.error ? ": cannot be read" : `: ${c.disagreements.length}`)));
    if (c.error) det.append(el("p", "error", c.error));
    else c.disagreements.forEach((d) => det.append(disagreement(d)));
    $("f-cards").append(det);
  }
}

$("script-form").addEventListener("submit", auditScript);
loadFolder();
