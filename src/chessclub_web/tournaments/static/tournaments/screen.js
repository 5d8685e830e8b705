/* A screen in the playing hall (tournaments/screens.py).
 *
 * Asks for the page's live part (data-screen-live: the list and its heading, every row) at
 * once, then every data-poll seconds with the ETag of the copy it shows: 304 leaves the
 * screen as it is, 200 replaces the list. The rows (elements marked data-item) are cut into
 * pages that fit the window, shown in turn for data-turn seconds each. Without this script
 * the server's own pages (?page=N) reload one another (the <noscript> refresh).
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-screen-live]");
  if (!root || !window.fetch) {
    return;
  }
  var body = root.querySelector("[data-screen-body]");
  var indicator = root.querySelector("[data-screen-page]");
  var liveUrl = root.getAttribute("data-screen-live");
  var pollMs = Math.max(1, Number(root.getAttribute("data-poll")) || 5) * 1000;
  var turnMs = Math.max(1, Number(root.getAttribute("data-turn")) || 15) * 1000;
  var pageLabel = root.getAttribute("data-label-page") || "%(page)s / %(pages)s";
  var etag = null;
  var pages = [[]];
  var current = 0;

  function items() {
    return Array.prototype.slice.call(body.querySelectorAll("[data-item]"));
  }

  function room() {
    var bottom = indicator ? indicator.getBoundingClientRect().height : 0;
    return window.innerHeight - bottom - 8;
  }

  /* Cut the rows into pages: as many as fit between the first row's top and the window's
     bottom, measured with every row shown. */
  function paginate() {
    var all = items();
    all.forEach(function (item) { item.hidden = false; });
    pages = [];
    var page = [];
    var used = 0;
    var space = all.length ? room() - all[0].getBoundingClientRect().top : 0;
    all.forEach(function (item) {
      var height = item.getBoundingClientRect().height;
      if (page.length && used + height > space) {
        pages.push(page);
        page = [];
        used = 0;
      }
      page.push(item);
      used += height;
    });
    pages.push(page);
    if (current >= pages.length) {
      current = 0;
    }
    show();
  }

  function show() {
    var shown = pages[current] || [];
    items().forEach(function (item) { item.hidden = shown.indexOf(item) < 0; });
    if (indicator) {
      indicator.hidden = pages.length < 2;
      indicator.textContent = pageLabel
        .replace("%(page)s", String(current + 1))
        .replace("%(pages)s", String(pages.length));
    }
    root.setAttribute("data-page", String(current + 1));
    root.setAttribute("data-pages", String(pages.length));
  }

  function turn() {
    if (pages.length > 1) {
      current = (current + 1) % pages.length;
      show();
    }
  }

  function poll() {
    var headers = {};
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    fetch(liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) {
          return null; /* 304: the copy is current; anything else: keep what is shown */
        }
        etag = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) {
        if (html !== null) {
          body.innerHTML = html;
          root.setAttribute("data-etag", etag || "");
          paginate();
        }
      })
      .catch(function () { /* the network dropped: ask again at the next poll */ })
      .then(function () { window.setTimeout(poll, pollMs); });
  }

  window.addEventListener("resize", paginate);
  window.setInterval(turn, turnMs);
  paginate();
  poll();
})();
