// Check typed orders as the player types: each line marked valid or wrong.
// The server reads them against the map and the player's own units only.
// The verdict goes out as an "orders-checked" event (the map draws it), and
// a sheet changed since it was drawn is marked unsaved: leaving then asks first.
(function () {
  "use strict";
  var form = document.getElementById("orders-form");
  if (!form) return;
  var box = form.querySelector("textarea[name=typed]");
  var list = document.getElementById("checked-lines");
  var token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var timer = null;

  function show(lines) {
    form.dispatchEvent(new CustomEvent("orders-checked", {detail: lines}));
    list.textContent = "";
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.className = line.ok ? "ok" : "bad";
      var code = document.createElement("code");
      code.textContent = line.text;
      item.appendChild(code);
      item.appendChild(document.createTextNode(line.ok ? " \u2713 " + line.order : " \u2717 " + line.error));
      list.appendChild(item);
    });
  }

  function showError(text) {
    list.textContent = "";
    var item = document.createElement("li");
    item.className = "bad";
    item.textContent = text;
    list.appendChild(item);
  }

  function check() {
    fetch(form.dataset.checkUrl, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRFToken": token},
      body: JSON.stringify({text: box.value}),
      credentials: "same-origin"
    }).then(function (response) {
      // A refusal (too many checks) comes as {"error": ...}: show its reason.
      return response.json().catch(function () { return {lines: []}; });
    }).then(function (data) {
      if (data.error) showError(data.error); else show(data.lines || []);
    });
  }

  var unsaved = false;

  function markUnsaved() {
    unsaved = true;
    document.querySelectorAll(".unsaved-note").forEach(function (note) { note.hidden = false; });
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  form.addEventListener("input", markUnsaved);
  form.addEventListener("change", markUnsaved);
  form.addEventListener("submit", function () { unsaved = false; });
  window.addEventListener("beforeunload", function (event) {
    if (!unsaved) return;
    event.preventDefault();
    event.returnValue = "";
  });
  if (form.dataset.unsaved) markUnsaved();
  if (box.value.trim()) check();
})();
