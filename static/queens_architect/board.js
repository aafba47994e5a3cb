/* Queen's Architect board: builds each move from clicks on the pieces the server lists for it
   (the flow in #qa-flow: every legal move with its steps, labels of the button steps, the
   engine's reasons for pieces that start no legal move). No rule of the game lives here. */
(function () {
  "use strict";
  // htmx runs this script again with every redrawn board: the listeners exist once.
  if (window.QABoard) { window.QABoard.init(); return; }
  var S = { flow: null, chosen: [], selection: [], busy: false, current: null, lastEl: null, field: null };
  var BUTTON = /^(btn|turns|climb|redeem):/;

  function root() { return document.getElementById("qa"); }
  function $(id) { return document.getElementById(id); }
  function has(list, item) { return list.indexOf(item) >= 0; }
  function str(key) {
    var t = $("qa-strings");
    var el = t && t.content.querySelector('[data-s="' + key + '"]');
    return el ? el.textContent : key;
  }
  function keysOf(el) { return (el.getAttribute("data-k") || "").split(" ").filter(Boolean); }
  function isSet(step) { return step !== null && typeof step === "object"; }
  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (!has(b, a[i])) return false;
    return true;
  }
  function pieces() { return Array.prototype.slice.call(root().querySelectorAll("[data-k]")); }

  function candidates() {
    return S.flow.moves.filter(function (entry) {
      if (entry.s.length < S.chosen.length) return false;
      for (var i = 0; i < S.chosen.length; i++) {
        var step = entry.s[i], chosen = S.chosen[i];
        if (isSet(step) !== isSet(chosen)) return false;
        if (isSet(step) ? !sameSet(step.set, chosen.set) : step !== chosen) return false;
      }
      return true;
    });
  }

  // What may be chosen next: single keys, and the members of the sets being selected.
  function nextSteps(cands) {
    var out = { keys: [], setKeys: [], field: null, sets: [] };
    cands.forEach(function (entry) {
      var step = entry.s[S.chosen.length];
      if (step === undefined) return;
      if (isSet(step)) {
        out.field = step.field;
        out.sets.push(step.set);
        step.set.forEach(function (k) { if (!has(out.setKeys, k)) out.setKeys.push(k); });
      } else if (!has(out.keys, step)) out.keys.push(step);
    });
    return out;
  }

  function refresh() {
    var next = nextSteps(candidates());
    S.field = next.sets.length ? next.field : null;
    var choosable = next.keys.concat(next.setKeys);
    pieces().forEach(function (el) {
      var keys = keysOf(el);
      var on = keys.some(function (k) { return has(choosable, k); });
      el.classList.toggle("qa-hl", on);
      var selected = keys.some(function (k) { return has(S.selection, k); });
      el.classList.toggle("qa-sel", selected);
    });
    var box = $("qa-buttons");
    box.innerHTML = "";
    next.keys.filter(function (k) { return BUTTON.test(k); }).forEach(function (k) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = k === "btn:end_turn" ? "qa-btn qa-btn-end" : (k === "btn:undo" || k === "btn:decline" || k === "btn:skip_hire" || k === "btn:draft_pass" ? "qa-btn secondary" : "qa-btn");
      b.textContent = S.flow.labels[k] || k;
      b.setAttribute("data-choice", k);
      b.addEventListener("click", function () { S.lastEl = b; choose(k); });
      box.appendChild(b);
    });
    $("qa-confirm").hidden = !S.field;
    $("qa-cancel").hidden = !(S.chosen.length || S.selection.length);
    var hint = S.field ? str("set") : (S.chosen.length ? str("next") : str("start"));
    $("qa-hint").textContent = hint;
    focusable(choosable);
  }

  // Highlighted pieces are buttons with one tab stop between them; the others give it back.
  function focusable(choosable) {
    var choices = pieces().filter(function (el) { return el.classList.contains("qa-hl"); });
    pieces().forEach(function (el) {
      if (has(choices, el)) return;
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
      el.removeAttribute("aria-pressed");
    });
    if (!has(choices, S.current)) S.current = choices[0] || null;
    choices.forEach(function (el) {
      var key = keysOf(el).filter(function (k) { return has(choosable, k); })[0];
      var label = S.flow.labels[key];
      var title = el.getAttribute("data-title") || key;
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", label ? label + ": " + title : title);
      if (S.field) el.setAttribute("aria-pressed", el.classList.contains("qa-sel") ? "true" : "false");
      else el.removeAttribute("aria-pressed");
      el.setAttribute("tabindex", el === S.current ? "0" : "-1");
    });
  }

  function choose(key) {
    if (S.busy) return;
    S.chosen.push(key);
    advance();
  }

  function advance() {
    var cands = candidates();
    var done = cands.filter(function (e) { return e.s.length === S.chosen.length; });
    if (cands.length === 1) return submit(cands[0].m);  // only one move left: no more questions
    if (done.length === 1) return submit(done[0].m);
    refresh();
  }

  function toggle(key) {
    var i = S.selection.indexOf(key);
    if (i >= 0) S.selection.splice(i, 1); else S.selection.push(key);
    refresh();
  }

  function confirmSet() {
    var next = nextSteps(candidates());
    var match = next.sets.filter(function (set) { return sameSet(set, S.selection); })[0];
    if (match) {
      S.chosen.push({ set: match, field: S.field });
      S.selection = [];
      return advance();
    }
    // No legal move has this selection: the engine says why (it refuses and changes nothing).
    var entry = candidates().filter(function (e) { return isSet(e.s[S.chosen.length]); })[0];
    var move = JSON.parse(JSON.stringify(entry.m));
    move[S.field] = S.selection.map(function (k) { return k.slice(k.indexOf(":") + 1); });
    S.lastEl = $("qa-confirm");
    submit(move);
  }

  function reset() {
    S.chosen = [];
    S.selection = [];
    if (S.flow) refresh();
  }

  function clickPiece(el, key) {
    if (!S.flow || S.busy) return enlarge(el);
    var next = nextSteps(candidates());
    var keys = keysOf(el);
    S.lastEl = el;
    var member = keys.filter(function (k) { return has(next.setKeys, k); })[0];
    if (member) return toggle(member);
    var step = key || keys.filter(function (k) { return has(next.keys, k); })[0];
    if (step) return choose(step);
    var reason = keys.map(function (k) { return S.flow.reasons[k]; }).filter(Boolean)[0];
    tip(el, reason || str("not-now"));
  }

  // ---------------------------------------------------------------- sending

  // The POST, the reload and the reason's tip: the boards' shared helpers (static/boards/board-kit.js).
  function submit(move) {
    if (S.busy) return;
    S.busy = true;
    $("qa-hint").textContent = str("busy");
    // the board is redrawn after the move: keyboard users keep their place on it
    var active = document.activeElement;
    S.refocus = !!active && active !== document.body && root().contains(active);
    window.BoardKit.submit(root(), move, function (error) {
      S.busy = false;
      reset();
      tip(S.lastEl, error);
    }, function () { tip(S.lastEl, str("stale")); });
  }

  // ---------------------------------------------------------------- information

  function tip(el, text) { window.BoardKit.tip(root(), el, text, $("qa-tip")); }

  // A piece drawn large in a dialog with its title, its text and, if it is no choice now, why.
  function enlarge(el) {
    var dialog = $("qa-zoom");
    if (!dialog || !el) return;
    var art = $("qa-zoom-art");
    art.innerHTML = "";
    var copy = el.cloneNode(true);
    copy.removeAttribute("tabindex");
    copy.classList.remove("qa-hl", "qa-sel");
    if (el instanceof SVGGraphicsElement) {
      var b = el.getBBox();
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", (b.x - 6) + " " + (b.y - 6) + " " + (b.width + 12) + " " + (b.height + 12));
      svg.setAttribute("class", "qa-zoom-svg");
      svg.appendChild(copy);
      art.appendChild(svg);
    } else art.appendChild(copy);
    $("qa-zoom-title").textContent = el.getAttribute("data-title") || "";
    $("qa-zoom-text").textContent = el.getAttribute("data-text") || "";
    var reason = S.flow && keysOf(el).map(function (k) { return S.flow.reasons[k]; }).filter(Boolean)[0];
    $("qa-zoom-reason").hidden = !reason;
    $("qa-zoom-reason").textContent = reason || "";
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
  }

  function moveAmong(from, step) {
    var choices = pieces().filter(function (el) { return el.classList.contains("qa-hl"); });
    if (!choices.length) return;
    var i = choices.indexOf(from);
    var to = step === "first" ? 0 : step === "last" ? choices.length - 1 : (i + step + choices.length) % choices.length;
    if (S.current) S.current.setAttribute("tabindex", "-1");
    S.current = choices[to];
    S.current.setAttribute("tabindex", "0");
    S.current.focus();
  }

  var ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

  function init() {
    var r = root();
    if (!r || r.getAttribute("data-ready") === r.getAttribute("data-version") + (r.hasAttribute("data-flow") ? "f" : "")) return;
    r.setAttribute("data-ready", r.getAttribute("data-version") + (r.hasAttribute("data-flow") ? "f" : ""));
    var data = $("qa-flow");
    S.flow = data ? JSON.parse(data.textContent) : null;
    S.busy = false;
    S.chosen = [];
    S.selection = [];
    S.current = null;
    if (S.flow) {
      $("qa-confirm").addEventListener("click", confirmSet);
      $("qa-cancel").addEventListener("click", reset);
      refresh();
    }
    if (S.refocus) {
      S.refocus = false;
      var first = r.querySelector('.qa-hl[tabindex="0"]') || $("qa-hint") || r.querySelector(".qa-status");
      if (first) { if (!first.hasAttribute("tabindex")) first.setAttribute("tabindex", "-1"); first.focus(); }
    }
  }

  document.addEventListener("click", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    if (event.target.closest("#qa-zoom") || event.target.closest("#qa-buttons")) return;
    var el = event.target.closest("[data-k]");
    if (el && r.contains(el)) return clickPiece(el);
    var info = event.target.closest(".qa-tile, .qa-track-space, .qa-place");
    if (info && r.contains(info)) enlarge(info);
  });

  document.addEventListener("contextmenu", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    var info = event.target.closest("[data-title]");
    if (info && !info.closest("#qa-zoom")) { event.preventDefault(); enlarge(info); }
  });

  // A long press enlarges on touch screens.
  var press = null;
  document.addEventListener("touchstart", function (event) {
    var r = root();
    var info = r && r.contains(event.target) && event.target.closest("[data-title]");
    if (!info) return;
    press = setTimeout(function () { press = null; enlarge(info); }, 550);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (kind) {
    document.addEventListener(kind, function () { if (press) { clearTimeout(press); press = null; } }, { passive: true });
  });

  document.addEventListener("keydown", function (event) {
    var r = root();
    if (!r || event.altKey || event.ctrlKey || event.metaKey) return;
    var dialog = $("qa-zoom");
    if (dialog && dialog.open) return;
    var target = event.target;
    if (target.getAttribute && target.getAttribute("role") === "button" && target.hasAttribute("data-k") && r.contains(target)) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); clickPiece(target); return; }
      if (event.key in ARROWS) { event.preventDefault(); moveAmong(target, ARROWS[event.key]); return; }
      if (event.key === "i" || event.key === "I") { event.preventDefault(); enlarge(target); return; }
    }
    if (event.key === "Escape" && S.flow) reset();
  });

  // For tests and assistive scripts: the current step (read only).
  window.QABoard = { init: init, state: function () { return { busy: S.busy, chosen: S.chosen.slice(), selection: S.selection.slice(), field: S.field }; } };

  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
