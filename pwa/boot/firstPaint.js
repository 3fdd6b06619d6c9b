// The first paint (docs/first-scan.md), inlined by the build at the end of index.html's head, after
// the stylesheet (scripts/first-screen.mjs, which fills in __TV_WORDS__; the server allows it by its
// hash alone): its bytes come after the boot script (boot/firstScreen.js) sent the link's requests,
// and long before their answer, from which it draws. Nothing to do for a page the boot script left
// alone (no QR link), or where it did not run.
(function () {
  var early = window.__firstScreen;
  if (!early) return;
  var role = early.role, lang = early.lang, answer = early.answer;
  // The first paint: a player's seat, a dealer's table and who sits where, the TV's running clock,
  // drawn from the answer while the app's code is still on its way (on a slow network it comes
  // ~0.3 s later), over the page until the app shows its own screen. Text only (textContent: names
  // are anyone's typing), in the app's classes (its styles are inline in the page). Words as
  // src/i18n has them. Nothing is drawn when the app got there first (a phone with the app cached),
  // or for anything else (a player not seated yet, a clock not simply running, paused or on a
  // break): the app draws those.
  var WORDS = {
    en: { table: "Table ", seat: "Seat ", seats: "Seats" },
    de: { table: "Tisch ", seat: "Sitz ", seats: "Sitze" },
  }[lang];
  // The app's screen, as the link's first screen: for the TV its clock once it has the view (before
  // that it draws an empty 00:00, status-idle, which must not take the paint away).
  var APP_SHOWS = {
    player: "[data-testid=player-seat][data-table]",
    dealer: "[data-testid^='seat-']",
    display: "[data-testid=display]:not(.status-idle) [data-testid=clock-time]",
  }[role];
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

  // ---- The TV (src/views/display/Display.tsx): its clock screen, computed as src/clock/clock.ts
  // clockAt and src/clock/model.ts computeClock do, drawn again every 250 ms as the app's ticks. Only
  // a clock running within a level or a break, or paused in one, on the clock and payouts layouts:
  // a wrong clock on the TV is worse than a late one, so anything else is the app's.
  // Words: the app's own, filled in by the build (scripts/first-screen.mjs) from src/i18n.
  var SAY = __TV_WORDS__[lang];
  function say(key, params) {
    var s = SAY[key];
    if (s == null) return null;
    return s.replace(/\{(\w+)\}/g, function (all, k) {
      return params && params[k] != null ? String(params[k]) : all;
    });
  }
  function entryMs(e) {
    return e.kind === "stop" ? 0 : Math.round(Number(e.minutes) * 60000);
  }
  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }
  // formatRemaining: "MM:SS", "H:MM:SS" from an hour, the partial second counted up.
  function remainingText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600);
    var rest = pad(Math.floor((s % 3600) / 60)) + ":" + pad(s % 60);
    return h > 0 ? h + ":" + rest : rest;
  }
  // The tournament's region and the phone's language pick the grouping (src/i18n/format.ts).
  var numberLocale = "en-US";
  function num(n, digits) {
    if (n == null || !isFinite(n)) return "–";
    var o = { minimumFractionDigits: 0, maximumFractionDigits: digits || 0 };
    if (digits < 0) o.minimumFractionDigits = o.maximumFractionDigits = -digits; // money to the cent
    var f;
    try {
      f = new Intl.NumberFormat(numberLocale, o);
    } catch (e) {
      f = new Intl.NumberFormat("de-DE", o);
    }
    return f.format(Number(n)).replace(/\u2019/g, "'");
  }
  function money(n, currency) {
    if (n == null || !isFinite(n)) return "–";
    var c = String(currency == null ? "" : currency).trim();
    var unit = c.toUpperCase() === "EUR" ? "€" : c;
    var s = num(n, Math.abs(n - Math.round(n)) < 1e-9 ? 0 : -2);
    return unit ? s + " " + unit : s;
  }
  function ordinal(n) {
    if (lang === "de") return n + ".";
    var x = n % 100 >= 11 && n % 100 <= 13 ? 0 : n % 10;
    return n + (["th", "st", "nd", "rd"][x] || "th");
  }
  function reasonWord(reason) {
    var r = reason || "race_for_chips";
    return say("clock.stop." + r) || r.replace(/_/g, " ");
  }
  function entryLabel(e, level) {
    if (e.kind === "break") return say(e.addon ? "clock.break_addon" : "clock.break");
    if (e.kind === "stop") return reasonWord(e.reason);
    return say("clock.level", { n: level == null ? "?" : level });
  }
  function blinds(e) {
    return num(e.sb) + " / " + num(e.bb);
  }
  // "Level 5: 100 / 200 · Ante 200", "Break (10 min)", "Stop: Race for chips" (ui/clockText.ts refLabel).
  function refLabel(e, level) {
    if (e.kind === "break") return say(e.addon ? "clock.next_break_addon" : "clock.next_break", { m: e.minutes });
    if (e.kind === "stop") return say("clock.next_stop", { reason: reasonWord(e.reason) });
    return entryLabel(e, level) + ": " + blinds(e) + (e.ante ? " · " + say("clock.ante") + " " + num(e.ante) : "");
  }
  // The clock now, or null where the app would show something else: not started, halted at a stop,
  // past the last entry, the end, or a clock or structure it could not read as a plain one.
  function clockNow(pub, now) {
    var structure = pub.structure, c = pub.clock;
    if (!structure || !structure.length || !c || (c.status !== "running" && c.status !== "paused")) return null;
    if (c.status === "paused" && c.reason === "tournament_over") return null;
    var levels = [], n = 0;
    for (var i = 0; i < structure.length; i++) {
      var kind = structure[i].kind;
      if (kind !== "level" && kind !== "break" && kind !== "stop") return null;
      levels.push(kind === "level" ? (typeof structure[i].level === "number" ? (n = structure[i].level) : ++n) : null);
    }
    var index = Math.max(0, Math.trunc(Number(c.level_index)) || 0);
    var t = Math.trunc(Number(c.elapsed_ms)) || 0;
    if (c.status === "running") {
      if (!isFinite(c.anchor_at) || c.anchor_at == null) return null;
      t += Math.max(0, now - c.anchor_at); // a device behind the anchor sees the anchor, never less
    }
    for (; index < structure.length; index++) {
      var entry = structure[index];
      if (entry.kind === "stop") return null;
      if (t < entryMs(entry)) break;
      t -= entryMs(entry);
    }
    if (index >= structure.length) return null;
    var found = function (from, step, kind) {
      for (var j = from; j >= 0 && j < structure.length; j += step) if (!kind || structure[j].kind === kind) return j;
      return -1;
    };
    var remaining = entryMs(entry) - t;
    var breakMs = entry.kind === "break" ? 0 : Math.max(0, remaining);
    var breakAt = entry.kind === "break" ? index : -1;
    for (var b = index + 1; breakAt < 0 && b < structure.length; b++) {
      if (structure[b].kind === "break") breakAt = b;
      else breakMs += entryMs(structure[b]);
    }
    var rules = pub.clock_rules || {};
    var last = entry.kind === "level" ? index : found(index - 1, -1, "level");
    var nextLevel = found(index + 1, 1, "level");
    return {
      structure: structure,
      levels: levels,
      status: c.status,
      index: index,
      entry: entry,
      remaining: remaining,
      reason: c.status === "paused" ? c.reason || "director" : null,
      lastLevel: last,
      nextLevel: nextLevel,
      nextBreakMs: breakAt < 0 ? null : breakMs,
      // N-2.25: "new blinds from the next hand" in a new level's first seconds (model.ts newBlindsNotice)
      nextHand:
        rules.level_change === "next_hand" &&
        entry.kind === "level" &&
        found(index - 1, -1, "level") >= 0 &&
        t < Math.max(0, Number(rules.new_blinds_notice_seconds == null ? 120 : rules.new_blinds_notice_seconds)) * 1000,
    };
  }
  // "Colour-up: remove the 25 and 100 chips — chip race" (ui/clockText.ts colourUpText).
  function colourUp(cu) {
    var chips = (Array.isArray(cu.remove) ? cu.remove : []).filter(function (x) {
      return isFinite(Number(x));
    }).map(function (x) {
      return num(Number(x));
    });
    if (!chips.length) return say("clock.colour_up_any");
    var list = chips.length > 1 ? chips.slice(0, -1).join(", ") + " " + say("clock.and") + " " + chips[chips.length - 1] : chips[0];
    var method = say("clock.colour_up." + cu.method);
    return method ? say("clock.colour_up", { chips: list, method: method }) : say("clock.colour_up_plain", { chips: list });
  }
  // The newest of the room's moments (ui/Moments.tsx currentMoment); big while new (3 minutes).
  function moment(pub) {
    var best = null, kinds = ["bubble", "money", "final_table"];
    for (var i = 0; i < kinds.length; i++) {
      var at = pub.moments && pub.moments[kinds[i]];
      if (typeof at === "number" && (!best || at >= best.at)) best = { kind: kinds[i], at: at };
    }
    return best;
  }
  // The TV's clock screen over the page, or null (then the app's alone). `now`: server time.
  function tvScreen(pub, now, layout, theme) {
    var c = clockNow(pub, now);
    var big = moment(pub);
    // The winner, hand-for-hand, a moment still new and the director's announcements: a band or a
    // screen of their own on the TV, which only the app draws.
    if (!c || pub.winner || pub.status === "finished" || pub.hand_for_hand || (pub.announcements && pub.announcements.length)) return null;
    if (big && now - big.at < 180000) return null;
    var e = c.entry, structure = c.structure;
    var portrait = window.innerHeight > window.innerWidth;
    var box = el(
      "div",
      "first-paint display layout-" + layout + " theme-" + theme + (portrait ? " is-portrait" : " is-landscape") + " is-" + e.kind + " status-" + c.status + " page-clock",
    );
    box.id = "first-paint";
    // For the eyes only: the app draws its first frame (its 00:00 before it has the view) under the
    // paint, and that is the page for assistive technology until its clock replaces the paint; no
    // second set of landmarks (divs where the app has header, main and aside: its classes carry the
    // looks) and no text outside them meanwhile.
    box.setAttribute("aria-hidden", "true");
    el("h1", "display-name", pub.name || "", el("div", "display-bar", null, box));
    var body = el("div", "display-body", null, box);
    var main = el("div", "display-main", null, body);
    var head = el("div", "display-level", null, main);
    var lastNo = c.lastLevel >= 0 ? c.levels[c.lastLevel] : null;
    el("span", null, e.kind === "level" ? entryLabel(e, c.levels[c.index]) : lastNo ? say("clock.after_level_title", { n: lastNo }) : entryLabel(e), head);
    el("span", "clock-status status-" + c.status, say(c.status === "paused" ? "clock.paused" : "clock.running"), head);
    var title = { bubble: "moment.bubble", money: "moment.money", final_table: "moment.final_table" }[big && big.kind];
    if (title) el("strong", "moment-title", say(title), el("section", "moment moment-tv moment-" + big.kind + " is-quiet", null, head));
    var notices = [];
    if (c.reason) notices.push(["notice-paused", say("clock.paused_by." + c.reason) || say("clock.paused")]);
    if (c.nextHand) notices.push(["notice-next-hand", say("clock.notice_next_hand")]);
    if (e.colour_up) notices.push(["notice-colour-up", colourUp(e.colour_up)]);
    if (notices.length) {
      var noticeBox = el("div", "clock-notices display-notices", null, main);
      notices.forEach(function (x) {
        el("p", "notice " + x[0], x[1], noticeBox);
      });
    }
    var time = el("div", "display-time", remainingText(c.remaining), main);
    time.setAttribute("data-first-paint", "display");
    time.setAttribute("data-remaining-ms", String(c.remaining));
    var line = el("div", "display-blinds" + (e.kind === "level" ? "" : " is-" + e.kind), null, main);
    if (e.kind === "level") {
      el("span", null, blinds(e), line);
      if (e.ante) el("span", "clock-ante", say("clock.ante") + " " + num(e.ante), line);
    } else el("span", null, entryLabel(e), line);
    var next = c.index + 1 < structure.length ? c.index + 1 : -1;
    var nextWhat = next < 0 ? say("clock.no_next") : refLabel(structure[next], c.levels[next]);
    if (next >= 0 && structure[next].kind !== "level" && c.nextLevel >= 0) {
      nextWhat += ", " + say("clock.then", { what: refLabel(structure[c.nextLevel], c.levels[c.nextLevel]) });
    }
    var nextRow = el("div", "display-next", null, main);
    el("span", "muted", say("clock.next") + ": ", nextRow);
    el("span", null, nextWhat, nextRow);
    if (layout === "clock" && c.index + 2 < structure.length) {
      var later = el("section", "tv-upcoming", null, main);
      el("h2", null, say("display.upcoming"), later);
      var rows = el("ol", null, null, later);
      for (var i = c.index + 2; i < structure.length && i < c.index + 5; i++) {
        var row = el("li", "is-" + structure[i].kind, null, rows);
        el("span", "tv-upcoming-what", refLabel(structure[i], c.levels[i]), row);
        if (structure[i].kind === "level" && structure[i].minutes) el("span", "tv-upcoming-min", say("display.minutes", { m: structure[i].minutes }), row);
      }
    }
    var side = el("div", "display-side", null, body);
    var stats = el("div", "display-stats", null, side);
    function tile(label, cls) {
      var t = el("div", cls, null, stats);
      el("span", "label", label, t);
      return t;
    }
    var left = el("strong", null, null, tile(say("display.players_left")));
    el("span", null, String(pub.players_left), left);
    el("span", "sub", " / " + (pub.entries_total == null ? "–" : pub.entries_total), left);
    var avg = tile(say("display.avg_stack"));
    el("strong", null, num(pub.average_stack), avg);
    var force = c.lastLevel >= 0 ? structure[c.lastLevel] : c.nextLevel >= 0 ? structure[c.nextLevel] : null;
    var inBb = force && Number(force.bb) > 0 && Number(pub.average_stack) > 0 ? Number(pub.average_stack) / Number(force.bb) : null;
    if (inBb != null) inBb = inBb < 10 ? Math.floor(inBb * 10) / 10 : Math.floor(inBb); // never rounds up past the truth
    el("span", "sub", inBb == null ? "–" : say("display.avg_bb", { n: num(inBb, 1) }), avg);
    var breakIn = c.nextBreakMs;
    el(
      "strong",
      breakIn ? "" : "is-text",
      breakIn == null ? say("display.no_break") : breakIn === 0 ? say("display.break_now") : remainingText(breakIn),
      tile(say("display.next_break")),
    );
    var payouts = Array.isArray(pub.payouts) ? pub.payouts : [];
    var pool = tile(say("display.prize_pool"), "prize-tile");
    pool.hidden = !pub.prize_pool && !payouts.length;
    el("strong", pub.prize_pool ? "" : "is-text", pub.prize_pool ? money(pub.prize_pool, pub.currency) : "–", pool);
    if (payouts.length) {
      var most = layout === "payouts" ? 12 : 10;
      var paid = el("section", "payouts display-payouts", null, side);
      el("h2", null, say("display.payouts"), paid);
      var places = el("ol", payouts.length > 5 ? "is-two-col" : "", null, paid);
      payouts.slice(0, most).forEach(function (p) {
        var place = el("li", null, null, places);
        el("span", "payout-place", ordinal(p.place), place);
        el("span", "payout-amount", money(p.amount, pub.currency), place);
        el("span", "payout-pct", num(p.percent, 2) + "%", place);
      });
      if (payouts.length > most) el("p", "muted small", say("display.more_places", { n: payouts.length - most }), paid);
    }
    return box;
  }
  // The TV's link picks its layout and theme after the token (src/ui/screens.ts screenOptions): the
  // clock and payouts layouts are this clock screen; the others show lists the answer does not hold.
  function tvPaint(data, offset) {
    var pub = ofKind((data && data.views) || [], "public");
    var options = new URLSearchParams(location.hash.split("?")[1] || "");
    var layout = options.get("layout");
    if (layout === "moves" || layout === "seating" || layout === "lobby") return null;
    if (layout !== "payouts") layout = "clock";
    var theme = options.get("theme");
    if (!/^(night|day|felt|royal)$/.test(theme)) theme = "night"; // the club's look comes with the app; until then night, as there
    if (!pub) return null;
    var region = String(pub.region || "").toUpperCase();
    if (!/^[A-Z]{2}$/.test(region)) region = { CHF: "CH", EUR: "DE" }[String(pub.currency || "").toUpperCase()] || "DE";
    numberLocale = lang === "de" ? "de-" + region : "en-US";
    var box = tvScreen(pub, Date.now() + offset, layout, theme);
    if (!box) return null;
    // Drawn again every 250 ms (the app's tick): the time left counts down, a level ends and the
    // next begins. Should the clock reach what the paint does not draw (a stop, the end), it goes.
    var ticking = setInterval(function () {
      var fresh = box.parentNode && tvScreen(pub, Date.now() + offset, layout, theme);
      if (!fresh) return box.stop();
      while (box.firstChild) box.removeChild(box.firstChild);
      while (fresh.firstChild) box.appendChild(fresh.firstChild);
      box.className = fresh.className;
    }, 250);
    box.stop = function () {
      clearInterval(ticking);
      if (box.parentNode) box.parentNode.removeChild(box);
    };
    return box;
  }

  function draw(data, offset) {
    if (role === "display") return tvPaint(data, offset);
    var views = (data && data.views) || [];
    var pub = ofKind(views, "public") || {};
    var own = ofKind(views, role === "player" ? "player" : "table");
    if (!own) return null;
    var box = el("div", "first-paint screen");
    box.id = "first-paint";
    box.setAttribute("aria-busy", "true");
    var bar = el("div", "topbar-row", null, el("header", "topbar", null, box));
    var main = el("main", "content", null, box);
    el("p", "muted center tournament-name", pub.name, main);
    if (role === "player") {
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
  var serverTime = NaN;
  answer
    .then(function (r) {
      serverTime = Number(r.headers.get("X-Server-Time"));
      return r.ok ? r.clone().json() : null; // a copy: the app reads the answer itself
    })
    .then(function (data) {
      var app = document.getElementById("app");
      if (!app || app.firstChild) return; // the app is there first
      // The server-time offset as src/sync/api.ts takes it: the answer's time, else its header,
      // against the middle of the round trip.
      var at = data && typeof data.server_time === "number" ? data.server_time : serverTime;
      var offset = at > 0 ? Math.round(at - (early.sent + early.received) / 2) : 0;
      var box = draw(data, offset);
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
        if (box.stop) box.stop();
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
