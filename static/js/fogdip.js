// Small behaviours every page may use, kept out of the HTML so that the
// Content-Security-Policy can forbid inline script.
(function () {
  "use strict";
  document.querySelectorAll("[data-select-on-click]").forEach(function (field) {
    field.addEventListener("click", function () { field.select(); });
  });
  document.querySelectorAll("[data-submit-on-change]").forEach(function (field) {
    field.addEventListener("change", function () { field.form.submit(); });
  });
  // Deadlines count down in place, from the page's own clock: no request.
  var countdowns = document.querySelectorAll("[data-countdown]");
  function left(until) {
    var minutes = Math.max(0, Math.floor((Date.parse(until) - Date.now()) / 60000));
    var days = Math.floor(minutes / 1440), hours = Math.floor(minutes % 1440 / 60);
    var parts = [];
    if (days) parts.push(days + (days === 1 ? " day" : " days"));
    if (hours) parts.push(hours + (hours === 1 ? " hour" : " hours"));
    if (!days) parts.push(minutes % 60 + (minutes % 60 === 1 ? " minute" : " minutes"));
    return parts.join(", ");
  }
  function deadlineOf(item) {  // the deadline's own <time datetime>, beside the countdown
    return item.closest(".deadline").querySelector("time").getAttribute("datetime");
  }
  function tick() {
    countdowns.forEach(function (item) { item.textContent = left(deadlineOf(item)); });
  }
  if (countdowns.length) { tick(); setInterval(tick, 30000); }

  // The dashboard asks for its games' state every LIVE_POLL_SECONDS (one small
  // request) and updates each game's phase, own state, deadline and unread
  // press in place.
  var dashboard = document.getElementById("dashboard");
  function update(game) {
    var row = dashboard.querySelector('[data-game="' + game.id + '"]');
    if (!row) return;
    if (row.dataset.status !== game.status) {
      document.getElementById("dashboard-changed").hidden = false;
      return;
    }
    var label = row.querySelector(".phase-label"), state = row.querySelector(".order-state");
    var deadline = row.querySelector(".deadline time");
    if (label && label.textContent !== game.phase) {
      label.textContent = game.phase;
      document.getElementById("dashboard-changed").hidden = false;
    }
    if (state) state.textContent = game.state;
    if (deadline && game.deadline) {
      deadline.setAttribute("datetime", game.deadline);
      deadline.textContent = shownDate(game.deadline);
    }
    var unread = row.querySelector(".unread-count");
    if (unread) {
      unread.textContent = game.unread + " unread";
      unread.hidden = !game.unread;
    }
  }
  // "Tue 1 Dec, 06:37 UTC" in the reader's time zone, as the page drew it.
  function shownDate(iso) {
    var parts = {};
    var format = new Intl.DateTimeFormat("en-GB", {
      timeZone: dashboard.dataset.timeZone || undefined, weekday: "short", day: "numeric",
      month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short"
    });
    format.formatToParts(new Date(iso)).forEach(function (part) { parts[part.type] = part.value; });
    return parts.weekday + " " + parts.day + " " + parts.month + ", " + parts.hour + ":" + parts.minute + " " + parts.timeZoneName;
  }
  function poll() {
    fetch(dashboard.dataset.statusUrl, {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : {games: []}; })
      .then(function (data) { (data.games || []).forEach(update); tick(); })
      .catch(function () {});
  }
  if (dashboard) setInterval(poll, 1000 * Math.max(1, Number(dashboard.dataset.pollSeconds) || 30));

  // A time zone menu nobody has chosen from yet (marked by the server) starts
  // on the browser's own zone, when the menu offers it; a note says so.
  document.querySelectorAll("select[data-browser-zone]").forEach(function (menu) {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
    var offered = Array.prototype.some.call(menu.options, function (o) { return o.value === zone; });
    if (!offered || menu.value === zone) return;
    menu.value = zone;
    var note = document.createElement("small");
    note.className = "help";
    note.textContent = "Preselected from your browser's time zone: change it if it is wrong.";
    menu.insertAdjacentElement("afterend", note);
  });
})();
