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

  // The chat box empties after a message was sent.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("chat-form") && event.detail.successful) {
      form.reset();
    }
  });

  // Move buttons: one click at a time (the request id also guards against repeats).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("move-form")) form.classList.add("busy");
  });
})();

// Replays: keep the current log line visible inside its scrolling list.
document.addEventListener("DOMContentLoaded", function () {
  var current = document.querySelector("ol.log li.current");
  if (current) {
    var list = current.parentElement;
    list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
});

// A private invitation's link: one click selects it for copying.
document.addEventListener("focusin", function (event) {
  if (event.target.matches && event.target.matches("input[data-copy]")) event.target.select();
});
