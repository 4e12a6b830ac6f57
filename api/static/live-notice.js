// 51 Referee, a live table's page: the referee's refusals and the page's notices
// (docs/live.md). A refusal shows the referee's message, the line with its caret and the
// hint, in a box that wraps or scrolls inside itself: however long the message or the
// line (a hand of 15 cards typed in capitals), the page never grows wider than the phone.
(function () {
  "use strict";

  var V = window.LiveView;

  // Show the answer ``answer`` ({status, body}) of a refused ``text`` in the box ``box``
  // (an element id); ``useHint(text, error)``, when given, puts the hint in place.
  function refusal(box, answer, text, labels, useHint) {
    var node = document.getElementById(box);
    V.clear(node);
    node.hidden = false;
    var error = (answer.body && answer.body.error) || {};
    node.appendChild(V.el("strong", null, labels.refused));
    if (text && !error.context) { node.appendChild(V.el("code", "refused-line", text)); }
    node.appendChild(V.el("p", "message", error.message || V.format(labels.no_answer, { status: answer.status })));
    if (error.context) { node.appendChild(V.el("pre", "context", error.context)); }
    if (error.hint) {
      var hint = V.el("p", "hint-line");
      hint.appendChild(document.createTextNode(V.format(labels.hint, { hint: error.hint }) + " "));
      if (useHint && text && error.column) {
        var use = V.el("button", "link-button use-hint", V.format(labels.use_hint, { hint: error.hint }));
        use.type = "button";
        use.addEventListener("click", function () { useHint(text, error); });
        hint.appendChild(use);
      }
      node.appendChild(hint);
    }
    if (error.rule && error.rule !== "syntax-error") { node.appendChild(V.el("code", "rule", error.rule)); }
    return node;
  }

  function hide(box) { var node = document.getElementById(box); node.hidden = true; V.clear(node); }

  function notice(text) { document.getElementById("notice").textContent = text || ""; }

  window.LiveNotice = { refusal: refusal, hide: hide, notice: notice };
}());
