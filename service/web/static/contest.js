// puzzlejudge's contest pages: countdowns that tick, and standings that
// follow the contest's stream, fetching the page again (the table as the
// server renders it) at each event. Without the script the page is the
// same, as of its last load.
"use strict";

function tickCountdowns() {
  var els = document.querySelectorAll(".countdown[data-until]");
  if (!els.length) return;
  function span(ms) {
    var s = Math.max(0, Math.round(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    function two(n) { return (n < 10 ? "0" : "") + n; }
    if (h >= 48) return Math.floor(h / 24) + "d " + two(h % 24) + "h";
    if (h > 0) return h + "h " + two(m) + "m";
    return m + "m " + two(s % 60) + "s";
  }
  function tick() {
    for (var i = 0; i < els.length; i++) {
      var left = Date.parse(els[i].getAttribute("data-until")) - Date.now();
      var words = els[i].textContent.split(" in ")[0];
      els[i].textContent = left > 0 ? words + " in " + span(left) : "now: reload";
    }
  }
  setInterval(tick, 1000);
}

function followStandings() {
  var box = document.getElementById("standings");
  if (!box || !window.EventSource) return;
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("standings");
      if (fresh) box.replaceChildren.apply(box, Array.prototype.slice.call(fresh.childNodes));
      box.setAttribute("data-updated", String(Date.now()));
    }).finally(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
  }
  // The first event may already be newer than the page: each one fetches.
  var es = new EventSource(box.getAttribute("data-events"));
  es.addEventListener("standings", refresh);
}

document.addEventListener("DOMContentLoaded", function () {
  tickCountdowns();
  followStandings();
});
