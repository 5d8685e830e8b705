// The Inscriptions page's rating-list search, as one types (progressive enhancement: without
// this script the search box is a plain GET form and the page works the same).
(function () {
  "use strict";
  var input = document.getElementById("list-q");
  var results = document.getElementById("list-results");
  if (!input || !results || !window.fetch) {
    return;
  }
  var timer = null;
  var last = input.value.trim();
  var pending = null;

  function search() {
    var query = input.value.trim();
    if (query === last) {
      return;
    }
    last = query;
    if (pending) {
      pending.abort();
    }
    pending = window.AbortController ? new AbortController() : null;
    var url = input.getAttribute("data-fragment") + "?fragment=1&q=" + encodeURIComponent(query);
    fetch(url, {
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
      signal: pending ? pending.signal : undefined
    })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null && query === last) {
          results.innerHTML = html;
          if (window.history && window.history.replaceState) {
            var page = new URL(window.location.href);
            if (query) {
              page.searchParams.set("q", query);
            } else {
              page.searchParams.delete("q");
            }
            window.history.replaceState(null, "", page.toString());
          }
        }
      })
      .catch(function () {
        // Offline or aborted: the Search button still works.
      });
  }

  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    var query = input.value.trim();
    // One character finds too many players: wait for two (or a digit: an ID); the results
    // of the previous query no longer match what is typed, so they go.
    if (query.length === 1 && !/[0-9]/.test(query)) {
      if (pending) {
        pending.abort();
      }
      last = query;
      results.innerHTML = "";
      return;
    }
    timer = window.setTimeout(search, 300);
  });
})();
