// pnpforge watch: keeps the open page up to date with the last good build, without a reload.
// The server sends a "build" event (server-sent events) on connecting and after every build:
// {version, errors, home}. A new version: the page is fetched again and only the parts that changed
// are swapped in (pictures carry a digest of their bytes, so only changed ones are fetched); details
// keep their open or closed state and the page keeps its scroll position. Problems: shown over the
// page, the last good pictures stay beneath.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="pnpforge-build"]');
  var shown = meta ? Number(meta.content) : -1;
  var busy = false;
  var wanted = null;
  var box = null;

  function problems(errors) {
    if (!errors.length) {
      if (box) { box.remove(); box = null; }
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "pnpforge-problems";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;max-height:60vh;overflow:auto;" +
        "background:#fff4f2;color:#5c0c00;border-bottom:3px solid #b3261e;padding:.75rem 1rem;" +
        "font:14px/1.45 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.25)";
      document.body.appendChild(box);
    }
    box.textContent = "";
    var head = document.createElement("strong");
    head.textContent = "The last save has " + (errors.length === 1 ? "a problem" : errors.length + " problems") +
      " (the pictures below are from the last good build):";
    var list = document.createElement("pre");
    list.style.cssText = "margin:.4rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace";
    list.textContent = errors.join("\n");
    box.appendChild(head);
    box.appendChild(list);
  }

  function sameAttributes(a, b) {
    if (a.attributes.length !== b.attributes.length) return false;
    for (var i = 0; i < a.attributes.length; i++) {
      var at = a.attributes[i];
      if (b.getAttribute(at.name) !== at.value) return false;
    }
    return true;
  }

  // make `old` show what `fresh` shows, replacing the smallest parts that differ
  function sync(old, fresh) {
    if (old.isEqualNode(fresh)) return;
    var a = old.childNodes, b = fresh.childNodes;
    var alike = old.nodeName === fresh.nodeName && a.length === b.length && a.length > 0;
    for (var i = 0; alike && i < a.length; i++) {
      if (a[i].nodeType !== b[i].nodeType || a[i].nodeName !== b[i].nodeName) alike = false;
    }
    if (!alike || old.nodeType !== 1 || old.nodeName === "IMG") {
      old.replaceWith(document.importNode(fresh, true));
      return;
    }
    if (!sameAttributes(old, fresh)) {
      var open = old.nodeName === "DETAILS" ? old.open : null;
      Array.prototype.slice.call(old.attributes).forEach(function (at) { old.removeAttribute(at.name); });
      Array.prototype.slice.call(fresh.attributes).forEach(function (at) { old.setAttribute(at.name, at.value); });
      if (open !== null) old.open = open;
    }
    var olds = Array.prototype.slice.call(a), freshes = Array.prototype.slice.call(b);
    for (var j = 0; j < olds.length; j++) {
      if (olds[j].nodeType === 1) sync(olds[j], freshes[j]);
      else if (olds[j].nodeValue !== freshes[j].nodeValue) olds[j].nodeValue = freshes[j].nodeValue;
    }
  }

  function refresh(version) {
    if (busy) { wanted = version; return; }
    busy = true;
    fetch(location.pathname, {cache: "no-store"}).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html");
      // details keep the state the reader left them in
      document.querySelectorAll("details[id]").forEach(function (d) {
        var twin = doc.getElementById(d.id);
        if (twin && twin.nodeName === "DETAILS") { if (d.open) twin.setAttribute("open", ""); else twin.removeAttribute("open"); }
      });
      if (doc.title !== document.title) document.title = doc.title;
      ["header", "main", "footer"].forEach(function (tag) {
        var old = document.body.querySelector(":scope > " + tag), fresh = doc.body.querySelector(":scope > " + tag);
        if (old && fresh) sync(old, fresh);
      });
      var m = doc.querySelector('meta[name="pnpforge-build"]');
      shown = m ? Number(m.content) : version;
      if (meta) meta.content = String(shown);
      document.documentElement.dataset.pnpforgeBuild = String(shown);
    }).catch(function () {
      location.reload();
    }).then(function () {
      busy = false;
      if (wanted !== null && wanted !== shown) { var v = wanted; wanted = null; refresh(v); }
    });
  }

  var events = new EventSource("/__pnpforge/events");
  events.addEventListener("build", function (ev) {
    var msg = JSON.parse(ev.data);
    problems(msg.errors || []);
    if (!document.querySelector("main") && msg.version > 0 && msg.home && msg.home !== "/") {
      location.href = msg.home;  // the waiting page: the kit exists now
      return;
    }
    if (msg.version !== shown && msg.version > 0) refresh(msg.version);
  });
})();
