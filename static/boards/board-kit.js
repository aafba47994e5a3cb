// Shared drawing helpers of the game boards: the click flow over the legal moves (which moves
// still fit the clicks so far, which keys come next), the engine's reason next to an illegal
// click, the enlarge dialog, log lines that highlight what they changed, keyboard choices on
// the board (names for the pieces; role, name, one tab stop, arrows, Enter/Space, I to enlarge)
// and sending a move. Used by the boards of static/praga, static/catan_ck and static/queens_architect.
// No rules here: the page embeds the legal moves, each with the keys of its clicks.
(function () {
  "use strict";
  if (window.BoardKit) return;

  function $(id) { return document.getElementById(id); }
  function has(list, x) { return list.indexOf(x) >= 0; }
  function keysOf(el) { return (el.getAttribute("data-k") || "").split(" ").filter(Boolean); }
  function prefix(key) { return key.split(":")[0]; }

  // ---------------------------------------------------------------- the flow over legal moves

  // Moves whose keys hold every click so far.
  function candidates(flow, chosen) {
    return flow.moves.filter(function (e) { return chosen.every(function (k) { return has(e.s, k); }); });
  }
  // The first key of a move not chosen yet.
  function nextOf(e, chosen) {
    for (var i = 0; i < e.s.length; i++) if (!has(chosen, e.s[i])) return e.s[i];
    return null;
  }
  function complete(e, chosen) { return e.s.every(function (k) { return has(chosen, k); }); }
  function nextKeys(cands, chosen) {
    var next = [];
    cands.forEach(function (e) { var k = nextOf(e, chosen); if (k && !has(next, k)) next.push(k); });
    return next;
  }

  // ---------------------------------------------------------------- information

  // The reason next to the clicked piece (`box`: the board's tip element, #bk-tip by default).
  function tip(root, el, text, box) {
    var t = box || $("bk-tip");
    if (!t || !text) return;
    var box = root.getBoundingClientRect();
    var at = el ? el.getBoundingClientRect() : box;
    t.textContent = text;
    t.hidden = false;
    t.style.left = Math.max(0, Math.min(at.left - box.left, box.width - 290)) + "px";
    t.style.top = (at.bottom - box.top + 6) + "px";
    clearTimeout(tip.timer);
    tip.timer = setTimeout(function () { t.hidden = true; }, 6000);
  }

  // The enlarge dialog of a board: `look.prefix` names its elements (<prefix>-zoom, -zoom-title,
  // -zoom-text, -zoom-art and an optional -zoom-reason; "bk" by default). `opts.reason`: why the
  // piece may not be chosen now; `opts.art`: a picture of it as markup, else a piece of the SVG
  // board is drawn anew. Closing the dialog gives the focus back to what opened it, or to
  // `opts.back()` when that is gone (the board was redrawn meanwhile).
  var zoom = { opener: null, back: null, id: null };
  function enlarge(el, opts, look) {
    opts = opts || {};
    look = look || {};
    var p = look.prefix || "bk";
    var dlg = $(p + "-zoom");
    if (!dlg) return;
    if (!dlg.open) { zoom.opener = document.activeElement; zoom.back = opts.back || null; zoom.id = dlg.id; }
    $(p + "-zoom-title").textContent = el.getAttribute("data-title") || "";
    $(p + "-zoom-text").textContent = el.getAttribute("data-text") || "";
    var why = $(p + "-zoom-reason");
    if (why) { why.hidden = !opts.reason; why.textContent = opts.reason || ""; }
    var art = $(p + "-zoom-art");
    art.textContent = "";
    if (typeof dlg.showModal === "function" && !dlg.open) dlg.showModal();
    if (opts.art) { art.innerHTML = opts.art; return; }
    if (el instanceof SVGGraphicsElement && el.tagName.toLowerCase() === "g") {
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      var clone = el.cloneNode(true);
      clone.removeAttribute("transform");
      clone.classList.remove(classes(look).hl, classes(look).chosen, classes(look).flash);
      svg.appendChild(clone);
      art.appendChild(svg);
      try {
        var b = clone.getBBox();  // measured once shown: the dialog is open by now
        svg.setAttribute("viewBox", [b.x - 4, b.y - 4, b.width + 8, b.height + 8].join(" "));
      } catch (err) { art.textContent = ""; }
    }
  }
  document.addEventListener("close", function (event) {
    if (!event.target || event.target.id !== zoom.id) return;
    var back = zoom.opener;
    zoom.opener = null;
    if (back && document.contains(back) && back !== document.body) back.focus({ preventScroll: true });
    else if (zoom.back) zoom.back();
  }, true);

  // A board's class names for highlighted, chosen and blinking pieces (bk-hl, bk-chosen, bk-flash
  // unless `look.prefix` says otherwise).
  function classes(look) {
    var p = (look && look.prefix) || "bk";
    return { hl: p + "-hl", chosen: p + "-chosen", flash: p + "-flash" };
  }

  // A log line: the pieces it changed blink (`name`: the board's class for it, bk-flash by default).
  function flash(root, keys, name) {
    name = name || "bk-flash";
    root.querySelectorAll("." + name).forEach(function (el) { el.classList.remove(name); });
    keys.split(" ").filter(Boolean).forEach(function (k) {
      root.querySelectorAll('[data-h~="' + k + '"]').forEach(function (el) {
        void el.getBoundingClientRect();
        el.classList.add(name);
      });
    });
  }

  // ---------------------------------------------------------------- highlighting and keyboard

  function isControl(el) {
    var tag = el.tagName.toLowerCase();
    return tag === "button" || tag === "a" || tag === "input" || tag === "select" || tag === "textarea" || tag === "summary";
  }

  // Board pieces a screen reader can name: a piece that holds no choice is one image named by its
  // title (not a run of numbers), one that holds choices a named group. `skip(el)`: pieces left
  // unnamed (e.g. click spots that are invisible until they become choices).
  function nameThePieces(root, skip) {
    root.querySelectorAll("svg [data-title]").forEach(function (el) {
      if (skip && skip(el)) return;
      var role = el.querySelector("[data-k]") ? "group" : "img";
      el.setAttribute("data-role", role);
      el.setAttribute("role", role);
      el.setAttribute("aria-label", el.getAttribute("data-title"));
    });
  }

  // What a choice is called: the step's words for its key, else the piece's title.
  function choiceName(el, key, labels) {
    return (labels && labels[key]) || el.getAttribute("data-title") || key;
  }

  // The pieces holding a next key are highlighted and become buttons with a name and one tab stop
  // between them (`current`: the one that keeps it); every other piece gives its role and its
  // place in the tab order back. `look`: the board's class prefix (see `classes`), `name(el, key)`
  // for the choices' names (default `choiceName`), `oneByKey`: only the first piece of a key is a
  // choice. Returns {choices, current}.
  function paint(root, next, chosen, labels, current, look) {
    look = look || {};
    var cls = classes(look);
    var name = look.name || function (el, key) { return choiceName(el, key, labels); };
    var choices = [];
    root.querySelectorAll("[data-k]").forEach(function (el) {
      var keys = keysOf(el);
      var key = keys.filter(function (k) { return has(next, k); })[0];
      el.classList.toggle(cls.hl, !!key);
      el.classList.toggle(cls.chosen, keys.some(function (k) { return has(chosen, k); }));
      if (isControl(el)) return;  // a button already is one
      var taken = look.oneByKey && choices.some(function (c) { return c.getAttribute("data-choice") === key; });
      if (key && !taken) {
        el.setAttribute("data-choice", key);
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", name(el, key));
        if (el.getAttribute("data-text")) el.setAttribute("aria-description", el.getAttribute("data-text"));
        choices.push(el);
      } else if (el.hasAttribute("data-choice")) {
        el.removeAttribute("data-choice");
        el.removeAttribute("tabindex");
        el.removeAttribute("aria-description");
        var role = el.getAttribute("data-role");
        if (role) { el.setAttribute("role", role); el.setAttribute("aria-label", el.getAttribute("data-title")); }
        else { el.removeAttribute("role"); el.removeAttribute("aria-label"); }
      }
    });
    if (!has(choices, current)) current = choices[0] || null;
    choices.forEach(function (el) { el.setAttribute("tabindex", el === current ? "0" : "-1"); });
    return { choices: choices, current: current };
  }

  var ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

  function moveAmong(choices, from, step) {
    if (!choices.length) return null;
    var i = choices.indexOf(from);
    var to = step === "first" ? 0 : step === "last" ? choices.length - 1 : (i + step + choices.length) % choices.length;
    choices.forEach(function (el) { el.setAttribute("tabindex", "-1"); });
    choices[to].setAttribute("tabindex", "0");
    choices[to].focus();
    return choices[to];
  }

  // A key on a focused board choice `el`: Enter or Space chooses it (`on.choose(el)`), the arrows
  // (Home, End) go to another of `on.choices` (`on.moved(el)` with the one focused then), I shows
  // it enlarged (`on.enlarge(el)`). True when the key was one of these.
  function pieceKey(event, el, on) {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); on.choose(el); return true; }
    if (event.key in ARROWS) { event.preventDefault(); on.moved(moveAmong(on.choices, el, ARROWS[event.key])); return true; }
    if (event.key === "i" || event.key === "I") { event.preventDefault(); on.enlarge(el); return true; }
    return false;
  }

  // ---------------------------------------------------------------- sending

  function csrf(root) {
    var input = root.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function reload() {
    if (window.htmx && document.getElementById("live")) window.htmx.trigger(document.body, "game-changed");
    else window.location.reload();
  }

  // POST the move to the JSON API; `refused(text)` on a refusal, a reload on success or a stale page.
  function submit(root, move, refused, stale) {
    document.body.setAttribute("data-sent", "1");  // the live region says "Sent" (static/js/site.js)
    fetch("/api/games/" + root.getAttribute("data-game") + "/moves/", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(root) },
      body: JSON.stringify({ move: move, version: +root.getAttribute("data-version") })
    }).then(function (response) {
      return response.json().then(function (body) { return { status: response.status, body: body }; });
    }).then(function (res) {
      if (res.status === 200) return reload();
      document.body.removeAttribute("data-sent");
      if (res.status === 409) { stale(); return setTimeout(reload, 800); }
      refused(res.body.error || ("HTTP " + res.status));
    }).catch(function () { reload(); });
  }

  window.BoardKit = {
    $: $, has: has, keysOf: keysOf, prefix: prefix, candidates: candidates, nextOf: nextOf, complete: complete,
    nextKeys: nextKeys, tip: tip, enlarge: enlarge, classes: classes, flash: flash, paint: paint,
    isControl: isControl, nameThePieces: nameThePieces, choiceName: choiceName, ARROWS: ARROWS,
    moveAmong: moveAmong, pieceKey: pieceKey, submit: submit, reload: reload
  };
})();
