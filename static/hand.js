/* The table screen's actions where the hand is (templates/partials/game/hand.html): tapping a
 * survivor on the board (a row of the players' list, or a name at a location) picks it into
 * every action under the board that names a survivor; tapping a location or a colony entrance
 * picks it into every one that names a place. The Move form then offers only the places that
 * survivor may go to, and ticks "must leave the colony" for one that must. Only a help: the
 * selects do all of it without scripts, and the engine checks every value.
 */
(function () {
  "use strict";

  /* Whether an option of `select` names what was tapped: a survivor id, or a place as
   * "place|entrance" ("colony|3", "base.police|"). */
  function names(select, value, kind, what) {
    var parts = value.split("|");
    var fields = select.name.split("|");
    var at = fields.indexOf(kind === "survivor" ? "survivor_id" : "place");
    if (kind === "survivor") {
      return at >= 0 && parts[at] === what;
    }
    if (at >= 0) {
      return parts[at] + "|" + parts[at + 1] === what;
    }
    return value === what.split("|")[0];  // "to", "location_id": a place alone
  }

  function fitMove(select) {
    var form = select.form;
    var chosen = select.options[select.selectedIndex];
    if (!form || !chosen || select.name !== "survivor_id" || !chosen.hasAttribute("data-to")) {
      return;
    }
    var reachable = chosen.getAttribute("data-to").split(" ");
    var to = form.querySelector("select[name=to]");
    if (to) {
      Array.prototype.forEach.call(to.options, function (o) {
        o.hidden = o.disabled = reachable.indexOf(o.value) < 0;
      });
      if (to.selectedOptions[0] && to.selectedOptions[0].disabled) {
        var first = to.querySelector("option:not([disabled])");
        if (first) { to.value = first.value; }
      }
    }
    var free = form.querySelector("input[name=free]");
    if (free) { free.checked = chosen.hasAttribute("data-free"); }
  }

  function pick(kind, what) {
    var hand = document.getElementById("hand");
    var picked = null;
    if (!hand) { return null; }
    hand.querySelectorAll("select[data-pick~='" + kind + "']").forEach(function (select) {
      var found = Array.prototype.find.call(select.options, function (o) {
        return !o.disabled && names(select, o.value, kind, what);
      });
      if (found) {
        select.value = found.value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
        picked = picked || select;
      }
    });
    return picked;
  }

  function mark(el) {
    document.querySelectorAll("#board .picked").forEach(function (old) { old.classList.remove("picked"); });
    el.classList.add("picked");
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("#hand select[data-pick]")) {
      fitMove(event.target);
    }
  });

  document.addEventListener("click", function (event) {
    var board = event.target.closest && event.target.closest("#board");
    if (!board || event.target.closest("a, button, input, select, summary")) {
      return;
    }
    var survivor = event.target.closest("[data-survivor]");
    var entrance = event.target.closest("#board-colony .entrance");
    var place = event.target.closest(".location[data-place]");
    var el = survivor || entrance || place;
    var found = null;
    if (survivor) {
      found = pick("survivor", survivor.getAttribute("data-survivor"));
    } else if (entrance) {
      var all = Array.prototype.slice.call(board.querySelectorAll("#board-colony .entrance"));
      found = pick("place", "colony|" + (all.indexOf(entrance) + 1));
    } else if (place) {
      found = pick("place", place.getAttribute("data-place") + "|");
    }
    if (el && found) {
      mark(el);
      found.focus({ preventScroll: true });
    }
  });

  /* After a morph: a select whose kept choice is gone shows its first choice again, and the
   * Move form offers only where its survivor may go. */
  function settle() {
    document.querySelectorAll("#hand select").forEach(function (select) {
      if (select.selectedIndex < 0 && select.options.length) { select.selectedIndex = 0; }
    });
    document.querySelectorAll("#hand select[name=survivor_id]").forEach(fitMove);
  }
  settle();
  document.addEventListener("htmx:afterSettle", settle);
}());
