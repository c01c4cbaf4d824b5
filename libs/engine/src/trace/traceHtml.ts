/**
 * One self-contained HTML file for a trace: the events inline as JSON (and the screenshots they name as base64
 * PNGs, keyed by the event's seq), rendered by a few lines of script. No
 * network, no external assets, so the file can be attached to a bug report as is.
 */
const escapeForScript = (json: string) => json.replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export const traceHtml = (
  sessionId: string,
  events: ReadonlyArray<unknown>,
  screens: Readonly<Record<string, string>> = {}
): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-desktop trace ${escapeHtml(sessionId)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;vertical-align:top;text-align:left}
td.p{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}tr.error td{background:#fff0f0}
input{margin:.5rem 0;padding:.25rem;width:20rem}
img.shot{display:block;max-width:48rem;margin-top:.25rem;border:1px solid #999}
</style></head><body>
<h1>Trace of session ${escapeHtml(sessionId)}</h1>
<p><span id="count"></span> events. Filter by event prefix: <input id="filter" placeholder="command., step., ref."></p>
<table><thead><tr><th>#</th><th>time</th><th>event</th><th>fields</th></tr></thead><tbody id="rows"></tbody></table>
<script id="trace-data" type="application/json">${escapeForScript(JSON.stringify(events))}</script>
<script id="trace-screens" type="application/json">${escapeForScript(JSON.stringify(screens))}</script>
<script>
const events = JSON.parse(document.getElementById("trace-data").textContent);
const screens = JSON.parse(document.getElementById("trace-screens").textContent);
const rows = document.getElementById("rows");
const render = (prefix) => {
  rows.replaceChildren();
  events.filter((e) => e.event.startsWith(prefix)).forEach((e, i) => {
    const tr = document.createElement("tr");
    if (e.ok === false || /error/.test(e.event)) tr.className = "error";
    const { event, ts_ms, ...fields } = e;
    for (const text of [String(e.seq ?? i + 1), new Date(ts_ms).toISOString(), event, JSON.stringify(fields, null, 1)]) {
      const td = document.createElement("td"); td.textContent = text; tr.appendChild(td);
    }
    tr.lastChild.className = "p";
    const png = screens[String(e.seq)];
    if (png !== undefined) {
      const img = document.createElement("img"); img.className = "shot"; img.alt = e.event + " " + (e.phase ?? "");
      img.src = "data:image/png;base64," + png; tr.lastChild.appendChild(img);
    }
    rows.appendChild(tr);
  });
  document.getElementById("count").textContent = String(rows.children.length);
};
document.getElementById("filter").addEventListener("input", (ev) => render(ev.target.value));
render("");
</script></body></html>
`
