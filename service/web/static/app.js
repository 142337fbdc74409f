// puzzlejudge's page: the language from the file name, and a submission's
// tests filled in live from its event stream. Text from outside (names,
// messages, diffs, compiler output) only ever goes in through textContent.
"use strict";

// fmtSize is problem.FormatSize, the form limits are written in ("64MiB").
function fmtSize(kb) {
  var n = kb * 1024, units = [["GiB", 1 << 30], ["MiB", 1 << 20], ["KiB", 1024]];
  for (var i = 0; i < units.length; i++) {
    if (n >= units[i][1] && n % units[i][1] === 0) return (n / units[i][1]) + units[i][0];
    if (n >= units[i][1]) {
      var s = String(Math.round(n / units[i][1] * 1000) / 1000);
      return s + units[i][0];
    }
  }
  return n + "B";
}

// fmtMemory is the CLI's rule for memory figures (report.Memory): whole KiB
// below 10 MiB, then MiB, then GiB with one decimal.
function fmtMemory(kb) {
  if (kb < 10 * 1024) return kb + " KiB";
  if (kb < 10 * 1024 * 1024) return (kb / 1024).toFixed(1) + " MiB";
  return (kb / (1024 * 1024)).toFixed(1) + " GiB";
}

// firstLine is a message's first line, marked when it goes on.
function firstLine(s) {
  var i = s.indexOf("\n");
  return i < 0 ? s : s.slice(0, i) + " …";
}

function verdictClass(v) { return v === "AC" ? "good" : (v ? "bad" : "pending"); }

function pickLanguage() {
  var form = document.getElementById("submit-form");
  if (!form) return;
  var file = document.getElementById("file"), name = document.getElementById("filename"), lang = document.getElementById("language");
  function choose(fn) {
    var dot = fn.lastIndexOf(".");
    if (dot < 0) return;
    var ext = fn.slice(dot);
    for (var i = 0; i < lang.options.length; i++) {
      var exts = (lang.options[i].getAttribute("data-ext") || "").split(" ");
      if (exts.indexOf(ext) >= 0) { lang.selectedIndex = i; return; }
    }
  }
  file.addEventListener("change", function () {
    if (file.files.length) { name.value = file.files[0].name; choose(file.files[0].name); }
  });
  name.addEventListener("change", function () { choose(name.value); });
}

function testRow(t) {
  var body = document.querySelector("#tests tbody");
  var row = null;
  for (var i = 0; i < body.rows.length; i++) {
    if (body.rows[i].getAttribute("data-test") === t.name) { row = body.rows[i]; break; }
  }
  if (!row) {
    row = body.insertRow(-1);
    row.setAttribute("data-test", t.name);
    for (var j = 0; j < 5; j++) row.insertCell(-1);
    row.cells[0].textContent = t.name;
    row.cells[1].className = "v"; row.cells[2].className = "t"; row.cells[3].className = "m"; row.cells[4].className = "msg";
  }
  return row;
}

function fillTest(t) {
  var row = testRow(t);
  row.cells[1].textContent = t.verdict;
  row.cells[1].className = "v " + verdictClass(t.verdict);
  row.cells[2].textContent = t.time_ms + " ms";
  row.cells[3].textContent = fmtMemory(t.memory_kb);
  var msg = row.cells[4];
  msg.textContent = t.message ? firstLine(t.message) : "";
  if (t.diff && t.diff.text) {
    var pre = document.createElement("pre");
    pre.className = "diff";
    pre.textContent = t.diff.text;
    msg.appendChild(pre);
  }
}

// dropUnjudged removes the rows of tests the final report does not have
// (none after a compile error), and marks those it names as not run
// (lazy judging stopped at an earlier failure), as the page rendered once
// done shows them.
function dropUnjudged(tests, notRun) {
  var names = Object.create(null), skipped = Object.create(null);
  tests.forEach(function (t) { names[t.name] = true; });
  (notRun || []).forEach(function (n) { skipped[n] = true; testRow({ name: n }); });
  var body = document.querySelector("#tests tbody");
  for (var i = body.rows.length - 1; i >= 0; i--) {
    var name = body.rows[i].getAttribute("data-test");
    if (names[name]) continue;
    if (skipped[name]) {
      var row = body.rows[i];
      row.cells[1].textContent = "not run";
      row.cells[1].className = "v pending";
      for (var j = 2; j < row.cells.length; j++) row.cells[j].textContent = "";
      continue;
    }
    body.deleteRow(i);
  }
}

function fillCompile(c, verdict) {
  var el = document.getElementById("compile");
  el.textContent = (c.ok ? "ok" : (verdict === "IE" ? "IE" : "CE")) + " ";
  var extra = document.createElement("span");
  extra.className = "dim";
  extra.textContent = "(" + (c.cached ? "cached" : (!c.ok && verdict === "IE" ? "the judge could not compile; see the internal error below" : c.time_ms + " ms")) + ")";
  el.appendChild(extra);
  var out = document.getElementById("compile-output");
  if (!c.ok && c.output) { out.textContent = c.output; out.hidden = false; }
}

