// 51 Referee, a live table's page: which panels and buttons a phone shows, from the state
// and who holds it (docs/live.md): the event panel for a seat or the scribe while the
// game goes on, a seat's hand to give (or to take back, before its first event), the
// face-up card, the undo of one's own last event, the scribe's next hand of a match.
(function () {
  "use strict";

  var V = window.LiveView, format = V.format;

  function playedIn(state, player) {
    if (state.events_total > state.events.length) { return true; }
    return state.events.some(function (e) { return V.eventPlayer(e.text) === player; });
  }

  // ``page``: {token, hand (the seat's own, or null), game, hands (LiveHand.Hands)}.
  function controls(state, ctx, page) {
    var L = ctx.labels;
    var writer = !!(page.token && ctx.me);
    var seat = writer && ctx.me.player;
    var open = !state.finished && !state.over;
    document.getElementById("action-panel").hidden = !(writer && open);
    var given = seat && open && state.hands_given.indexOf(seat) >= 0;
    var give = seat && open && !given && !playedIn(state, seat);
    document.getElementById("give-hand-panel").hidden = !give;
    if (give) { page.hands.show(); }
    document.getElementById("take-back").hidden = !(given && page.hand && !playedIn(state, seat));
    var up = writer && open && page.game.face_up_card && !state.up && state.events_total === 0;
    document.getElementById("up-panel").hidden = !up;
    var last = state.events[state.events.length - 1];
    var button = document.getElementById("undo");
    var mayUndo = writer && open && last && !ctx.pending.length && (!seat || last.by === seat);
    button.hidden = !mayUndo;
    if (mayUndo) { button.textContent = format(L.undo, { text: last.shown || last.text }); }
    var next = writer && !seat && state.finished && !state.over && !!state.match;
    document.getElementById("next-hand").hidden = !next;
    if (next) {
      document.getElementById("next-label").textContent = format(L.next_players, { hand: state.hand + 1 });
      document.getElementById("next-button").textContent = format(L.next_button, { hand: state.hand + 1 });
      var input = document.getElementById("next-players");
      if (!input.value) { input.value = state.players.slice(1).concat(state.players.slice(0, 1)).join(" "); }
    }
  }

  // Who this phone is: a seat, the scribe, or a watcher (a link whose key opens nothing).
  function who(ctx, token, badLink) {
    var L = ctx.labels;
    var line = document.getElementById("who");
    document.getElementById("forget").hidden = !token;
    if (!ctx.me) { line.textContent = badLink ? L.bad_link : L.watching; return; }
    line.textContent = ctx.me.player ? format(L.you_are, { player: ctx.me.player }) : L.you_scribe;
  }

  window.LiveControls = { controls: controls, who: who };
}());
