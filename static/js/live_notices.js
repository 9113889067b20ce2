// The game page asks games/status.json (the dashboard's own small answer)
// every LIVE_POLL_SECONDS while it is visible, and says when the phase has
// moved on ("new results: reload") or the player's power has new press,
// without reloading. It learns only what that answer holds: the public phase
// and the player's own unread count.
(function () {
  "use strict";
  var box = document.getElementById("live-notices");
  if (!box || !window.fetch) return;
  // The game's number from the page's own address (/games/<id>/).
  var gameId = Number((window.location.pathname.match(/\/games\/(\d+)\//) || [])[1]);
  var seenUnread = Number(box.dataset.unread) || 0;
  var seconds = Math.max(1, Number(box.dataset.pollSeconds) || 30);
  var results = document.getElementById("new-results");
  var press = document.getElementById("new-press");
  var badge = document.getElementById("press-unread");

  function messages(count) {
    return count + (count === 1 ? " new message" : " new messages");
  }

  function show(game) {
    if (game.phase !== box.dataset.phase || game.status !== box.dataset.status) {
      results.hidden = false;
    }
    var unread = Number(game.unread) || 0;
    if (badge) {
      badge.textContent = unread + " unread";
      badge.hidden = unread === 0;
    }
    if (!press) return;  // no press here (gunboat), or not a player
    var fresh = unread - seenUnread;
    if (fresh > 0) {
      press.querySelector("a").textContent = messages(fresh);
      press.hidden = false;
    } else {
      press.hidden = true;
      seenUnread = Math.min(seenUnread, unread);  // read elsewhere meanwhile
    }
  }

  function poll() {
    if (document.hidden) return;
    fetch(box.dataset.statusUrl, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : {games: []}; })
      .then(function (data) {
        (data.games || []).forEach(function (game) { if (game.id === gameId) show(game); });
      })
      .catch(function () {});
  }
  setInterval(poll, seconds * 1000);
})();
