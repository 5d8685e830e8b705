/* Boards page (spec R2, R3): a chosen result is saved at once; the row then shows
   "Saved", "Not saved" (the request failed: the choice stays, the button saves it later) or
   "Changed by someone else" (stale version: the stored result is shown again).
   Progressive enhancement: without this script the button saves every changed row. */
(function () {
  "use strict";
  var form = document.querySelector("form.boards-form");
  if (!form) return;
  var url = form.getAttribute("data-autosave");
  var tokenField = form.querySelector("input[name=csrfmiddlewaretoken]");
  var labels = {
    saved: form.getAttribute("data-label-saved"),
    unsaved: form.getAttribute("data-label-unsaved"),
    saving: form.getAttribute("data-label-saving"),
    conflict: form.getAttribute("data-label-conflict"),
    colon: form.getAttribute("data-label-colon") || ":",
    yours: form.getAttribute("data-label-yours"),
    stored: form.getAttribute("data-label-stored")
  };

  function field(name) { return form.querySelector("input[name='" + name + "']"); }

  function show(row, kind, text) {
    var box = row.querySelector(".save-state");
    if (!box) return;
    box.textContent = "";
    var span = document.createElement("span");
    span.className = kind;
    span.textContent = text;
    box.appendChild(span);
    row.setAttribute("data-state", kind);
  }

  // The paper copy prints the stored result, not the control: keep it in step with the server.
  function stored(row, text) {
    var box = row.querySelector(".result-stored");
    if (box) box.textContent = text;
  }

  function optionLabel(select, value) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) return select.options[i].text;
    }
    return value;
  }

  function save(row, select) {
    var id = row.getAttribute("data-game");
    var version = field("version-" + id);
    var initial = field("initial-" + id);
    if (row._busy) { row._again = true; return; }
    row._busy = true;
    row._again = false;
    var chosen = select.value;
    show(row, "saving", labels.saving);
    var body = new URLSearchParams();
    body.append("game", id);
    body.append("result", chosen);
    body.append("version", version.value);
    fetch(url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": tokenField.value, "Accept": "application/json" }
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, data: data };
      });
    }).then(function (answer) {
      var data = answer.data || {};
      if (answer.status === 200 && data.state === "saved") {
        version.value = data.version;
        initial.value = data.result;
        stored(row, data.label);
        show(row, "saved", labels.saved);
      } else if (answer.status === 409 && data.state === "conflict") {
        var mine = optionLabel(select, chosen);
        select.value = data.result;
        version.value = data.version;
        initial.value = data.result;
        stored(row, data.label);
        row._again = false;
        show(row, "conflict", labels.conflict + labels.colon + " " + labels.stored + " " + data.label +
             ", " + labels.yours + " " + mine);
      } else {
        show(row, "unsaved", labels.unsaved + (data.message ? " — " + data.message : ""));
      }
    }, function () {
      show(row, "unsaved", labels.unsaved);
    }).then(function () {
      row._busy = false;
      if (row._again && select.value !== initial.value) save(row, select);
    });
  }

  form.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.classList || !select.classList.contains("result")) return;
    var row = select.closest("tr");
    if (!url || !window.fetch) {
      // Button only (spec R4) or an old browser: mark the row until the button saves it.
      show(row, "unsaved", labels.unsaved);
      return;
    }
    save(row, select);
  });
})();
