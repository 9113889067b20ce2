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
})();
