// puzzlejudge's source view: colours a submission's source (keywords,
// strings, comments, numbers) for C, C++, Go, Python, Java, Rust and
// Kotlin, with no build step and no library. The source is only ever
// read with textContent and written back as text nodes: nothing in it is
// parsed as HTML. Without JavaScript the page shows it plain.
"use strict";

var highlighter = (function () {
  function words(s) {
    var m = Object.create(null);
    s.split(" ").forEach(function (w) { if (w) m[w] = true; });
    return m;
  }
  var cKw = "auto break case char const continue default do double else enum extern float for goto if inline int long " +
    "register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while " +
    "_Bool bool true false NULL";
  var cppKw = cKw + " alignas alignof and asm catch class constexpr consteval decltype delete explicit export friend " +
    "mutable namespace new noexcept not nullptr operator or private protected public template this throw try typeid " +
    "typename using virtual override final co_await co_return co_yield concept requires static_assert";
  var slash = { line: "//", block: ["/*", "*/"] };
  function lang(kw, quotes, extra) {
    var l = { kw: words(kw), quotes: quotes, line: slash.line, block: slash.block };
    for (var k in extra) l[k] = extra[k];
    return l;
  }
  var langs = {
    c: lang(cKw, ["\"", "'"], { hash: true }),
    cpp: lang(cppKw, ["\"", "'"], { hash: true }),
    go: lang("break case chan const continue default defer else fallthrough for func go goto if import interface map " +
      "package range return select struct switch type var true false nil iota", ["\"", "'", "`"]),
    java: lang("abstract assert boolean break byte case catch char class const continue default do double else enum " +
      "extends final finally float for goto if implements import instanceof int interface long native new package " +
      "private protected public return short static strictfp super switch synchronized this throw throws transient " +
      "try void volatile while var record yield true false null", ["\"", "'"]),
    rust: lang("as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod " +
      "move mut pub ref return self Self static struct super trait true type unsafe use where while", ["\""], { chars: true }),
    kotlin: lang("as break class continue do else false for fun if in interface is null object package return super " +
      "this throw true try typealias typeof val var when while by catch constructor finally get import init " +
      "override private protected public set data sealed open lateinit companion", ["\"\"\"", "\"", "'"]),
    python: { kw: words("False None True and as assert async await break class continue def del elif else except " +
      "finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case self"),
      quotes: ["\"\"\"", "'''", "\"", "'"], line: "#", block: null }
  };
  var aliases = { "c++": "cpp", cc: "cpp", cxx: "cpp", py: "python", python3: "python", pypy3: "python", pypy: "python",
    rs: "rust", kt: "kotlin" };

  var ident = /[A-Za-z_][A-Za-z0-9_]*/y;
  var number = /(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|[0-9][0-9_]*(?:\.[0-9_]+)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+)(?:[A-Za-z_][A-Za-z0-9_]*)?/y;
  var rustChar = /'(?:\\.[^']{0,8}|[^\\'\n])'/y;

  function at(re, src, i) {
    re.lastIndex = i;
    var m = re.exec(src);
    return m ? m[0] : "";
  }

  // stringEnd is the index after the string that opens with q at i: its
  // closing quote, else the line's end (a one-character quote) or the
  // source's end.
  function stringEnd(src, i, q) {
    var j = i + q.length, multi = q.length > 1 || q === "`";
    while (j < src.length) {
      var c = src[j];
      if (c === "\\" && q !== "`") { j += 2; continue; }
      if (!multi && c === "\n") return j;
      if (src.startsWith(q, j)) return j + q.length;
      j++;
    }
    return src.length;
  }

  // tokens splits src into [class, text] pairs; class is "" for plain
  // text, else kw, str, com or num.
  function tokens(src, l) {
    var out = [], plain = "", i = 0;
    function push(cls, text) {
      if (plain) { out.push(["", plain]); plain = ""; }
      out.push([cls, text]);
      i += text.length;
    }
    while (i < src.length) {
      var c = src[i], m, q, k;
      if (l.line && src.startsWith(l.line, i)) {
        var nl = src.indexOf("\n", i);
        push("com", src.slice(i, nl < 0 ? src.length : nl));
        continue;
      }
      if (l.block && src.startsWith(l.block[0], i)) {
        var end = src.indexOf(l.block[1], i + 2);
        push("com", src.slice(i, end < 0 ? src.length : end + 2));
        continue;
      }
      if (l.chars && c === "'" && (m = at(rustChar, src, i))) { push("str", m); continue; }
      for (q = null, k = 0; k < l.quotes.length; k++) {
        if (src.startsWith(l.quotes[k], i)) { q = l.quotes[k]; break; }
      }
      if (q) { push("str", src.slice(i, stringEnd(src, i, q))); continue; }
      if (l.hash && c === "#" && (m = at(ident, src, i + 1))) { push("kw", "#" + m); continue; }
      if ((m = at(ident, src, i))) {
        if (l.kw[m]) { push("kw", m); } else { plain += m; i += m.length; }
        continue;
      }
      if (/[0-9.]/.test(c) && (m = at(number, src, i))) { push("num", m); continue; }
      plain += c;
      i++;
    }
    if (plain) out.push(["", plain]);
    return out;
  }

  // highlight colours one <code data-lang>: a language it does not know,
  // or a source over 512 KiB, stays plain.
  function highlight(code) {
    var name = (code.getAttribute("data-lang") || "").toLowerCase();
    var l = langs[aliases[name] || name];
    var src = code.textContent;
    if (!l || src.length > 512 * 1024) return;
    var frag = document.createDocumentFragment();
    tokens(src, l).forEach(function (t) {
      if (!t[0]) { frag.appendChild(document.createTextNode(t[1])); return; }
      var span = document.createElement("span");
      span.className = "tok-" + t[0];
      span.textContent = t[1];
      frag.appendChild(span);
    });
    code.textContent = "";
    code.appendChild(frag);
    code.setAttribute("data-highlighted", name);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("code[data-lang]").forEach(highlight);
  });
  return { tokens: tokens, langs: langs };
})();
