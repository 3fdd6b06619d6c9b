// The first scan (docs/first-scan.md), inlined at the top of index.html's head by the build
// (scripts/first-screen.mjs, which fills in __ROLE_CHUNKS__; the server allows it by its hash alone). A QR
// link's token is in the fragment, which the server never sees, so the page itself picks the role:
// it announces that role's chunks, its strings and its styles, and asks the link's first screen
// (GET /api/me/first) at once, while the entry chunk still loads. The app takes the answer
// (src/sync/firstScreen.ts); should this script not run, the app asks as before. Small on purpose:
// every byte of it comes before these requests go out. What is drawn from the answer before the
// app's code is there is boot/firstPaint.js, after the stylesheet.
(function () {
  var m = /^#\/(player|dealer|display)\/([^/?#]+)/.exec(location.hash);
  var chunks = __ROLE_CHUNKS__[m && m[1]];
  if (!chunks) return;
  var token = m[2];
  try {
    token = decodeURIComponent(token);
  } catch (e) {} // a malformed %-escape: the token as typed (as src/router.ts reads it)
  var sent = Date.now();
  var answer = fetch("/api/me/first", {
    headers: { Authorization: "Bearer " + token, Accept: "application/json" },
    cache: "no-store",
    credentials: "omit", // no cookies are used; and Chromium gives it a connection of its own, not one of the scripts' six
  });
  // The language as src/i18n/index.ts picks it: the phone's choice, else the browser's.
  var lang = "en";
  try {
    lang = localStorage.getItem("pokerfloor.lang") || "";
  } catch (e) {}
  if (lang !== "de" && lang !== "en") {
    var langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    lang = "en";
    for (var i = 0; i < langs.length; i++) {
      var p = String(langs[i] || "").toLowerCase().slice(0, 2);
      if (p === "de" || p === "en") {
        lang = p;
        break;
      }
    }
  }
  // The moments around the request, for the server-time offset (src/sync/api.ts): the app takes this
  // sample with the answer (src/sync/firstScreen.ts), so its clock and the TV's first paint agree.
  // The role and the language: for the first paint (boot/firstPaint.js).
  var early = (window.__firstScreen = { token: token, answer: answer, sent: sent, received: 0, role: m[1], lang: lang });
  answer.then(
    function () {
      early.received = Date.now(); // registered first: set before the app's own callback runs
    },
    function () {}, // offline: the app asks again and shows what it has
  );
  function announce(rel, href, as) {
    var link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = ""; // as Vite's own links: the same request, so the later <link> or import() reuses it
    document.head.appendChild(link);
  }
  chunks.js.concat(chunks.strings[lang] || []).forEach(function (f) {
    announce("modulepreload", f);
  });
  chunks.css.forEach(function (f) {
    announce("preload", f, "style");
  });
})();
