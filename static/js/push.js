// Profile: turn web push notifications on or off for this browser (games/notifications/push.py).
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var box = document.getElementById("push");
  if (!box) return;
  var state = box.querySelector(".push-state");
  var on = box.querySelector("[data-push-on]");
  var off = box.querySelector("[data-push-off]");
  function say(text) { state.textContent = text; }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
    say(box.getAttribute("data-text-unsupported"));
    return;
  }
  function key(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), bytes = new Uint8Array(raw.length);
    for (var index = 0; index < raw.length; index++) bytes[index] = raw.charCodeAt(index);
    return bytes;
  }
  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.getAttribute("data-csrf")}})
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response; });
  }
  function show(subscribed) {
    on.hidden = subscribed; off.hidden = !subscribed;
    say(box.getAttribute(subscribed ? "data-text-on" : "data-text-off"));
  }
  var ready = navigator.serviceWorker.register(box.getAttribute("data-worker"), {scope: "/"})
    .then(function () { return navigator.serviceWorker.ready; });
  ready.then(function (registration) { return registration.pushManager.getSubscription(); })
    .then(function (subscription) { show(!!subscription); })
    .catch(function () { say(box.getAttribute("data-text-failed")); });
  on.addEventListener("click", function () {
    ready.then(function (registration) {
      return registration.pushManager.subscribe({userVisibleOnly: true,
        applicationServerKey: key(box.getAttribute("data-public-key"))});
    }).then(function (subscription) { return post(box.getAttribute("data-subscribe"), subscription.toJSON()); })
      .then(function () { show(true); on.blur(); off.focus(); })
      .catch(function () { say(box.getAttribute("data-text-failed")); });
  });
  off.addEventListener("click", function () {
    ready.then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        if (!subscription) return null;
        return post(box.getAttribute("data-unsubscribe"), {endpoint: subscription.endpoint})
          .then(function () { return subscription.unsubscribe(); });
      })
      .then(function () { show(false); off.blur(); on.focus(); })
      .catch(function () { say(box.getAttribute("data-text-failed")); });
  });
});
