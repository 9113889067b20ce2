// What a unit may be ordered to do, read from its menu on the order form.
// The menus are drawn on the server from the power's own record and the map
// alone (games/order_entry/choices.py), so the map highlights nothing the
// page does not already show. Values read like "A PAR - BUR", "F MAO - SPA/NC",
// "A BUR R PAR", "A MAR S A PAR - BUR", "A MAR S BUR", "F ENG C A PIC - LON".
(function () {
  "use strict";

  function province(place) {
    return place.slice(0, 3);
  }

  function add(table, key, value) {
    (table[key] = table[key] || {})[value] = true;
  }

  // The menu whose every order is for this unit ("A PAR", "F SPA/NC").
  function menuOf(form, unitText) {
    var menus = form ? form.querySelectorAll("select") : [];
    for (var i = 0; i < menus.length; i++) {
      var values = Array.prototype.map.call(menus[i].options, function (option) { return option.value; });
      var first = values.filter(Boolean)[0] || "";
      if (first.indexOf(unitText + " ") === 0) return {select: menus[i], values: values};
    }
    return null;
  }

  // Drops the unit's article: "A PAR - BUR" -> ["PAR", "-", "BUR"].
  function places(words) {
    return words.filter(function (word) { return word !== "A" && word !== "F"; });
  }

  function read(legal, order, unitText) {
    var words = order.slice(unitText.length).trim().split(/\s+/);
    var verb = words[0];
    var rest = places(words.slice(1));
    if (verb === "-" || verb === "R") legal.moves[province(rest[0])] = true;
    if (verb === "S" && rest.length === 1) legal.holds[province(rest[0])] = true;
    if (verb === "S" && rest.length === 3) add(legal.supports, province(rest[0]), province(rest[2]));
    if (verb === "C" && rest.length === 3) add(legal.convoys, province(rest[0]), province(rest[2]));
  }

  // {known, moves: {BUR: true}, holds: {PAR: true}, supports: {PAR: {BUR: true}},
  //  convoys: {PIC: {LON: true}}}; known is false when the unit has no menu.
  function legalFor(form, unitText) {
    var legal = {known: false, moves: {}, holds: {}, supports: {}, convoys: {}};
    var menu = menuOf(form, unitText);
    if (!menu) return legal;
    legal.known = true;
    menu.values.filter(Boolean).forEach(function (order) { read(legal, order, unitText); });
    return legal;
  }

  window.FogdipMenus = {legalFor: legalFor, menuOf: menuOf};
})();
