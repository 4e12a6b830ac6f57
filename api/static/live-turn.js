// 51 Referee, a live table's page: whose turn it is, asked before a mistap is recorded
// (docs/live.md). A draw, take, meld, lay-off or discard by a player whose turn it is not
// (an early draw the table allows aside), a second draw in one turn (51's starter, who
// holds 15 and only discards in the first turn, included) or a play before the turn's
// draw is a renuncia at the table: before sending one the page asks, in the table's
// language, and sends it only if told to (the referee accepts it: it happened). The turn
// is public; nothing else about the event is hinted (noticing a pegue is the players').
(function () {
  "use strict";

  var V = window.LiveView;

  // The next seat after ``player`` still in the game.
  function nextSeat(state, player) {
    var seats = state.players, at = seats.indexOf(player);
    for (var step = 1; step < seats.length; step++) {
      var name = seats[(at + step) % seats.length];
      if (state.eliminated.indexOf(name) < 0) { return name; }
    }
    return null;
  }

  // The turn's player has played no event yet (a call aside) in the events shown: with
  // ``turn_started``, it is 51's starter in the first turn.
  function firstTurn(state, player, verbs) {
    if (state.events_total > state.events.length) { return false; }
    return !state.events.some(function (e) {
      var event = window.LiveCards.parse(e.text, verbs);
      return event && event.player === player && event.action !== "call";
    });
  }

  // Why ``event`` ({player, action}) would be a renuncia of turn, as a sentence; null
  // when it would not be one, when this phone may not write it (the server says so), or
  // while events of this phone wait to be sent or answered: the turn they make is not
  // known yet, and the page never asks wrongly.
  function problem(state, event, ctx) {
    if (!event || event.action === "call" || state.finished || !state.turn) { return null; }
    if (ctx.pending.length || ctx.sending) { return null; }
    var who = event.player, L = ctx.labels;
    if (ctx.me && ctx.me.player && ctx.me.player !== who) { return null; }
    if (state.players.indexOf(who) < 0 || state.eliminated.indexOf(who) >= 0) { return null; }
    var start = event.action === "draw" || event.action === "take";
    var started = state.turn_started;
    if (who === state.turn) {
      if (started === undefined) { return null; }
      if (start && started) {
        return V.format(firstTurn(state, who, ctx.verbs) ? L["confirm.first_turn"] : L["confirm.started"], { player: who });
      }
      return !start && !started ? V.format(L["confirm.not_started"], { player: who }) : null;
    }
    var early = event.action === "draw" && ctx.earlyDraw && started !== false &&
      who === nextSeat(state, state.turn);
    return early ? null : V.format(L.not_your_turn, { player: state.turn });
  }

  // Ask; ``go`` runs if the player says to record it anyway.
  function ask(reason, event, labels, go) {
    var dialog = document.getElementById("turn-dialog");
    var what = V.format(labels["confirm.what." + event.action], { player: event.player });
    document.getElementById("turn-question").textContent =
      reason + " " + V.format(labels["confirm.question"], { what: what });
    function close(record) {
      return function () {
        dialog.hidden = true;
        yes.onclick = no.onclick = dialog.onkeydown = null;
        if (record) { go(); } else { document.getElementById("line-input").focus(); }
      };
    }
    var yes = document.getElementById("turn-yes"), no = document.getElementById("turn-no");
    yes.onclick = close(true);
    no.onclick = close(false);
    dialog.onkeydown = function (key) { if (key.key === "Escape") { no.onclick(); } };
    dialog.hidden = false;
    no.focus();
  }

  window.LiveTurn = { problem: problem, ask: ask, nextSeat: nextSeat };
}());
