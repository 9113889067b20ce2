// The orders given and not yet played, drawn over the map the moment they are
// given: thick dashed arrows outlined in white, in the power's colour, so they
// read apart from last season's thin arrows in the picture. Drawn from the
// sheet the page holds: each unit's menu, and over it the typed lines the live
// check read (orders.js sends its verdict as "orders-checked"). Nothing else.
(function () {
  "use strict";
  var panel = document.getElementById("map-orders");
  var form = document.getElementById("orders-form");
  if (!panel || !form) return;
  var SVG = "http://www.w3.org/2000/svg";
  var provinces = null;
  var layer = null;
  var typedOrders = [];

  function element(name, attributes) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  // The layer with its arrowhead, coloured by the power's class.
  function makeLayer(svg) {
    var group = element("g", {"class": "pending-orders power-" + panel.dataset.power, "aria-hidden": "true"});
    var marker = element("marker", {id: "pending-head", viewBox: "0 0 10 10", refX: "7", refY: "5",
                                    markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse"});
    marker.appendChild(element("path", {d: "M0,0 L10,5 L0,10 z", "class": "head"}));
    var defs = element("defs", {});
    defs.appendChild(marker);
    group.appendChild(defs);
    svg.appendChild(group);
    return group;
  }

  // "SPA/NC" -> the spot for that coast, else the province's unit spot.
  function spot(place) {
    var code = place.slice(0, 3);
    var shape = provinces[code];
    if (!shape) return null;
    var coast = place.split("/")[1];
    return (coast && shape.coasts && shape.coasts[coast]) || shape.unit;
  }

  // An order as the server writes it: "A PAR - BUR", "F BRE S A PAR - BUR", "A PIC - LON VIA".
  function shapesFor(order) {
    var words = order.toUpperCase().split(/\s+/).filter(function (w) { return w !== "A" && w !== "F" && w !== "VIA"; });
    var from = spot(words[0] || "");
    if (!from) return [];
    var verb = words[1];
    if (verb === "-" || verb === "R") return line(from, spot(words[2] || ""), "move");
    if ((verb === "S" || verb === "C") && words.length >= 4) return line(from, middle(spot(words[2]), spot(words[4])), verb === "S" ? "support" : "convoy");
    if (verb === "S") return line(from, spot(words[2] || ""), "support");
    if (verb === "H") return [element("circle", {cx: from[0], cy: from[1], r: 17, "class": "hold"})];
    if (verb === "B") return [element("circle", {cx: from[0], cy: from[1], r: 17, "class": "build"})];
    if (verb === "D") return cross(from);
    return [];
  }

  // The middle of a supported or convoyed move, where the assisting line points.
  function middle(a, b) {
    if (!a || !b) return a || null;
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  }

  function line(from, to, kind) {
    if (!to) return [];
    var attributes = {x1: from[0], y1: from[1], x2: to[0], y2: to[1], "class": kind};
    var halo = element("line", Object.assign({}, attributes, {"class": "halo"}));
    var stroke = element("line", attributes);
    if (kind === "move") stroke.setAttribute("marker-end", "url(#pending-head)");
    return [halo, stroke];
  }

  function cross(at) {
    var d = "M" + (at[0] - 12) + "," + (at[1] - 12) + " l24,24 m0,-24 l-24,24";
    return [element("path", {d: d, "class": "halo"}), element("path", {d: d, "class": "disband"})];
  }

  // Each unit's menu, then the checked typed lines over it (the last for a unit wins).
  function sheet() {
    var byProvince = {};
    function give(order) {
      if (order && order !== "WAIVE") byProvince[(order.split(" ")[1] || "").slice(0, 3)] = order;
    }
    form.querySelectorAll("select").forEach(function (menu) { give(menu.value); });
    typedOrders.forEach(give);
    return Object.keys(byProvince).map(function (code) { return byProvince[code]; });
  }

  function draw() {
    if (!layer) return;
    layer.querySelectorAll("line, circle, path:not(.head)").forEach(function (node) { node.remove(); });
    var orders = sheet();
    orders.forEach(function (order) {
      shapesFor(order).forEach(function (node) { node.dataset.order = order; layer.appendChild(node); });
    });
    layer.setAttribute("data-count", String(orders.length));
  }

  panel.addEventListener("map-overlay-ready", function (event) {
    provinces = event.detail.provinces;
    layer = makeLayer(event.detail.svg);
    draw();
  });
  form.addEventListener("orders-checked", function (event) {
    typedOrders = event.detail.filter(function (line) { return line.ok && line.order; }).map(function (line) { return line.order; });
    draw();
  });
  form.addEventListener("change", draw);
})();
