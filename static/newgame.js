// The new game form (templates/newgame/index.html), made quicker where JavaScript runs; the form
// works the same without it ("Add a player" posts and the page comes back with a row more).
// - A player row more appears as soon as the last row's name is typed (up to the most allowed).
// - The card sets follow the rulebook: choosing one ticks the sets played with it and unticks
//   the others (each set's data-rulesets names its rulebooks). A special scenario is played by
//   The Long Night's rulebook: choosing one chooses it.
(function () {
  "use strict";

  function fill(template, n) {
    return (template || "").split("{n}").join(String(n));
  }

  // Number the rows again after one was added: the badge, the label, the remove button's value.
  function renumber(list) {
    var rows = list.querySelectorAll(":scope > .seat-row");
    rows.forEach(function (row, index) {
      var n = index + 1;
      var badge = row.querySelector(".seat-number");
      if (badge) badge.textContent = String(n);
      var label = row.querySelector(".seat-label");
      if (label) label.textContent = fill(list.dataset.player, n);
      row.querySelectorAll(".survivor-field").forEach(function (field, k) {
        var input = field.querySelector("input");
        var label = field.querySelector("label");
        var id = "survivor-" + index + "-" + (k + 1);
        if (input) input.id = id;
        if (label) label.htmlFor = id;
      });
      var remove = row.querySelector('button[name="edit"]');
      if (remove) {
        remove.value = "remove_seat:" + index;
        remove.setAttribute("aria-label", fill(list.dataset.remove, n));
      }
    });
    return rows.length;
  }

  function addRow(list) {
    var rows = list.querySelectorAll(":scope > .seat-row");
    var last = rows[rows.length - 1];
    var row = last.cloneNode(true);
    row.querySelectorAll("input").forEach(function (input) {
      input.value = "";
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    });
    row.querySelectorAll(".field-error").forEach(function (p) { p.remove(); });
    list.appendChild(row);
    var count = renumber(list);
    var max = parseInt(list.dataset.max || "5", 10);
    var add = list.parentElement.querySelector("button.add-seat");
    if (add && count >= max) add.remove();
    if (window.htmx) window.htmx.process(row);
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "seat_name") return;
    var row = input.closest(".seat-row");
    var list = row && row.parentElement;
    if (!list || !list.classList.contains("seat-rows")) return;
    var rows = list.querySelectorAll(":scope > .seat-row");
    var max = parseInt(list.dataset.max || "5", 10);
    if (row === rows[rows.length - 1] && input.value.trim() && rows.length < max) addRow(list);
  });

  function followRulebook(form, ruleset) {
    form.querySelectorAll('input[name="sets"][data-rulesets]').forEach(function (box) {
      box.checked = box.dataset.rulesets.split(" ").indexOf(ruleset) !== -1;
    });
  }

  document.addEventListener("change", function (event) {
    var field = event.target;
    var form = field && field.form;
    if (!form) return;
    if (field instanceof HTMLSelectElement && field.name === "ruleset") {
      followRulebook(form, field.value);
    } else if (field instanceof HTMLInputElement && field.name === "scenario" && field.value) {
      var rulebook = form.querySelector('select[name="ruleset"]');
      if (rulebook && rulebook.value !== "long_night") {
        rulebook.value = "long_night";
        followRulebook(form, "long_night");
      }
    }
  });
})();
