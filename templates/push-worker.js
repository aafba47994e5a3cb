// Shows a web push message (games/notifications/push.py) and opens its link when clicked.
self.addEventListener("push", function (event) {
  var message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = {body: event.data && event.data.text()}; }
  event.waitUntil(self.registration.showNotification(message.title || "", {
    body: message.body || "", tag: message.tag || undefined, data: {url: message.url || "/"},
    icon: "/static/favicon.svg"
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
    for (var index = 0; index < windows.length; index++) {
      if (windows[index].url === url && "focus" in windows[index]) return windows[index].focus();
    }
    return self.clients.openWindow(url);
  }));
});
