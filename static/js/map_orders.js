// Ordering from the map: pick one of your units on the picture, then a
// province. The outlines (public, /maps/<rules>/shapes.json) become an SVG laid
// over the Pillow picture, on the same canvas; every order is written as a line
// into the typed box, the sheet the menus and typing share, so the server reads
// it like any typed line. Keyboard: the map is one Tab stop, arrows go to the
// nearest province that way, Enter or Space picks it. In an adjustment phase
// a province picked offers what the power's own record allows there (a build
// in a free home centre, the removal of an own unit) as buttons.
(function () {
  "use strict";
  var panel = document.getElementById("map-orders");
  var form = document.getElementById("orders-form");
  var figure = document.querySelector("figure.map");
  if (!panel || !form || !figure) return;
  var box = form.querySelector("textarea[name=typed]");
  var status = document.getElementById("map-order-status");
  var SVG = "http://www.w3.org/2000/svg";
  var COASTS = {NC: "north coast", SC: "south coast", EC: "east coast", WC: "west coast"};
  var KEYS = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  var retreating = panel.dataset.phaseKind === "R";
  var adjusting = panel.dataset.phaseKind === "A";
  // "A PAR B,F STP/NC B" or "A PAR D,F BRE D": from the power's own record.
  var adjustments = (panel.dataset.adjustments || "").split(",").filter(Boolean);
  var offer = document.getElementById("map-order-offer");
  var own = unitsByProvince(panel.dataset.ownUnits);
  var seen = unitsByProvince(panel.dataset.seenUnits);
  var provinces = {};  // code -> {code, name, kind, unit, coasts, element}
  var choice = {unit: null, kind: "move", picks: []};

  // "A PAR,F SPA/NC" -> {PAR: {type: "A", where: "SPA/NC"}}
  function unitsByProvince(text) {
    var units = {};
    (text || "").split(",").forEach(function (entry) {
      var words = entry.trim().split(/\s+/);
      if (words.length === 2) units[words[1].slice(0, 3)] = {type: words[0], where: words[1]};
    });
    return units;
  }

  // "SPA/NC" -> "Spa/nc", as a player would type it.
  function typed(where) {
    return where.charAt(0) + where.slice(1).toLowerCase();
  }

  function unitText(unit) {
    return unit.type + " " + typed(unit.where);
  }

  // A unit seen there, as "A Mar"; only the place where the record shows none.
  function unitAt(code) {
    return seen[code] ? unitText(seen[code]) : typed(code);
  }

  function say(text) {
    status.textContent = text;
  }

  // Each line for a unit replaces the box's earlier line for it (the last
  // line for a unit wins on the server too); the check runs as if typed.
  function write(lines) {
    var given = box.value.split("\n").filter(function (line) {
      return line.trim() && !lines.some(function (order) { return sameUnit(line, order); });
    });
    box.value = given.concat(lines.map(function (order) { return order.line; })).join("\n");
    box.dispatchEvent(new Event("input", {bubbles: true}));
  }

  function sameUnit(line, order) {
    var words = line.trim().toUpperCase().split(/\s+/);
    var place = /^(A|F|ARMY|FLEET)$/.test(words[0]) ? words[1] : words[0];
    return (place || "").slice(0, 3) === order.province;
  }

  function order(unitCode, line) {
    return {province: unitCode, line: line};
  }

  function finish(lines) {
    write(lines);
    var next = adjusting ? "Pick another province." : "Pick another unit.";
    say("Written: " + lines.map(function (o) { return o.line; }).join("; ") + ". " + next);
    reset();
  }

  function reset() {
    choice.unit = null;
    choice.picks = [];
    clearOffer();
    setKind("move");
    mark();
  }

  function setKind(kind) {
    choice.kind = kind;
    choice.picks = [];
    panel.querySelectorAll("[aria-pressed]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.kind === kind));
    });
  }

  // Where a fleet lands on a split coast: the coast nearest the tap.
  function target(code, point) {
    var coasts = provinces[code].coasts;
    var names = Object.keys(coasts);
    if (!choice.unit || choice.unit.type !== "F" || !names.length) return typed(code);
    names.sort(function (a, b) { return distance(coasts[a], point) - distance(coasts[b], point); });
    return typed(code + "/" + names[0]);
  }

  function distance(a, b) {
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  }

  function pick(code, point, byKeyboard) {
    if (adjusting) return pickAdjustment(code, byKeyboard);
    if (!choice.unit) return pickUnit(code);
    var unit = choice.unit;
    var code3 = unit.where.slice(0, 3);
    if (choice.kind === "support") return pickSupport(code, code3, point);
    if (choice.kind === "convoy") return pickConvoy(code, code3);
    if (code === code3) return hold();
    if (unit.type === "A" && provinces[code].kind === "sea" && !retreating) return addSea(code);
    var verb = retreating ? " R " : " - ";
    var line = unitText(unit) + verb + target(code, point);
    if (!choice.picks.length) return finish([order(code3, line)]);
    finish(convoyedMove(code3, line, code));
  }

  function pickUnit(code) {
    if (!own[code]) {
      say("You have no unit " + (retreating ? "to retreat " : "") + "in " + provinces[code].name + ": pick one of yours.");
      return;
    }
    choice.unit = own[code];
    mark();
    var next = retreating ? "where it retreats to" : "where it moves, or Support, Convoy or Hold first";
    say(unitText(choice.unit) + " picked: now pick " + next + ".");
  }

  // --- builds and removals ------------------------------------------------------

  // The keyboard moves on to the offer; a finger stays where the map is.
  function pickAdjustment(code, byKeyboard) {
    var here = adjustments.filter(function (line) { return line.split(" ")[1].slice(0, 3) === code; });
    clearOffer();
    choice.picks = here.length ? [code] : [];
    mark();
    if (!here.length) return say(noAdjustment(code));
    here.forEach(function (line) { offer.appendChild(offerButton(code, line)); });
    say(provinces[code].name + ": choose " + here.map(adjustmentLabel).join(" or ") + ".");
    if (byKeyboard) offer.querySelector("button").focus();
  }

  function noAdjustment(code) {
    var name = provinces[code].name;
    if (!adjustments.length) return "Nothing to build or remove this phase.";
    if (/ D$/.test(adjustments[0])) return "You have no unit in " + name + " to remove: pick one of yours.";
    if (own[code]) return name + " holds your " + (own[code].type === "A" ? "army" : "fleet") + ": build only in an empty home centre of yours.";
    return "You cannot build in " + name + ": only in a home centre of yours that you own and that is empty.";
  }

  // "F STP/NC B" -> "Build fleet in St Petersburg (north coast)"; "A PAR D" -> "Remove the army in Paris".
  function adjustmentLabel(line) {
    var words = line.split(" ");
    var kind = words[0] === "A" ? "army" : "fleet";
    var place = provinces[words[1].slice(0, 3)].name;
    var coast = words[1].split("/")[1];
    var where = place + (coast ? " (" + COASTS[coast] + ")" : "");
    return words[2] === "D" ? "Remove the " + kind + " in " + where : "Build " + kind + " in " + where;
  }

  function offerButton(code, line) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary";
    button.textContent = adjustmentLabel(line);
    button.addEventListener("click", function (event) {
      var words = line.split(" ");
      finish([order(code, words[0] + " " + typed(words[1]) + " " + words[2])]);
      moveFocus(code);
      if (event.detail === 0) provinces[code].element.focus();  // a key pressed it: back to the map
    });
    return button;
  }

  function clearOffer() {
    if (offer) offer.textContent = "";
  }

  // An army's move through the seas picked, and a convoy for each own fleet there.
  function convoyedMove(code3, line, destination) {
    var move = unitText(choice.unit) + " - " + typed(destination);
    var lines = [order(code3, line + " via convoy")];
    choice.picks.forEach(function (sea) {
      if (own[sea] && own[sea].type === "F") lines.push(order(sea, unitText(own[sea]) + " C " + move));
    });
    return lines;
  }

  function addSea(code) {
    if (choice.picks.indexOf(code) < 0) choice.picks.push(code);
    mark();
    say(unitText(choice.unit) + " by convoy through " + choice.picks.map(typed).join(", ") + ": pick more seas or where it lands.");
  }

  function pickSupport(code, code3, point) {
    if (!choice.picks.length) {
      if (code === code3) return say("A unit cannot support itself: pick the unit it supports.");
      choice.picks = [code];
      mark();
      return say(unitText(choice.unit) + " supports " + unitAt(code) + ": pick where that unit moves, or the same province again to support it holding.");
    }
    var supported = unitAt(choice.picks[0]);
    var end = code === choice.picks[0] ? "" : " - " + typed(code);
    finish([order(code3, unitText(choice.unit) + " S " + supported + end)]);
  }

  function pickConvoy(code, code3) {
    if (!choice.picks.length) {
      choice.picks = [code];
      mark();
      return say(unitText(choice.unit) + " convoys the army in " + provinces[code].name + ": pick where it lands.");
    }
    var army = seen[choice.picks[0]] ? unitAt(choice.picks[0]) : "A " + typed(choice.picks[0]);
    finish([order(code3, unitText(choice.unit) + " C " + army + " - " + typed(code))]);
  }

  function hold() {
    if (!choice.unit) return say("Pick one of your units first.");
    var code3 = choice.unit.where.slice(0, 3);
    finish([order(code3, unitText(choice.unit) + (retreating ? " D" : " H"))]);
  }

  function chooseKind(kind) {
    if (kind === "cancel") { reset(); return say(adjusting ? "Pick a province on the map." : "Pick one of your units on the map."); }
    if (kind === "hold") return hold();
    if (!choice.unit) return say("Pick one of your units first, then " + kind + ".");
    if (kind === "convoy" && choice.unit.type !== "F") return say("Only a fleet convoys: pick the army, then the seas on its way.");
    setKind(kind);
    mark();
    var asks = {move: "where it moves", support: "the unit it supports", convoy: "the army it convoys"};
    say(unitText(choice.unit) + ": pick " + asks[kind] + ".");
  }

  // Marks the picked unit and the provinces picked after it.
  function mark() {
    Object.keys(provinces).forEach(function (code) {
      var element = provinces[code].element;
      var unitCode = choice.unit && choice.unit.where.slice(0, 3);
      element.classList.toggle("picked", code === unitCode);
      element.classList.toggle("chosen", choice.picks.indexOf(code) >= 0);
    });
  }

  // --- the overlay ------------------------------------------------------------

  function frame() {
    var existing = figure.querySelector(".map-frame");
    if (existing) return existing;
    var wrapper = document.createElement("div");
    wrapper.className = "map-frame";
    var image = figure.querySelector("img");
    image.parentNode.insertBefore(wrapper, image);
    wrapper.appendChild(image);
    return wrapper;
  }

  function build(shapes) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "map-overlay");
    svg.setAttribute("viewBox", "0 0 " + shapes.width + " " + shapes.height);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "The map: pick a unit, then a province");
    shapes.provinces.forEach(function (shape) {
      var path = document.createElementNS(SVG, "path");
      path.setAttribute("d", shape.path);
      path.setAttribute("role", "button");
      path.setAttribute("tabindex", "-1");
      path.setAttribute("aria-label", label(shape));
      path.dataset.province = shape.code;
      shape.element = path;
      provinces[shape.code] = shape;
      svg.appendChild(path);
    });
    var first = Object.keys(own).sort()[0];
    (provinces[first] || shapes.provinces[0]).element.setAttribute("tabindex", "0");
    svg.addEventListener("click", function (event) { clicked(svg, event); });
    svg.addEventListener("keydown", function (event) { pressed(event); });
    frame().appendChild(svg);
    panel.hidden = false;
  }

  function label(shape) {
    var mine = own[shape.code];
    if (mine) return shape.name + ", your " + (mine.type === "A" ? "army" : "fleet");
    var other = seen[shape.code];
    return other ? shape.name + ", " + (other.type === "A" ? "an army" : "a fleet") : shape.name;
  }

  function clicked(svg, event) {
    var code = event.target.dataset && event.target.dataset.province;
    if (!code) return;
    moveFocus(code);
    pick(code, canvasPoint(svg, event));
  }

  // The tap in the drawing's own pixels.
  function canvasPoint(svg, event) {
    var box = svg.getBoundingClientRect();
    var view = svg.viewBox.baseVal;
    return [(event.clientX - box.left) * view.width / box.width,
            (event.clientY - box.top) * view.height / box.height];
  }

  function pressed(event) {
    var code = event.target.dataset && event.target.dataset.province;
    if (!code) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      var from = choice.unit ? provinces[choice.unit.where.slice(0, 3)].unit : provinces[code].unit;
      return pick(code, from, true);
    }
    if (KEYS[event.key]) {
      event.preventDefault();
      var next = nearest(provinces[code], KEYS[event.key]);
      if (next) { moveFocus(next); provinces[next].element.focus(); }
    }
  }

  // The province whose unit spot lies nearest that way, straying little from it.
  function nearest(from, way) {
    var best = null;
    var bestScore = Infinity;
    Object.keys(provinces).forEach(function (code) {
      var dx = provinces[code].unit[0] - from.unit[0];
      var dy = provinces[code].unit[1] - from.unit[1];
      var along = dx * way[0] + dy * way[1];
      var across = Math.abs(dx * way[1] - dy * way[0]);
      if (along <= 0) return;
      var score = along + 2 * across;
      if (score < bestScore) { best = code; bestScore = score; }
    });
    return best;
  }

  function moveFocus(code) {
    Object.keys(provinces).forEach(function (other) {
      provinces[other].element.setAttribute("tabindex", other === code ? "0" : "-1");
    });
  }

  panel.querySelectorAll("[data-kind]").forEach(function (button) {
    button.addEventListener("click", function () { chooseKind(button.dataset.kind); });
  });
  fetch(panel.dataset.shapesUrl, {credentials: "same-origin"})
    .then(function (response) {
      if (!response.ok) throw new Error("the map's outlines did not load (" + response.status + ")");
      return response.json();
    })
    .then(build)
    .catch(function (error) {
      panel.hidden = false;
      say("Ordering from the map is not available: " + error.message + ". The menus and the typed box still work.");
    });
})();
