// 51 Referee: the page that hands out a live table's links, its copy buttons.
(function () {
  "use strict";

  var status = document.getElementById("copy-status");

  function copied() { status.textContent = status.dataset.copied || ""; }

  document.querySelectorAll(".copy-link").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = button.parentElement.querySelector("input");
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(copied, function () {
          if (document.execCommand("copy")) { copied(); }
        });
      } else if (document.execCommand("copy")) {
        copied();
      }
    });
  });
}());
