// Small page behaviours; no inline scripts (CSP script-src 'self').
(function () {
  "use strict";

  // Replays: arrow keys step through the game (links carry rel=prev/next/first/last).
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-replay]")) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var rel = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[event.key];
    var link = rel && document.querySelector('[data-replay] a[rel="' + rel + '"]');
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });

  // n: to the game that has waited longest (the banner after a move first, else the header link).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || event.target.isContentEditable) return;
    var link = document.querySelector(".next-game-banner [data-next-game]") || document.querySelector("[data-next-game]");
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });

  // The chat box empties after a message was sent.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("chat-form") && event.detail.successful) {
      form.reset();
    }
  });

  // Private notes: the box saves as you type, so its save button is only needed without JavaScript;
  // a refused save (too long) says why next to the box.
  document.querySelectorAll(".notes-save").forEach(function (button) { button.hidden = true; });
  document.addEventListener("htmx:responseError", function (event) {
    var status = document.getElementById("notes-status");
    if (status && event.target.id === "notes-body") {
      status.textContent = event.detail.xhr.responseText;
      status.classList.add("error");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = document.getElementById("notes-status");
    if (status && event.target.id === "notes-body" && event.detail.successful) status.classList.remove("error");
  });

  // A refused move comes back as 400/403/409 with the live part and the reason: show it.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = (event.detail.requestConfig && event.detail.requestConfig.elt) || event.target;
    var status = event.detail.xhr.status;
    if (form && form.closest && form.closest(".move-form") && status >= 400 && status < 500 && status !== 404) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // A refused move sent nothing: the next version (someone else's move) is not "Sent".
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("move-form") && event.detail.xhr && event.detail.xhr.status >= 400) {
      document.body.removeAttribute("data-sent");
    }
  });

  // Move buttons: one click at a time (the request id also guards against repeats).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("move-form")) {
      form.classList.add("busy");
      document.body.setAttribute("data-sent", "1");
      refocusMoves = true;
    }
  });

  // The game page's live region (#announce) stays while htmx replaces the live block (#live):
  // it says what this page sent, what the others did and who moves next. The tab's title
  // follows the block ("(Your turn) ...").
  var shownVersion = null, refocusMoves = false;

  function announce(text) {
    var region = document.getElementById("announce");
    if (!region || !text) return;
    region.textContent = "";  // the same words twice are said twice
    setTimeout(function () { region.textContent = text; }, 60);
  }
  window.PragaAnnounce = announce;

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (live) shownVersion = live.getAttribute("data-version");
  });

  document.addEventListener("htmx:afterSettle", function () {
    var live = document.getElementById("live");
    if (!live) return;
    if (live.getAttribute("data-page-title")) document.title = live.getAttribute("data-page-title");
    if (refocusMoves) {
      // the buttons just used are gone: the move card's heading takes the focus
      refocusMoves = false;
      var heading = live.querySelector("#moves h2") || live.querySelector("#board h2");
      if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
    }
    var version = live.getAttribute("data-version");
    // a poll that settles between a move's sending and its answer still shows the old version:
    // "Sent" waits for the version the move makes (a refused move clears it, below)
    if (version === shownVersion) return;
    shownVersion = version;
    var words = [live.getAttribute("data-announce-last"), live.getAttribute("data-announce-next")].filter(Boolean);
    if (document.body.hasAttribute("data-sent")) words.unshift(document.getElementById("announce").getAttribute("data-sent"));
    document.body.removeAttribute("data-sent");
    announce(words.join(" "));
  });
})();

// New game: show only the fields that apply to the chosen player count (elements marked
// data-players="2 3 4"); without JavaScript every field shows and the server ignores the others.
document.addEventListener("DOMContentLoaded", function () {
  var form = document.querySelector("form[data-player-count-form]");
  var players = form && form.querySelector("select[name=players]");
  if (!players) return;
  function update() {
    form.querySelectorAll("[data-players]").forEach(function (element) {
      var applies = element.getAttribute("data-players").split(" ").indexOf(players.value) >= 0;
      var box = element.tagName === "FIELDSET" ? element : element.closest(".field") || element;
      box.hidden = !applies;
    });
  }
  players.addEventListener("change", update);
  update();
});

// Time zone: where the player has not chosen one (select[data-detect-time-zone]), preselect the
// browser's zone; an alias the browser reports (Asia/Calcutta) matches its offered name (Asia/Kolkata).
document.addEventListener("DOMContentLoaded", function () {
  var select = document.querySelector("select[data-detect-time-zone]");
  var zone = select && window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  function canonical(name) {
    try { return new Intl.DateTimeFormat("en-US", {timeZone: name}).resolvedOptions().timeZone; } catch (error) { return null; }
  }
  var options = Array.prototype.slice.call(select.options);
  var match = options.filter(function (option) { return option.value === zone; })[0];
  if (!match) {
    var wanted = canonical(zone);
    match = options.filter(function (option) { return canonical(option.value) === wanted; })[0];
  }
  if (match) select.value = match.value;
});

// Replays: keep the current log line visible inside its scrolling list.
document.addEventListener("DOMContentLoaded", function () {
  var current = document.querySelector("ol.log li.current");
  if (current) {
    var list = current.parentElement;
    list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
});

// A form that came back with errors: its summary takes the focus (a screen reader reads it).
document.addEventListener("DOMContentLoaded", function () {
  var summary = document.querySelector("[data-error-summary]");
  if (summary) summary.focus();
});

// A private invitation's link: one click selects it for copying.
document.addEventListener("focusin", function (event) {
  if (event.target.matches && event.target.matches("input[data-copy]")) event.target.select();
});

// Card-choice forms (a discard): the live count of the chosen cards of each field.
document.addEventListener("input", function (event) {
  var field = event.target.closest && event.target.closest(".card-choice .choice-field");
  if (!field) return;
  var total = 0;
  field.querySelectorAll("input[type=number]").forEach(function (input) {
    var value = parseInt(input.value, 10);
    if (value > 0) total += value;
  });
  var shown = field.querySelector(".chosen");
  if (shown) shown.textContent = String(total);
  var fits = total >= parseInt(field.dataset.low, 10) && total <= parseInt(field.dataset.high, 10);
  field.classList.toggle("fits", fits);
  field.querySelector(".choice-count").classList.toggle("off", !fits);
});

// A form's optional moment (games/form_fields.py): changing the date-time ticks its box, which
// alone decides whether the moment is sent (without JavaScript the player ticks it).
document.addEventListener("input", function (event) {
  if (!(event.target.matches && event.target.matches(".moment-field input[type=datetime-local]"))) return;
  var box = event.target.closest(".moment-field").querySelector(".moment-set input[type=checkbox]");
  if (box && event.target.value) box.checked = true;
});
