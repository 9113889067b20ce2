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
  function tick() {
    countdowns.forEach(function (item) { item.textContent = left(item.dataset.countdown); });
  }
  if (countdowns.length) { tick(); setInterval(tick, 30000); }
})();
