// The first scan (docs/first-scan.md), inlined at the top of index.html's head by the build
// (scripts/first-screen.mjs, which fills in __ROLE_CHUNKS__; the server allows it by its hash alone). A QR
// link's token is in the fragment, which the server never sees, so the page itself picks the role:
// it announces that role's chunks, its strings and its styles, and asks the link's first screen
// (GET /api/me/first) at once, while the entry chunk still loads. The app takes the answer
// (src/sync/firstScreen.ts); should this script not run, the app asks as before.
(function () {
  var m = /^#\/(player|dealer|display)\/([^/?#]+)/.exec(location.hash);
  var chunks = __ROLE_CHUNKS__[m && m[1]];
  if (!chunks) return;
  var token = m[2];
  try {
    token = decodeURIComponent(token);
  } catch (e) {} // a malformed %-escape: the token as typed (as src/router.ts reads it)
  var answer = fetch("/api/me/first", {
    headers: { Authorization: "Bearer " + token, Accept: "application/json" },
    cache: "no-store",
    credentials: "omit", // no cookies are used; and Chromium gives it a connection of its own, not one of the scripts' six
  });
  answer.catch(function () {}); // offline: the app asks again and shows what it has
  window.__firstScreen = { token: token, answer: answer };
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

  // The first paint: a player's seat, a dealer's table and who sits where, drawn from the answer
  // while the app's code is still on its way (on a slow network it comes ~0.3 s later), over the
  // page until the app shows its own screen. Text only (textContent: names are anyone's typing), in
  // the app's classes (its styles are inline in the page). Words as src/i18n has them. Nothing is
  // drawn when the app got there first (a phone with the app cached), or for anything else (the
  // TV's clock, a player not seated yet): the app draws those.
  var WORDS = {
    en: { table: "Table ", seat: "Seat ", seats: "Seats" },
    de: { table: "Tisch ", seat: "Sitz ", seats: "Sitze" },
  }[lang];
  var APP_SHOWS = { player: "[data-testid=player-seat][data-table]", dealer: "[data-testid^='seat-']" }[m[1]];
  if (!APP_SHOWS) return;
  function el(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }
  function ofKind(views, kind) {
    for (var i = 0; i < views.length; i++) if (views[i] && views[i].kind === kind) return views[i];
    return null;
  }
  function draw(data) {
    var views = (data && data.views) || [];
    var pub = ofKind(views, "public") || {};
    var own = ofKind(views, m[1] === "player" ? "player" : "table");
    if (!own) return null;
    var box = el("div", "first-paint screen");
    box.id = "first-paint";
    box.setAttribute("aria-busy", "true");
    var bar = el("div", "topbar-row", null, el("header", "topbar", null, box));
    var main = el("main", "content", null, box);
    el("p", "muted center tournament-name", pub.name, main);
    if (m[1] === "player") {
      if (own.table_no == null || own.seat == null || own.status === "busted") return null;
      if (pub.status === "finished" || pub.winner) return null; // over: the app says who won
      el("h1", "topbar-title", own.name, bar);
      var card = el("section", "card seat-card", null, main);
      el("div", "player-name", own.name, card);
      var seat = el("div", "player-seat", null, card);
      seat.setAttribute("data-first-paint", "player");
      el("span", "seat-line", WORDS.table + own.table_no, seat);
      el("span", "seat-line", WORDS.seat + own.seat, seat);
    } else {
      if (!own.seats || !own.seats.length) return null;
      el("h1", "topbar-title", WORDS.table + own.table_no, bar);
      var list = el("section", "card", null, main);
      el("h2", null, WORDS.seats + " (" + own.seats.length + "/" + own.max_seats + ")", list);
      var rows = el("ol", "first-paint-seats", null, list);
      rows.setAttribute("data-first-paint", "dealer");
      own.seats.forEach(function (s) {
        var row = el("li", null, null, rows);
        el("strong", null, s.seat, row);
        el("span", null, s.name, row);
      });
    }
    return box;
  }
  answer
    .then(function (r) {
      return r.ok ? r.clone().json() : null; // a copy: the app reads the answer itself
    })
    .then(function (data) {
      var app = document.getElementById("app");
      if (!app || app.firstChild) return; // the app is there first
      var box = draw(data);
      if (!box) return;
      document.body.appendChild(box);
      // Gone once the app shows its screen, 2 s after it showed anything else (a refusal…), and in
      // any case after 15 s (the app's code never came: the page is the app's again, not a stale seat's).
      var timer = null;
      var cap = setTimeout(function () {
        done();
      }, 15000);
      var done = function () {
        watch.disconnect();
        clearTimeout(timer);
        clearTimeout(cap);
        if (box.parentNode) box.parentNode.removeChild(box);
      };
      var watch = new MutationObserver(function () {
        if (app.querySelector(APP_SHOWS)) done();
        else if (app.firstChild && !timer) timer = setTimeout(done, 2000);
      });
      watch.observe(app, { subtree: true, childList: true, attributes: true });
    })
    .catch(function () {});
})();
