// Ordering from the map: pick one of your units on the picture, then a
// province. The outlines (public, /maps/<rules>/shapes.json) become an SVG laid
// over the Pillow picture, on the same canvas; every order is written as a line
// into the typed box, the sheet the menus and typing share, so the server reads
// it like any typed line. Keyboard: the map is one Tab stop, arrows go to the
// nearest province that way, Enter or Space picks it. In an adjustment phase
// a province picked offers what the power's own record allows there (a build
// in a free home centre, the removal of an own unit) as buttons.
// The controls sit in a bar on the map's lower edge, so a finger never leaves
// the map; what a picked unit may do (its menu, map_legal.js) is highlighted.
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
  var choice = {unit: null, kind: "move", chosen: false, picks: [], legal: null};
  var lastWritten = [];

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
    lastWritten = lines.map(function (o) { return o.line; });
    showVerdict(null);
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

  function setKind(kind, chosen) {
    choice.kind = kind;
    choice.chosen = Boolean(chosen);
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
    if (!choice.chosen && own[code] && !retreating && supportByTap(code, code3)) return;
    if (unit.type === "A" && provinces[code].kind === "sea" && !retreating) return addSea(code);
    if (!choice.picks.length && cannotGo(unit, code)) {
      return say(unitText(unit) + " cannot " + (retreating ? "retreat" : "move") + " to " + provinces[code].name + ": pick a highlighted province.");
    }
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
    choice.legal = window.FogdipMenus ? window.FogdipMenus.legalFor(form, unitKey(choice.unit)) : null;
    mark();
    var next = retreating ? "a highlighted province it retreats to" : "where it moves, or one of your units to support";
    say(unitText(choice.unit) + " picked: now pick " + next + ".");
  }

  function unitKey(unit) {
    return unit.type + " " + unit.where;
  }

  // A province the unit's menu does not offer: refused where the menu is
  // known, except an army's move to a coast, which a convoy may carry.
  function cannotGo(unit, code) {
    var legal = choice.legal;
    if (!legal || !legal.known || legal.moves[code]) return false;
    return retreating || unit.type === "F" || provinces[code].kind !== "coast";
  }

  // Another own unit tapped: support its move as given (or its holding),
  // when the menu offers that support. Move first to go into its province.
  function supportByTap(code, code3) {
    var legal = choice.legal;
    if (!legal || !legal.known) return false;
    var going = givenMove(code);
    var supported = unitText(own[code]);
    if (going && (legal.supports[code] || {})[going]) {
      finish([order(code3, unitText(choice.unit) + " S " + supported + " - " + typed(going))]);
      return true;
    }
    if (going || !legal.holds[code]) return false;
    finish([order(code3, unitText(choice.unit) + " S " + supported)]);
    return true;
  }

  // Where the own unit in ``code`` is ordered to move: its typed line, else its menu.
  function givenMove(code) {
    var lines = box.value.split("\n").filter(function (line) { return sameUnit(line, {province: code}); });
    var line = lines.length ? lines[lines.length - 1] : menuValue(code);
    var found = /\s(?:-|->|to)\s+([A-Za-z]{3})/i.exec(line || "");
    return found ? found[1].toUpperCase() : null;
  }

  function menuValue(code) {
    var menu = window.FogdipMenus && window.FogdipMenus.menuOf(form, unitKey(own[code]));
    return menu ? menu.select.value : "";
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
    if (kind === "save") return form.requestSubmit();
    if (!choice.unit) return say("Pick one of your units first, then " + kind + ".");
    if (kind === "convoy" && choice.unit.type !== "F") return say("Only a fleet convoys: pick the army, then the seas on its way.");
    setKind(kind, true);
    mark();
    var asks = {move: "where it moves", support: "the unit it supports", convoy: "the army it convoys"};
    say(unitText(choice.unit) + ": pick " + asks[kind] + ".");
  }

  // Marks the picked unit, the provinces picked after it, and where it may go next.
  function mark() {
    var legal = highlighted();
    Object.keys(provinces).forEach(function (code) {
      var element = provinces[code].element;
      var unitCode = choice.unit && choice.unit.where.slice(0, 3);
      element.classList.toggle("picked", code === unitCode);
      element.classList.toggle("chosen", choice.picks.indexOf(code) >= 0);
      element.classList.toggle("legal", Boolean(legal[code]));
    });
  }

  // The provinces the next pick may name, from the unit's menu (or the builds).
  function highlighted() {
    if (adjusting) return adjustableProvinces();
    var legal = choice.legal;
    if (!choice.unit || !legal || !legal.known) return {};
    var first = choice.picks[0];
    if (choice.kind === "support" && first) return Object.assign({}, legal.supports[first], legal.holds[first] ? {[first]: true} : {});
    if (choice.kind === "support") return Object.assign({}, legal.holds, legal.supports);
    if (choice.kind === "convoy") return first ? legal.convoys[first] || {} : legal.convoys;
    if (choice.picks.length) return {};
    return legal.moves;
  }

  function adjustableProvinces() {
    var found = {};
    if (choice.picks.length) return found;
    adjustments.forEach(function (line) { found[line.split(" ")[1].slice(0, 3)] = true; });
    return found;
  }

  // --- the check, shown in the bar --------------------------------------------

  // The live check's verdict on the lines the map wrote last (orders.js).
  function showVerdict(lines) {
    var place = document.getElementById("map-order-check");
    if (!place) return;
    place.textContent = "";
    (lines || []).filter(function (line) { return lastWritten.indexOf(line.text.trim()) >= 0; }).forEach(function (line) {
      var item = document.createElement("li");
      item.className = line.ok ? "ok" : "bad";
      item.textContent = line.ok ? "\u2713 " + line.order : "\u2717 " + line.text + ": " + line.error;
      place.appendChild(item);
    });
  }

  // The map's box no taller than leaves its bar on the first screen (the
  // picture scrolls within it), so the bar never covers the map.
  function fitToTheScreen() {
    var scroller = figure.querySelector(".map-scroller");
    if (!scroller) return;
    var top = scroller.getBoundingClientRect().top + window.scrollY;
    var room = window.innerHeight - top - panel.offsetHeight - 8;
    scroller.style.maxHeight = Math.max(room, window.innerHeight * 0.4) + "px";
  }

  // A zoomed map starts on the power's own units: all of them in view, at
  // the closest zoom that holds them (a phone starts at twice the width,
  // map_zoom.js, and steps out where the units spread wider), centred on them.
  function bringOwnUnitsIntoView(shapes) {
    var scroller = figure.querySelector(".map-scroller");
    var image = figure.querySelector("img");
    var spots = Object.keys(own).filter(function (code) { return provinces[code]; }).map(function (code) { return provinces[code].unit; });
    if (!scroller || !spots.length) return;
    var xs = spots.map(function (spot) { return spot[0]; });
    var ys = spots.map(function (spot) { return spot[1]; });
    var box = {left: Math.min.apply(null, xs), right: Math.max.apply(null, xs), top: Math.min.apply(null, ys), bottom: Math.max.apply(null, ys)};
    var MARGIN = 28;  // screen pixels kept round the outermost units: a unit's whole mark
    function scale() { return frame().clientWidth / shapes.width; }
    function fits() {
      return (box.right - box.left) * scale() + 2 * MARGIN <= scroller.clientWidth &&
        (box.bottom - box.top) * scale() + 2 * MARGIN <= scroller.clientHeight;
    }
    function centre() {
      var zoomOut = figure.querySelector(".map-zoom button[aria-label='Zoom out']");
      while (image.complete && zoomOut && !zoomOut.disabled && !fits()) zoomOut.click();
      scroller.scrollLeft = (box.left + box.right) / 2 * scale() - scroller.clientWidth / 2;
      scroller.scrollTop = (box.top + box.bottom) / 2 * scale() - scroller.clientHeight / 2;
    }
    centre();
    if (!image.complete) image.addEventListener("load", centre);
  }

  // The bar goes on the map's lower edge, inside the figure, after the picture.
  function pinToTheMap() {
    var scroller = figure.querySelector(".map-scroller") || frame();
    scroller.parentNode.insertBefore(panel, scroller.nextSibling);
    panel.classList.add("pinned");
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
    pinToTheMap();
    panel.hidden = false;
    fitToTheScreen();
    bringOwnUnitsIntoView(shapes);
    mark();
    panel.dispatchEvent(new CustomEvent("map-overlay-ready", {bubbles: true, detail: {svg: svg, provinces: provinces}}));
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

  form.addEventListener("orders-checked", function (event) { showVerdict(event.detail); });
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