function follow() {
  var sub = document.getElementById("submission");
  if (!sub || sub.getAttribute("data-state") === "done" || !window.EventSource) return;
  var id = sub.getAttribute("data-id");
  var es = new EventSource("/submissions/" + encodeURIComponent(id) + "/events");
  var state = document.getElementById("state");
  es.addEventListener("state", function (e) {
    var d = JSON.parse(e.data);
    state.textContent = d.state + (d.attempt > 1 ? " (attempt " + d.attempt + ")" : "");
    sub.setAttribute("data-state", d.state);
  });
  es.addEventListener("compile", function (e) { fillCompile(JSON.parse(e.data), ""); });
  es.addEventListener("test", function (e) { fillTest(JSON.parse(e.data)); });
  es.addEventListener("verdict", function (e) {
    es.close();
    showReport(sub, JSON.parse(e.data));
  });
  // The browser reconnects by itself after a dropped connection; an
  // answer that is not a stream (the session ended, say) closes it for
  // good, and the page says so rather than wait forever.
  es.addEventListener("error", function () {
    if (es.readyState !== EventSource.CLOSED || sub.getAttribute("data-state") === "done" || document.getElementById("live-stopped")) return;
    var p = document.createElement("p");
    p.id = "live-stopped";
    p.className = "notice";
    p.textContent = "Live updates stopped; reload the page to see where the submission is.";
    sub.insertBefore(p, sub.firstChild);
  });
}

// showReport fills the page from the final report, as the server renders
// a done submission.
function showReport(sub, d) {
  var names = {};
  try { names = JSON.parse(sub.getAttribute("data-verdicts") || "{}"); } catch (err) { names = {}; }
  var tests = d.tests || [];
  sub.setAttribute("data-state", "done");
  document.getElementById("state").textContent = "done" + (d.attempt > 1 ? " (attempt " + d.attempt + ")" : "");
  var v = document.getElementById("verdict");
  v.textContent = d.verdict || "";
  v.className = verdictClass(d.verdict);
  // The test named is the one the verdict is about, as the CLI names it
  // (judging.Report.DecidingTest): the first that got the verdict, else
  // the first not accepted.
  var long = "", bad = "", deciding = "", passed = 0;
  tests.forEach(function (t) {
    if (t.verdict === "AC") { passed++; return; }
    if (!bad) bad = t.name;
    if (!deciding && t.verdict === d.verdict) deciding = t.name;
  });
  bad = deciding || bad;
  if (d.verdict) long = " (" + (Object.prototype.hasOwnProperty.call(names, d.verdict) ? names[d.verdict] : d.verdict) + ")" + (bad ? " on test " + bad : "");
  document.getElementById("verdict-long").textContent = long;
  if (d.sandbox) document.getElementById("sandbox").textContent = d.sandbox + " (memory: " + ((d.measurement || {}).memory || "") + ")";
  if (d.limits) {
    var over = d.limits.overrides || [];
    var mark = function (key) { return over.indexOf(key) >= 0 ? " (override)" : ""; };
    document.getElementById("limits").textContent = "time " + d.limits.time_ms + " ms" + mark("time_ms") + "   wall " + d.limits.wall_ms +
      " ms   memory " + fmtSize(d.limits.memory_kb) + mark("memory_kb") + "   output " + fmtSize(d.limits.output_kb);
  }
  if (d.compile) fillCompile(d.compile, d.verdict);
  var warnings = document.getElementById("warnings");
  warnings.textContent = "";
  (d.warnings || []).forEach(function (w) {
    var p = document.createElement("p");
    p.className = "notice";
    p.textContent = w;
    warnings.appendChild(p);
  });
  tests.forEach(fillTest);
  dropUnjudged(tests, d.not_run);
  document.getElementById("summary").textContent = tests.length ?
    passed + "/" + tests.length + " passed   max time " + d.max_time_ms + " ms   max memory " + fmtMemory(d.max_memory_kb) : "";
  if (d.error) { var er = document.getElementById("error"); er.textContent = d.error; er.hidden = false; }
  showScore(d);
}

// fmtScore writes a score, and its maximum when known, as the CLI does:
// "30/50", "12.5".
function fmtScore(x, most) { return String(x) + (most === undefined || most === null ? "" : "/" + String(most)); }

// showScore fills a scoring problem's score and its groups' rows from the
// final report; a pass-fail problem's report has neither.
function showScore(d) {
  var has = d.score !== undefined && d.score !== null;
  var score = document.getElementById("score");
  score.textContent = has ? fmtScore(d.score, d.max_score) : "";
  score.hidden = !has;
  document.getElementById("score-label").hidden = !has;
  var groups = d.groups || [];
  var body = document.getElementById("groups").tBodies[0];
  body.textContent = "";
  groups.forEach(function (g) {
    var row = body.insertRow();
    row.insertCell().textContent = g.name;
    var v = row.insertCell();
    v.textContent = g.verdict;
    v.className = "v " + verdictClass(g.verdict);
    row.insertCell().textContent = fmtScore(g.score, g.max_score);
  });
  document.getElementById("groups-box").hidden = groups.length === 0;
}

document.addEventListener("DOMContentLoaded", function () { pickLanguage(); follow(); });
