// The map zooms on a phone: buttons make the picture two or three times as
// wide inside a box that scrolls, so small provinces get room for a finger
// (pinch-zoom works too, and the caption links the picture full size).
// The clickable overlay (map_orders.js) sits in the same frame and grows with it.
// A phone starts at twice the width, where the labels can be read; the box is
// then no taller than half the screen, and map_orders.js brings the power's
// own units into view.
(function () {
  "use strict";
  var LEVELS = ["zoom-1", "zoom-2", "zoom-3"];

  function frame(figure) {
    var existing = figure.querySelector(".map-frame");
    if (existing) return existing;
    var wrapper = document.createElement("div");
    wrapper.className = "map-frame";
    var image = figure.querySelector("img");
    image.parentNode.insertBefore(wrapper, image);
    wrapper.appendChild(image);
    return wrapper;
  }

  function button(text, label, onClick) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "secondary";
    element.textContent = text;
    element.setAttribute("aria-label", label);
    element.addEventListener("click", onClick);
    return element;
  }

  function zoomable(figure) {
    if (!figure.querySelector("img")) return;
    var inner = frame(figure);
    var scroller = document.createElement("div");
    scroller.className = "map-scroller";
    inner.parentNode.insertBefore(scroller, inner);
    scroller.appendChild(inner);
    var level = 0;
    function zoom(step) {
      var next = Math.max(0, Math.min(LEVELS.length - 1, level + step));
      inner.classList.remove(LEVELS[level]);
      level = next;
      inner.classList.add(LEVELS[level]);
      out.disabled = level === 0;
      more.disabled = level === LEVELS.length - 1;
    }
    var more = button("+", "Zoom in", function () { zoom(1); });
    var out = button("\u2212", "Zoom out", function () { zoom(-1); });
    var bar = document.createElement("div");
    bar.className = "map-zoom";
    bar.appendChild(more);
    bar.appendChild(out);
    figure.insertBefore(bar, scroller);
    zoom(window.matchMedia("(max-width: 40rem)").matches ? 1 : 0);
  }

  document.querySelectorAll("figure.map").forEach(zoomable);
})();
