// Shared drawing helpers of the game boards: the click flow over the legal moves (which moves
// still fit the clicks so far, which keys come next), the engine's reason next to an illegal
// click, the enlarge dialog, log lines that highlight what they changed, keyboard choices on
// the board (role, name, one tab stop, arrows, Enter/Space) and sending a move.
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

  var opener = null;
  function enlarge(el) {
    var dlg = $("bk-zoom");
    if (!dlg) return;
    if (!dlg.open) opener = document.activeElement;
    $("bk-zoom-title").textContent = el.getAttribute("data-title") || "";
    $("bk-zoom-text").textContent = el.getAttribute("data-text") || "";
    var art = $("bk-zoom-art");
    art.textContent = "";
    if (typeof dlg.showModal === "function" && !dlg.open) dlg.showModal();
    if (el instanceof SVGGraphicsElement && el.tagName.toLowerCase() === "g") {
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      var clone = el.cloneNode(true);
      clone.removeAttribute("transform");
      clone.classList.remove("bk-hl", "bk-chosen", "bk-flash");
      svg.appendChild(clone);
      art.appendChild(svg);
      try {
        var b = clone.getBBox();
        svg.setAttribute("viewBox", [b.x - 4, b.y - 4, b.width + 8, b.height + 8].join(" "));
      } catch (err) { art.textContent = ""; }
    }
  }
  document.addEventListener("close", function (event) {
    if (event.target && event.target.id === "bk-zoom" && opener && document.contains(opener)) opener.focus();
  }, true);

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
    return tag === "button" || tag === "a" || tag === "input" || tag === "select" || tag === "textarea";
  }

  // The board pieces holding a next key become buttons with a name and one tab stop between them.
  function paint(root, next, chosen, labels, current) {
    var choices = [];
    root.querySelectorAll("[data-k]").forEach(function (el) {
      if (isControl(el)) return;
      var keys = keysOf(el);
      var key = keys.filter(function (k) { return has(next, k); })[0];
      el.classList.toggle("bk-hl", !!key);
      el.classList.toggle("bk-chosen", keys.some(function (k) { return has(chosen, k); }));
      if (key && !choices.some(function (c) { return c.getAttribute("data-choice") === key; })) {
        el.setAttribute("data-choice", key);
        el.setAttribute("role", "button");
        var title = el.getAttribute("data-title");
        el.setAttribute("aria-label", (labels && labels[key]) || title || key);
        choices.push(el);
      } else if (el.hasAttribute("data-choice")) {
        el.removeAttribute("data-choice");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
        el.removeAttribute("tabindex");
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
    nextKeys: nextKeys, tip: tip, enlarge: enlarge, flash: flash, paint: paint, isControl: isControl,
    ARROWS: ARROWS, moveAmong: moveAmong, submit: submit, reload: reload
  };
})();
