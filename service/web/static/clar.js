// puzzlejudge's clarifications, live: the clarifications page takes in
// new questions, answers and announcements as they come, and every other
// page counts those not seen yet in a badge in its header ("1 new
// clarification"). Seen is the seq of the latest change the viewer had
// on the clarifications page, kept per user in localStorage. The stream
// is open only while the tab is visible. Text from outside (questions,
// answers, names) only ever goes in through textContent.
"use strict";

(function () {
  var badge = document.getElementById("clar-badge");
  if (!badge || !window.EventSource) return;
  var user = badge.getAttribute("data-user") || "";
  var key = "pj-clar-seen/" + user;
  var page = document.getElementById("clarifications");
  var list = document.getElementById("clar-list");
  var template = document.getElementById("answer-template");

  function getSeen() {
    try { return parseInt(window.localStorage.getItem(key), 10) || 0; } catch (e) { return 0; }
  }
  function setSeen(n) {
    if (n <= getSeen()) return;
    try { window.localStorage.setItem(key, String(n)); } catch (e) { /* not kept: counted again */ }
  }

  var kinds = { announcement: "Announcement", answer: "Answered", question: "Waiting for an answer" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // show puts a clarification on the page, as the server renders it, at
  // the top when it is new there.
  function show(v) {
    var a = document.getElementById("clar-" + v.id);
    if (!a) {
      a = document.createElement("article");
      a.id = "clar-" + v.id;
      list.insertBefore(a, list.firstChild);
      var none = document.getElementById("clar-none");
      if (none) none.remove();
    }
    a.className = "clar " + v.kind + " fresh";
    a.setAttribute("data-id", String(v.id));
    a.setAttribute("data-seq", String(v.seq));
    a.textContent = "";
    var meta = el("p", "meta");
    meta.appendChild(el("strong", "kind", kinds[v.kind] || v.kind));
    meta.appendChild(document.createTextNode(" "));
    meta.appendChild(el("span", "about", (v.problem || "general") + (v.contest ? " · " + v.contest : "")));
    meta.appendChild(document.createTextNode(" "));
    meta.appendChild(el("span", "dim", "#" + v.id + (v.from ? " · from " + v.from : "") + (v.to_all ? " · to everyone" : "") +
      (v.answered_by ? " · answered by " + v.answered_by : "")));
    a.appendChild(meta);
    if (v.question) a.appendChild(el("pre", "question", v.question));
    a.appendChild(v.answer ? el("pre", "answer", v.answer) : el("p", "answer pending", "Not answered yet."));
    if (template && v.kind !== "announcement") {
      var form = template.content.firstElementChild.cloneNode(true);
      form.setAttribute("action", "/clarifications/" + encodeURIComponent(String(v.id)) + "/answer");
      form.querySelector("textarea").value = v.answer || "";
      form.querySelector("input[name=to_all]").checked = !!v.to_all;
      if (v.answer) form.querySelector("button").textContent = "Answer again";
      a.appendChild(form);
    }
  }

  // fresh holds the ids counted in the badge: a clarification answered
  // after it was asked counts once.
  var fresh = Object.create(null), count = 0;

  function note(v) {
    if (v.kind === "question" && v.mine) return; // one's own question
    if (v.answered_by && v.answered_by === user) return; // an admin's own answer
    if (fresh[v.id]) return;
    fresh[v.id] = true;
    count++;
    badge.textContent = count + " new clarification" + (count === 1 ? "" : "s");
    badge.hidden = false;
  }

  var last = page ? parseInt(page.getAttribute("data-seq"), 10) || 0 : getSeen();
  if (page) setSeen(last);
  var es = null;

  function open() {
    if (es) return;
    var url = "/clarifications/events?last_event_id=" + last;
    if (page && page.getAttribute("data-contest")) url += "&contest=" + encodeURIComponent(page.getAttribute("data-contest"));
    es = new EventSource(url);
    var take = function (e) {
      var v = JSON.parse(e.data);
      last = Math.max(last, parseInt(e.lastEventId, 10) || 0);
      if (page) {
        show(v);
        if (!document.hidden) setSeen(last);
      } else {
        note(v);
      }
    };
    ["question", "answer", "announcement"].forEach(function (name) { es.addEventListener(name, take); });
  }

  function close() {
    if (es) { es.close(); es = null; }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) close(); else open();
  });
  if (!document.hidden) open();
}());
