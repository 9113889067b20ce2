// The activation form's preview: as a player fills a token's row, the cost of the
// squares entered against the token's SPD, and the target's distance against its
// reach. It reads only the data the page carries from the side's own record
// (games/battles/preview.py), so it knows no more than the side; the server's
// check of the activation is the one that counts.
(function (exports) {
  "use strict";
  var DIFFICULT = { water: true, trees: true, mountain: true };
  var RAISED = { hill: true, mountain: true };

  function parseSquare(text) {
    var match = /^([a-z]+)([1-9][0-9]*)$/.exec(String(text).trim().toLowerCase());
    if (!match) return null;
    var col = 0;
    for (var i = 0; i < match[1].length; i++) col = col * 26 + (match[1].charCodeAt(i) - 96);
    return { col: col - 1, row: parseInt(match[2], 10) - 1, name: match[0] };
  }

  function distance(a, b) {
    return Math.max(Math.abs(a.col - b.col), Math.abs(a.row - b.row));
  }

  // The squares entered, one after another: their cost (two for difficult terrain),
  // or the first problem (a word that is not a square, off the grid, not a step).
  function pathCost(data, from, words) {
    var here = parseSquare(from), cost = 0, last = from;
    for (var i = 0; i < words.length; i++) {
      var square = parseSquare(words[i]);
      if (!square) return { error: words[i] + " is not a square" };
      if (square.col >= data.width || square.row >= data.height) {
        return { error: square.name + " is off the grid" };
      }
      if (distance(here, square) !== 1) return { error: square.name + " is not next to " + last };
      cost += DIFFICULT[data.terrain[square.name]] ? 2 : 1;
      here = square;
      last = square.name;
    }
    return { cost: cost, end: last };
  }

  // One row's preview line, from the token, its action, squares and target.
  function preview(data, tokenId, action, squaresText, targetId) {
    var token = data.tokens[tokenId];
    if (!token || action === "hold" || !action) return "";
    var said = [], from = token.at;
    var words = squaresText.split(/[\s,]+/).filter(Boolean);
    if ((action === "move" || action === "charge") && words.length) {
      var path = pathCost(data, token.at, words);
      if (path.error) return path.error;
      var over = path.cost > token.spd && words.length > 1;
      said.push("cost " + path.cost + " of SPD " + token.spd + (over ? ": too far" : ""));
      from = path.end;
    }
    var target = data.tokens[targetId];
    if (target && action !== "move") said.push(reach(data, token, from, target, action));
    return said.join("; ");
  }

  function reach(data, token, from, target, action) {
    var steps = distance(parseSquare(from), parseSquare(target.at));
    if (action === "shoot") {
      var longest = token.range + (RAISED[data.terrain[from]] ? 1 : 0);
      if (data.terrain[target.at] === "trees") return "the target is on trees: it cannot be shot";
      return steps + " away, RANGE " + longest + (steps > longest ? ": out of range" : "");
    }
    return steps + " away" + (steps > 1 ? ": not next to it" : "");
  }

  exports.pathCost = pathCost;
  exports.preview = preview;

  // One typed line, "R1 charge c3 d3 B1", read as the rows would be: the token,
  // its action, the squares entered and (last) a target the side sees.
  function previewLine(data, line) {
    var words = line.trim().split(/\s+/).filter(Boolean);
    if (!words.length || words[0].charAt(0) === "#") return "";
    var id = tokenNamed(data, words[0]);
    if (!id) return words[0] + " is not a token you see";
    var action = (words[1] || "hold").toLowerCase();
    var rest = words.slice(2);
    var target = rest.length && tokenNamed(data, rest[rest.length - 1]) ? tokenNamed(data, rest.pop()) : "";
    return preview(data, id, action, rest.join(" "), target);
  }

  function tokenNamed(data, word) {
    var lower = word.toLowerCase();
    return Object.keys(data.tokens).filter(function (id) { return id.toLowerCase() === lower; })[0] || "";
  }

  exports.previewLine = previewLine;

  if (typeof document === "undefined") return;
  var holder = document.getElementById("battle-preview-data");
  var form = document.getElementById("activation-rows");
  if (!holder || !form) return;
  var data = JSON.parse(holder.textContent);
  var typed = document.querySelector("#activation-text textarea");
  var typedPreview = document.getElementById("activation-text-preview");
  if (typed && typedPreview) {
    var showTyped = function () {
      typedPreview.textContent = "";
      typed.value.split("\n").forEach(function (line) {
        var said = previewLine(data, line);
        if (!said) return;
        var item = document.createElement("li");
        item.className = /too far|not |off the grid|out of range|cannot/.test(said) ? "bad" : "ok";
        item.textContent = line.trim() + ": " + said;
        typedPreview.appendChild(item);
      });
    };
    typed.addEventListener("input", showTyped);
    showTyped();
  }
  form.querySelectorAll("[data-preview-for]").forEach(function (cell) {
    var id = cell.getAttribute("data-preview-for");
    var fields = ["action", "squares", "target"].map(function (name) {
      return form.querySelector("[name='" + name + "_" + id + "']");
    });
    function update() {
      var values = fields.map(function (field) { return field ? field.value : ""; });
      cell.textContent = preview(data, id, values[0], values[1], values[2]);
    }
    fields.forEach(function (field) {
      if (field) field.addEventListener("input", update);
      if (field) field.addEventListener("change", update);
    });
    update();
  });
})(typeof module !== "undefined" ? module.exports : {});
