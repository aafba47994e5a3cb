// Praga board: click flows over the legal moves, rotating and previewing a tile, the list of
// choices. The page embeds the legal moves, each with the keys of the clicks that pick it
// (games/boards/praga/flow.py); this script only filters them. No rules here. Enlarging,
// reasons, log highlights, keyboard choices on the board and sending: static/boards/board-kit.js.
(function () {
  "use strict";
  var K = window.BoardKit;
  if (!K) return;
  if (window.PragaBoard) { window.PragaBoard.init(); return; }

  var AUTO = ["via", "bonus", "cube", "pay", "keep", "plank:none", "rot"];
  var S = { flow: null, chosen: [], rot: null, next: [], lastEl: null, busy: false, strings: {},
            current: null, choices: [], listOpen: false, refocus: false };
  var P = window.PragaBoard = { state: S };
  var $ = K.$, has = K.has, keysOf = K.keysOf, prefix = K.prefix;
  // Praga's names in the shared helpers: pg-hl, pg-chosen, pg-flash, the #pg-zoom dialog
  var LOOK = { prefix: "pg", name: choiceName };

  function root() { return $("praga"); }
  function isButton(key) { return S.flow && has(S.flow.buttons, prefix(key)); }
  function isAuto(key) { return has(AUTO, prefix(key)) || has(AUTO, key); }
  function str(name) { return S.strings[name] || ""; }

  function init() {
    var r = root();
    if (!r) return;
    shownBoard = r;
    var data = $("pg-flow");
    S.flow = data ? JSON.parse(data.textContent) : null;
    S.chosen = []; S.rot = null; S.busy = false;
    S.strings = {};
    var tpl = $("pg-strings");
    if (tpl && tpl.content) {
      tpl.content.querySelectorAll("[data-s]").forEach(function (el) { S.strings[el.getAttribute("data-s")] = el.textContent; });
    }
    r.querySelectorAll(".pg-pan").forEach(addZoomButton);
    watchPrompt();
    K.nameThePieces(r);
    var list = $("pg-list");
    if (list) {
      list.open = S.listOpen;
      list.addEventListener("toggle", function () { S.listOpen = list.open; });
    }
    refresh();
    // after a move sent from this page the block was redrawn: focus goes to the new prompt
    if (S.refocus) { S.refocus = false; focusPrompt(); }
    r.setAttribute("data-ready", "1");  // the page's readiness signal (used by the browser tests)
  }
  P.init = init;

  // While the prompt is pinned at the top, it shrinks to what is asked (pg-stuck).
  function watchPrompt() {
    var prompt = $("pg-prompt");
    if (!prompt || !window.IntersectionObserver) return;
    var mark = document.createElement("div");
    mark.className = "pg-prompt-mark";
    prompt.parentNode.insertBefore(mark, prompt);
    new IntersectionObserver(function (seen) {
      prompt.classList.toggle("pg-stuck", !seen[0].isIntersecting);
    }).observe(mark);
  }

  function addZoomButton(pan) {
    if (pan.querySelector(".pg-zoombtn")) return;
    var b = document.createElement("button");
    b.type = "button"; b.className = "pg-zoombtn"; b.textContent = "+"; b.title = root().getAttribute("data-zoom-label") || "+";
    b.setAttribute("aria-label", b.title);
    b.setAttribute("aria-pressed", "false");  // a toggle: a screen reader says whether the area is enlarged
    pan.style.position = "relative";
    pan.appendChild(b);
  }

  // ---------------------------------------------------------------- the flow

  function candidates() {
    return S.flow.moves.filter(function (e) {
      return S.chosen.every(function (k) { return has(e.s, k); });
    });
  }

  function nextOf(e) {
    var out = [];
    for (var i = 0; i < e.s.length; i++) {
      var k = e.s[i];
      if (has(S.chosen, k)) continue;
      if (i < e.o) {
        var later = e.s.slice(i + 1).some(function (x) { return has(S.chosen, x); });
        if (later) continue;
        out.push(k);
        continue;
      }
      out.push(k);
      break;
    }
    return out;
  }

  function complete(e) {
    return e.s.every(function (k, i) { return i < e.o || has(S.chosen, k); });
  }

  function advance() {
    for (var guard = 0; guard < 12; guard++) {
      var cands = candidates();
      var next = {};
      cands.forEach(function (e) { nextOf(e).forEach(function (k) { next[k] = true; }); });
      var keys = Object.keys(next);
      S.next = keys;
      if (keys.length === 1 && isAuto(keys[0]) && cands.every(function (e) { return !complete(e); })) {
        S.chosen.push(keys[0]);
        continue;
      }
      return cands;
    }
    return candidates();
  }

  function choose(key) {
    S.chosen.push(key);
    refresh();
    if (!S.busy) focusPrompt();
  }

  function reset() {
    S.chosen = []; S.rot = null;
    refresh();
  }

  function refresh() {
    var r = root();
    if (!r) return;
    clearPreview();
    if (!S.flow) { paint([], []); return; }
    var cands = advance();
    var done = cands.filter(complete);
    var rotKeys = S.next.filter(function (k) { return prefix(k) === "rot"; });
    var rotating = rotKeys.length > 0 && rotKeys.length === S.next.length;
    $("pg-rotate").hidden = !rotating;
    var confirm = $("pg-confirm");
    confirm.hidden = true;
    $("pg-cancel").hidden = S.chosen.length === 0;
    var hint = placesHint(S.next) || str(S.chosen.length ? "hint-next" : "hint-start");
    if (rotating) {
      var values = rotKeys.map(function (k) { return +k.split(":")[1]; }).sort();
      if (S.rot === null || !has(values, S.rot)) S.rot = values[0];
      S.rotValues = values;
      confirm.hidden = false;
      hint = str("hint-rotate");
      preview(cands);
    } else if (done.length === 1 && cands.length === 1) {
      if (has(S.flow.confirm, done[0].m.type)) {
        confirm.hidden = false;
        hint = str("hint-confirm");
        preview(cands);
      } else {
        submit(done[0].m);
        return;
      }
    }
    if (!rotating && confirm.hidden && samePlacement(cands)) preview(cands);
    $("pg-hint").textContent = hint;
    paint(S.next, S.chosen);
    buttons(rotating ? [] : S.next);
    listChoices(rotating ? [] : S.next);
    if (!rotating) showNext();
  }

  // The prompt names where the highlighted pieces are (from the flow's places), and says
  // when the choice is also, or only, among the buttons below.
  function placeKey(key) {
    var parts = key.split(":");
    return (parts[0] === "row" || parts[0] === "rslot") ? parts[0] + ":" + parts[1] : parts[0];
  }

  function placesHint(next) {
    var seen = [], hasButtons = false, turnButtons = false;
    var rows = next.filter(function (k) { return prefix(k) === "row"; }).map(placeKey);
    var severalRows = rows.some(function (r) { return r !== rows[0]; });
    next.forEach(function (k) {
      var place = severalRows && prefix(k) === "row" ? "row" : placeKey(k);
      var text = S.flow.places && S.flow.places[place];
      if (text) { if (!has(seen, text)) seen.push(text); }
      else if (has(S.flow.turn_buttons || [], k)) turnButtons = true;
      else if (isButton(k)) hasButtons = true;
    });
    if (!seen.length) return hasButtons ? str("hint-buttons") : (turnButtons ? str("hint-turn") : "");
    return seen.join(" ") + (hasButtons ? " " + str("hint-or-buttons") : "");
  }

  // The first highlighted board piece is brought into view when none is visible (below the
  // pinned prompt): the first click of a turn never hides below the fold or in a side panel.
  function showNext() {
    var r = root();
    var pieces = Array.prototype.filter.call(r.querySelectorAll(".pg-hl"), function (el) {
      return !el.closest(".pg-prompt") && el.getBoundingClientRect().width > 0;
    });
    if (!pieces.length || pieces.some(inView)) return;
    // the pieces to choose from are drawn in the prompt too (a token, a technology...): no need
    if (document.querySelector("#pg-buttons .pg-cards .pg-choice")) return;
    // the piece that comes first on the page as laid out (a phone reorders the parts)
    pieces.sort(function (a, b) { return a.getBoundingClientRect().top - b.getBoundingClientRect().top; });
    var smooth = !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
    pieces[0].scrollIntoView({ block: "center", inline: "center", behavior: smooth ? "smooth" : "auto" });
  }

  function inView(el) {
    var b = el.getBoundingClientRect();
    var prompt = $("pg-prompt");
    var top = prompt ? Math.max(0, prompt.getBoundingClientRect().bottom) : 0;
    var pan = el.closest(".pg-pan, .pg-scroll");
    var left = 0, right = window.innerWidth;
    if (pan) { var p = pan.getBoundingClientRect(); left = Math.max(left, p.left); right = Math.min(right, p.right); }
    return b.top >= top - 2 && b.bottom <= window.innerHeight + 2 && b.left >= left - 2 && b.right <= right + 2;
  }

  // Highlighted pieces become named buttons with one tab stop between them (board-kit.js).
  function paint(next, chosen) {
    var painted = K.paint(root(), next, chosen, S.flow && S.flow.labels, S.current, LOOK);
    S.choices = painted.choices; S.current = painted.current;
  }

  function buttons(next) {
    var box = $("pg-buttons");
    if (!box) return;
    var cards = box.querySelector(".pg-cards"), choices = box.querySelector(".pg-choices"), turn = box.querySelector(".pg-turnbtns");
    cards.textContent = ""; choices.textContent = ""; turn.textContent = "";
    // an action of the taken tile is already a button of the prompt's status line
    var shown = Array.prototype.map.call(document.querySelectorAll("#pg-prompt .pg-taken [data-k]"),
      function (el) { return el.getAttribute("data-k"); });
    next.filter(isButton).filter(function (k) { return !has(shown, k); }).forEach(function (k) {
      var b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-key", k);
      var art = S.flow.art && S.flow.art[k];
      if (art) {
        // a piece to choose: its picture, its text, and a magnifier that enlarges it
        b.className = "pg-choice";
        b.innerHTML = art.svg;
        var cap = document.createElement("span");
        cap.className = "pg-choice-t";
        cap.textContent = art.caption || art.text.split("\n")[0];
        b.appendChild(cap);
        b.title = art.title;
        b.setAttribute("aria-label", art.title + ": " + (art.caption || art.text.split("\n")[0]));
        // the magnifier is a button of its own beside the card (a button may not hold another)
        var zoom = document.createElement("button");
        zoom.type = "button";
        zoom.className = "pg-choice-zoom";
        zoom.setAttribute("aria-label", (str("enlarge") || "+") + ": " + art.title);
        zoom.setAttribute("data-art", k);
        zoom.setAttribute("data-title", art.title);
        zoom.setAttribute("data-text", art.text);
        zoom.textContent = "⤢";
        var card = document.createElement("span");
        card.className = "pg-choice-card";
        card.appendChild(b);
        card.appendChild(zoom);
        cards.appendChild(card);
        return;
      }
      b.textContent = S.flow.labels[k] || k;
      if (k === "btn:end_turn") b.className = "pg-btn-end";
      // the step's choices first; buttons of the whole turn (extra action, undo, end) apart
      (has(S.flow.turn_buttons || [], k) ? turn : choices).appendChild(b);
    });
  }

  // ---------------------------------------------------------------- keyboard and screen reader

  // What a choice is called: the step's words for the key (Take action tile AT3), and the
  // piece's own title when it says more.
  function choiceName(el, key) {
    var label = S.flow && S.flow.labels[key];
    var title = el.getAttribute("data-title") || el.getAttribute("data-name") || "";
    if (label && title && label.indexOf(title) < 0) return label + ": " + title;
    return label || title || key;
  }

  function chooseOnBoard(el) {
    var key = el.getAttribute("data-choice");
    if (!key || S.busy) return;
    S.lastEl = el;
    choose(key);
  }

  // The same choices as named buttons, for those who rather read a list than look at the board.
  function listChoices(next) {
    var list = $("pg-list");
    if (!list) return;
    var box = list.querySelector(".pg-list-buttons");
    box.textContent = "";
    var seen = [];
    S.choices.forEach(function (el) {
      var key = el.getAttribute("data-choice");
      if (!key || has(seen, key) || !has(next, key)) return;
      seen.push(key);
      var b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-list-key", key);
      b.textContent = choiceName(el, key);
      box.appendChild(b);
    });
    list.hidden = !seen.length;
    list.querySelector(".pg-list-count").textContent = seen.length;
  }

  // After each step the prompt has the focus: a screen reader reads what is asked next.
  function focusPrompt() {
    var hint = $("pg-hint");
    if (hint) hint.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- placement preview

  function clearPreview() {
    document.querySelectorAll(".pg-preview").forEach(function (el) { el.remove(); });
  }

  // All remaining moves put the same tile on the same place (only the cube, the way of
  // paying or the rotation is left to choose): the tile is shown there already.
  function samePlacement(cands) {
    var m = cands.length && cands[0].m;
    if (!m || !has(["upgrade", "wall", "building"], m.type)) return false;
    return cands.every(function (e) {
      return e.m.type === m.type && e.m.slot === m.slot && e.m.site === m.site && String(e.m.position) === String(m.position);
    });
  }

  function preview(cands) {
    var e = cands[0];
    if (!e) return;
    var m = e.m;
    if (!has(["upgrade", "wall", "building"], m.type)) return;
    var source = root().querySelector('[data-k~="row:' + m.type + ":" + m.slot + '"] .pg-tilegroup');
    var target = null;
    if (m.type === "building") target = root().querySelector('[data-k~="site:' + m.site + '"]');
    if (m.type === "wall") target = root().querySelector('.pg-me [data-k~="wpos:' + m.position[0] + "," + m.position[1] + '"]');
    if (m.type === "upgrade") {
      var slot = root().querySelector('[data-k~="row:upgrade:' + m.slot + '"]');
      target = root().querySelector('.pg-me [data-action="' + (slot && slot.getAttribute("data-uact")) + '"]');
    }
    if (!source || !target) return;
    var clone = source.cloneNode(true);
    clone.setAttribute("class", "pg-preview");
    clone.setAttribute("transform", "scale(" + (target.getAttribute("data-scale") || "0.75") + ")");
    var rot = S.rot === null ? (m.rotation || 0) : S.rot;
    var feat = clone.querySelector(".pg-feat");
    if (feat) {
      // Turn the edges and corners, but keep the neighbour symbols upright (as drawn once placed).
      feat.setAttribute("transform", "rotate(" + rot * 60 + ")");
      Array.prototype.forEach.call(feat.children, function (g) {
        if (g.tagName.toLowerCase() !== "g") return;
        g.setAttribute("transform", (g.getAttribute("transform") || "") + " rotate(" + (-rot * 60) + ")");
      });
    }
    target.appendChild(clone);
  }

  function rotate(step) {
    if (!S.rotValues || !S.rotValues.length) return;
    var i = S.rotValues.indexOf(S.rot);
    S.rot = S.rotValues[(i + step + S.rotValues.length) % S.rotValues.length];
    refresh();
    // the turned tile is only seen: say which of the rotations it is
    if (window.PragaAnnounce) {
      window.PragaAnnounce(str("rotation").replace("%(n)s", S.rotValues.indexOf(S.rot) + 1).replace("%(count)s", S.rotValues.length));
    }
  }

  function confirmNow() {
    var rotKeys = S.next.filter(function (k) { return prefix(k) === "rot"; });
    if (rotKeys.length && S.rot !== null) { S.chosen.push("rot:" + S.rot); }
    var cands = advance();
    var done = cands.filter(complete);
    if (done.length === 1) submit(done[0].m);
    else refresh();
  }

  // ---------------------------------------------------------------- sending

  // The POST and the reload: the boards' shared helpers (static/boards/board-kit.js).
  function submit(move) {
    if (S.busy) return;
    S.busy = true;
    $("pg-hint").textContent = str("busy");
    // the block is redrawn after the move: its new prompt takes the focus if the board had it
    var active = document.activeElement;
    S.refocus = !active || active === document.body || root().contains(active);
    K.submit(root(), move, function (error) {
      S.busy = false;
      S.chosen = [];
      refresh();
      tip(S.lastEl, error);
    }, function () { tip(S.lastEl, str("stale")); });
  }

  // ---------------------------------------------------------------- information

  // the reason next to a piece, and log highlights: the boards' shared helpers (static/boards/board-kit.js)
  function tip(el, text) { K.tip(root(), el, text, $("pg-tip")); }

  // A piece enlarged, with the reason it may not be chosen now; a piece to choose in the prompt
  // shows its picture (the flow's art). Closing gives the focus back, else to the prompt.
  function enlarge(el, reason) {
    var key = el.getAttribute("data-art");
    var art = key && S.flow && S.flow.art && S.flow.art[key];
    K.enlarge(el, { reason: reason, art: art ? art.svg : null, back: focusPrompt }, LOOK);
  }

  function flash(keys) { K.flash(root(), keys, K.classes(LOOK).flash); }

  // ---------------------------------------------------------------- events

  document.addEventListener("click", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    var t = event.target;
    var zoomEl = t.closest(".pg-choice-zoom");
    if (zoomEl) { event.preventDefault(); enlarge(zoomEl, null); return; }
    var btn = t.closest("button");
    if (btn) {
      if (btn.classList.contains("pg-zoombtn")) {
        var zoomed = btn.parentNode.classList.toggle("pg-zoomed");
        btn.textContent = zoomed ? "−" : "+";
        btn.setAttribute("aria-pressed", zoomed ? "true" : "false");
        return;
      }
      if (btn.hasAttribute("data-rot")) { rotate(+btn.getAttribute("data-rot")); return; }
      if (btn.id === "pg-confirm") { confirmNow(); return; }
      if (btn.id === "pg-cancel") { reset(); return; }
      if (btn.classList.contains("pg-log-entry")) { flash(btn.getAttribute("data-keys") || ""); return; }
      if (btn.hasAttribute("data-key")) { S.lastEl = btn; choose(btn.getAttribute("data-key")); return; }
      if (btn.hasAttribute("data-list-key")) {
        var listed = root().querySelector('[data-choice="' + btn.getAttribute("data-list-key") + '"]');
        S.lastEl = listed || btn;
        choose(btn.getAttribute("data-list-key"));
        return;
      }
    }
    var el = t.closest("[data-k]");
    if (el && S.flow && !S.busy) {
      var keys = keysOf(el);
      var hit = keys.filter(function (k) { return has(S.next, k); });
      if (hit.length) { S.lastEl = el; event.preventDefault(); choose(hit[0]); return; }
      var reason = null;
      // A reason for this piece after the choices made so far (e.g. a site for the chosen tile), else alone.
      keys.forEach(function (k) {
        for (var i = S.chosen.length - 1; i >= 0 && !reason; i--) reason = S.flow.reasons[S.chosen[i] + " " + k] || null;
      });
      if (!reason && !S.chosen.length) keys.forEach(function (k) { if (!reason && S.flow.reasons[k]) reason = S.flow.reasons[k]; });
      if (reason) { tip(el, reason); return; }
    }
    var info = t.closest("[data-title]");
    if (info && !(btn && !info.contains(btn))) enlarge(info, null);
  });

  document.addEventListener("contextmenu", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    var info = event.target.closest("[data-title]");
    if (info) { event.preventDefault(); enlarge(info, null); }
  });

  // A focused board choice: Enter or Space chooses it, arrows go to the next or previous
  // choice (Home, End: the first, the last), I shows the piece enlarged (board-kit.js).
  function pieceKey(event, el) {
    return K.pieceKey(event, el, { choices: S.choices, choose: chooseOnBoard,
                                   moved: function (to) { S.current = to; }, enlarge: function (at) { enlarge(at, null); } });
  }

  document.addEventListener("keydown", function (event) {
    if (!root() || !S.flow || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    var tag = (target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var dialog = $("pg-zoom");
    if (dialog && dialog.open) return;
    if (target.hasAttribute && target.hasAttribute("data-choice") && root().contains(target) && pieceKey(event, target)) return;
    var rotating = !$("pg-rotate").hidden;
    if (event.key === "Escape") { reset(); focusPrompt(); return; }
    if (rotating && (event.key === "r" || event.key === "R" || event.key === "ArrowRight")) { event.preventDefault(); rotate(1); }
    else if (rotating && (event.key === "q" || event.key === "Q" || event.key === "ArrowLeft")) { event.preventDefault(); rotate(-1); }
    else if (event.key === "Enter" && !$("pg-confirm").hidden && !K.isControl(target)) { event.preventDefault(); confirmNow(); }
  });

  // Only a new board (the live block replaced after a move) starts the flow over: a chat message,
  // a saved note or any other swap elsewhere on the page keeps the choices made so far.
  var shownBoard = null;
  document.addEventListener("htmx:afterSettle", function () {
    if (root() !== shownBoard) init();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
