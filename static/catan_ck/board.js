// Catan board: the click flow over the legal moves (games/boards/catan_ck/flow.py), card
// choices picked with a live count, the engine's reasons, enlargements and log highlights
// (static/boards/board-kit.js). No rules here.
(function () {
  "use strict";
  var K = window.BoardKit;
  if (!K) return;
  var $ = K.$, has = K.has;
  var S = { flow: null, chosen: [], next: [], busy: false, strings: {}, current: null, choices: [], lastEl: null,
            picking: null, counts: {}, refocus: false };
  if (window.CatanBoard) { window.CatanBoard.init(); return; }
  var C = window.CatanBoard = { state: S };

  function root() { return $("catan"); }
  // Pieces of the island that are click targets stay unnamed until they are choices: 126 spots
  // are drawn invisible (games/boards/catan_ck/island.py).
  function isSpot(el) { return el.hasAttribute("data-k") && !!el.closest(".ck-island"); }
  // the same key on two pieces (a road and its path spot) is one choice
  var LOOK = { oneByKey: true };
  function str(name) { return S.strings[name] || ""; }
  function isButton(key) { return S.flow && has(S.flow.buttons, K.prefix(key)); }

  function init() {
    var r = root();
    if (!r) return;
    shownBoard = r;
    var data = $("bk-flow");
    S.flow = data ? JSON.parse(data.textContent) : null;
    S.chosen = []; S.busy = false; S.picking = null; S.counts = {};
    S.strings = {};
    var tpl = $("bk-strings");
    if (tpl && tpl.content) tpl.content.querySelectorAll("[data-s]").forEach(function (el) { S.strings[el.getAttribute("data-s")] = el.textContent; });
    K.nameThePieces(r, isSpot);
    refresh();
    if (S.refocus) { S.refocus = false; focusPrompt(); }
    r.setAttribute("data-ready", "1");  // the page's readiness signal (browser tests)
  }
  C.init = init;

  function pickOf(key) {
    return (S.flow.picks || []).filter(function (p) { return p.key === key; })[0] || null;
  }

  function refresh() {
    if (!root()) return;
    if (!S.flow) { K.paint(root(), [], [], null, null, LOOK); return; }
    var cands, next;
    for (var guard = 0; guard < 8; guard++) {
      cands = K.candidates(S.flow, S.chosen);
      next = K.nextKeys(cands, S.chosen);
      var anyDone = cands.some(function (e) { return K.complete(e, S.chosen); });
      // the only choice left that asks nothing (one victim, the metropolis city) is taken at once
      if (next.length === 1 && !anyDone && (has(S.flow.auto, K.prefix(next[0])) || (pickOf(next[0]) && cands.length === 1))) {
        S.chosen.push(next[0]);
        continue;
      }
      break;
    }
    S.next = next;
    var done = cands.filter(function (e) { return K.complete(e, S.chosen); });
    $("bk-cancel").hidden = S.chosen.length === 0;
    $("bk-done").hidden = !(done.length === 1 && cands.length > 1);
    if (done.length === 1 && cands.length === 1) {
      var pick = pickOf(done[0].s[done[0].s.length - 1]);
      if (pick) { openPicker(pick); }
      else { send(done[0].m); return; }
    } else {
      closePicker();
    }
    $("bk-hint").textContent = S.picking ? str("pick-title") : hint(next);
    var painted = K.paint(root(), next, S.chosen, S.flow.labels, S.current, LOOK);
    S.choices = painted.choices; S.current = painted.current;
    // while spots are asked for, the other spots of that kind answer a click with the reason
    var island = root().querySelector(".ck-island");
    ["int", "path", "hex"].forEach(function (kind) {
      island.classList.toggle("ck-want-" + kind, next.some(function (k) { return K.prefix(k) === kind; }));
    });
    buttons(next);
    showNext();
  }

  // The first highlighted spot is brought into view when none is visible below the pinned
  // prompt: the next click never hides below the fold.
  function showNext() {
    var spots = S.choices.filter(function (el) { return el.getBoundingClientRect().width > 0; });
    if (!spots.length || spots.some(inView)) return;
    var smooth = !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
    spots[0].scrollIntoView({ block: "center", inline: "center", behavior: smooth ? "smooth" : "auto" });
  }

  function inView(el) {
    var b = el.getBoundingClientRect();
    var prompt = $("bk-prompt");
    var top = prompt ? Math.max(0, prompt.getBoundingClientRect().bottom) : 0;
    return b.top >= top - 2 && b.bottom <= window.innerHeight + 2 && b.left >= -2 && b.right <= window.innerWidth + 2;
  }

  function hint(next) {
    var places = [], buttonsToo = false, turnOnly = true;
    next.forEach(function (k) {
      var text = S.flow.places[K.prefix(k)];
      if (text) { if (!has(places, text)) places.push(text); turnOnly = false; }
      else if (isButton(k)) { buttonsToo = true; if (!has(S.flow.turn_buttons, k)) turnOnly = false; }
    });
    if (!places.length) return turnOnly && buttonsToo ? str("hint-turn") : (S.chosen.length ? str("hint-buttons") : str("hint-start"));
    return places.join(" ") + (buttonsToo ? " " + str("hint-or-buttons") : "");
  }

  // The step's choices as buttons; the refused actions greyed beside them (their reason on click).
  function buttons(next) {
    var box = $("bk-buttons");
    var choices = box.querySelector(".bk-choices"), turn = box.querySelector(".bk-turnbtns");
    choices.textContent = ""; turn.textContent = "";
    if (S.picking) return;
    next.filter(isButton).forEach(function (k) {
      var b = button(k);
      (has(S.flow.turn_buttons, k) ? turn : choices).appendChild(b);
    });
    var refused = S.chosen.length ? [] : Object.keys(S.flow.reasons).filter(function (k) {
      return k.indexOf(" ") < 0 && isButton(k) && !has(next, k) && S.flow.labels[k];
    });
    if (!refused.length) return;
    // the actions not possible now, folded away: each says why when chosen
    var fold = document.createElement("details");
    fold.className = "bk-refused-list";
    fold.open = S.refusedOpen || false;
    fold.addEventListener("toggle", function () { S.refusedOpen = fold.open; });
    var summary = document.createElement("summary");
    summary.textContent = str("not-now") + " (" + refused.length + ")";
    fold.appendChild(summary);
    refused.forEach(function (k) {
      var b = button(k);
      b.classList.add("bk-refused", "secondary");
      b.setAttribute("aria-disabled", "true");
      b.setAttribute("data-reason", S.flow.reasons[k]);
      b.removeAttribute("data-key");
      fold.appendChild(b);
    });
    choices.appendChild(fold);
  }

  function button(k) {
    var b = document.createElement("button");
    b.type = "button";
    b.setAttribute("data-key", k);
    b.className = "bk-btn bk-btn-" + K.prefix(k) + (k === "btn:end_turn" ? " bk-btn-end" : "");
    b.textContent = S.flow.labels[k] || k;
    return b;
  }

  function choose(key) {
    S.chosen.push(key);
    refresh();
    if (!S.busy) focusPrompt();
  }

  function reset() { S.chosen = []; S.counts = {}; closePicker(); refresh(); }

  function focusPrompt() {
    var first = document.querySelector("#bk-picker:not([hidden]) button:not([disabled])");
    var hintEl = $("bk-hint");
    if (first) first.focus({ preventScroll: true });
    else if (hintEl) hintEl.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- card choices with a live count

  function openPicker(pick) {
    if (S.picking === pick) return;
    S.picking = pick;
    S.counts = {};
    var box = $("bk-picker-cards");
    box.textContent = "";
    pick.cards.forEach(function (c) {
      S.counts[c.type] = 0;
      var row = document.createElement("div");
      row.className = "ck-pick ck-pick-" + c.type;
      row.innerHTML = '<span class="ck-pick-name"></span> <button type="button" class="ck-less" data-pick="-1"></button>' +
        '<output class="ck-pick-n" aria-live="polite">0</output><button type="button" class="ck-more" data-pick="1"></button>' +
        '<span class="ck-pick-most"></span>';
      row.querySelector(".ck-pick-name").textContent = c.name;
      row.querySelector(".ck-pick-most").textContent = "/ " + c.most;
      var less = row.querySelector(".ck-less"), more = row.querySelector(".ck-more");
      less.textContent = "−"; more.textContent = "+";
      less.setAttribute("aria-label", str("less") + ": " + c.name);
      more.setAttribute("aria-label", str("more") + ": " + c.name);
      less.setAttribute("data-type", c.type); more.setAttribute("data-type", c.type);
      box.appendChild(row);
    });
    $("bk-picker").hidden = false;
    updatePicker();
  }

  function closePicker() {
    S.picking = null;
    var p = $("bk-picker");
    if (p) p.hidden = true;
  }

  function picked() { return Object.keys(S.counts).reduce(function (n, k) { return n + S.counts[k]; }, 0); }

  function updatePicker() {
    var pick = S.picking;
    var total = picked();
    $("bk-picker-count").textContent = str("picked").replace("%(picked)s", total).replace("%(count)s", pick.count);
    $("bk-picker-send").disabled = total !== pick.count;
    pick.cards.forEach(function (c) {
      var row = document.querySelector(".ck-pick-" + c.type);
      row.querySelector(".ck-pick-n").textContent = S.counts[c.type];
      row.querySelector(".ck-less").disabled = S.counts[c.type] <= 0;
      row.querySelector(".ck-more").disabled = S.counts[c.type] >= c.most || total >= pick.count;
    });
  }

  function sendPicked() {
    var pick = S.picking;
    if (!pick || picked() !== pick.count) return;
    var cards = {};
    Object.keys(S.counts).forEach(function (k) { if (S.counts[k]) cards[k] = S.counts[k]; });
    var move = JSON.parse(JSON.stringify(pick.move));
    move.cards = cards;
    send(move);
  }

  // ---------------------------------------------------------------- sending

  function send(move) {
    if (S.busy) return;
    S.busy = true;
    $("bk-hint").textContent = str("busy");
    var active = document.activeElement;
    S.refocus = !active || active === document.body || root().contains(active);
    K.submit(root(), move, function (error) {
      S.busy = false; S.chosen = []; closePicker(); refresh();
      K.tip(root(), S.lastEl, error);
    }, function () { K.tip(root(), S.lastEl, str("stale")); });
  }

  // ---------------------------------------------------------------- events

  function reasonFor(keys) {
    var reason = null;
    keys.forEach(function (k) {
      for (var i = S.chosen.length - 1; i >= 0 && !reason; i--) reason = S.flow.reasons[S.chosen[i] + " " + k] || null;
      if (!reason && !S.chosen.length) reason = S.flow.reasons[k] || null;
    });
    return reason;
  }

  document.addEventListener("click", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    var t = event.target;
    var btn = t.closest("button");
    if (btn) {
      if (btn.classList.contains("ck-zoombtn")) {
        var zoomed = btn.parentNode.classList.toggle("ck-zoomed");
        btn.textContent = zoomed ? "−" : "+";
        btn.setAttribute("aria-pressed", zoomed ? "true" : "false");
        return;
      }
      if (btn.classList.contains("bk-log-entry")) { K.flash(r, btn.getAttribute("data-keys") || ""); return; }
      if (btn.id === "bk-cancel") { reset(); focusPrompt(); return; }
      if (btn.id === "bk-picker-send") { S.lastEl = btn; sendPicked(); return; }
      if (btn.id === "bk-done") {
        var done = K.candidates(S.flow, S.chosen).filter(function (e) { return K.complete(e, S.chosen); });
        if (done.length === 1) send(done[0].m);
        return;
      }
      if (btn.hasAttribute("data-pick")) {
        var type = btn.getAttribute("data-type");
        S.counts[type] = Math.max(0, S.counts[type] + (+btn.getAttribute("data-pick")));
        updatePicker();
        return;
      }
      if (btn.hasAttribute("data-reason")) { K.tip(r, btn, btn.getAttribute("data-reason")); return; }
      if (btn.hasAttribute("data-key") && !S.busy) { S.lastEl = btn; choose(btn.getAttribute("data-key")); return; }
      return;
    }
    var el = t.closest("[data-k]");
    if (el && S.flow && !S.busy) {
      var keys = K.keysOf(el);
      var hit = keys.filter(function (k) { return has(S.next, k); });
      if (hit.length) { S.lastEl = el; event.preventDefault(); choose(hit[0]); return; }
      var reason = reasonFor(keys);
      if (reason) { K.tip(r, el, reason); return; }
    }
    var info = t.closest("[data-title]");
    if (info) enlarge(info);
  });

  // Closing the dialog gives the focus back to the piece, or to the prompt if it was redrawn.
  function enlarge(el) { K.enlarge(el, { back: focusPrompt }, LOOK); }

  document.addEventListener("contextmenu", function (event) {
    var r = root();
    if (!r || !r.contains(event.target)) return;
    var info = event.target.closest("[data-title]");
    if (info) { event.preventDefault(); enlarge(info); }
  });

  // A focused board choice: Enter or Space chooses it, arrows go to the next or previous one,
  // I enlarges it; Escape starts the move over.
  document.addEventListener("keydown", function (event) {
    var r = root();
    if (!r || !S.flow || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    var dlg = $("bk-zoom");
    if (dlg && dlg.open) return;
    if (target.hasAttribute && target.hasAttribute("data-choice") && r.contains(target) && K.pieceKey(event, target, {
      choices: S.choices, enlarge: enlarge, moved: function (to) { S.current = to; },
      choose: function (el) { S.lastEl = el; choose(el.getAttribute("data-choice")); } })) return;
    if (event.key === "Escape" && S.chosen.length) { reset(); focusPrompt(); }
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
