// The composer's live updates (CONTRACT §7). The server computes every preview line and the
// report; this script only sends the form as JSON to /notifications/live while the person
// types, and puts the answer in place with DOM APIs: region partials are parsed with DOMParser
// (which never runs scripts) and adopted, field values and messages are set as text. Without
// this script the "Preview" button does the same with a form post.
"use strict";

(function () {
  const form = document.getElementById("composer-form");
  if (!form) {
    return;
  }
  const raw = document.getElementById("rawJSON");
  const rendered = document.getElementById("renderedRaw");
  const curl = document.getElementById("curl");
  const status = document.getElementById("live-status");
  const regions = {
    compact: document.getElementById("compact-region"),
    expanded: document.getElementById("expanded-region"),
    sideBySide: document.getElementById("side-by-side-region"),
    validation: document.getElementById("validation-region"),
    exportStatus: document.getElementById("export-status-region"),
    mediaCheck: document.getElementById("media-check-region"),
    liveActivity: document.getElementById("live-activity-region"),
  };
  const delay = 250;
  let timer = null;
  let edits = 0;

  function formObject() {
    const object = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && !(name in object)) {
        object[name] = value;
      }
    }
    return object;
  }

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function replaceRegion(element, html) {
    if (!element || typeof html !== "string") {
      return;
    }
    const parsed = new DOMParser().parseFromString(html, "text/html");
    const nodes = Array.from(parsed.body.childNodes, (node) => document.importNode(node, true));
    element.replaceChildren(...nodes);
  }

  function showErrors(errors) {
    for (const message of form.querySelectorAll("[data-error-for]")) {
      const name = message.getAttribute("data-error-for");
      const text = (errors && typeof errors[name] === "string") ? errors[name] : "";
      message.textContent = text;
      const control = form.elements.namedItem(name);
      if (control && control.setAttribute) {
        if (text) {
          control.setAttribute("aria-invalid", "true");
        } else {
          control.removeAttribute("aria-invalid");
        }
      }
    }
  }

  function refill(fields) {
    for (const [name, value] of Object.entries(fields)) {
      const control = form.elements.namedItem(name);
      if (!control || control === raw || control === rendered) {
        continue;
      }
      if (control.type === "checkbox") {
        control.checked = value === "on";
      } else if (control.value !== value) {
        control.value = value;
      }
    }
  }

  function apply(answer) {
    const names = Object.keys(regions);
    for (const name of names) {
      replaceRegion(regions[name], answer.regions && answer.regions[name]);
    }
    showErrors(answer.errors);
    if (answer.source === "rawJSON") {
      if (typeof answer.payload === "string" && answer.fields) {
        refill(answer.fields);
        rendered.value = answer.payload;
      }
    } else if (typeof answer.rawJSON === "string" && raw.value === rendered.value) {
      raw.value = answer.rawJSON;
      rendered.value = answer.rawJSON;
    }
    if (curl) {
      curl.value = typeof answer.curl === "string" ? answer.curl : "";
    }
    showCounters(answer.counters);
  }

  // "64 characters · cut on the Banner of …" beside Title, Subtitle and Body (preview).
  function showCounters(counters) {
    for (const counter of form.querySelectorAll("[data-counter-for]")) {
      const name = counter.getAttribute("data-counter-for");
      counter.textContent = (counters && typeof counters[name] === "string") ? counters[name] : "";
    }
  }

  async function update() {
    const sent = edits;
    say("Updating…");
    try {
      const response = await fetch("/notifications/live", {
        method: "POST",
        headers: {
          "Content-Type": "application/json", "Accept": "application/json",
          // The session's CSRF token, which the server adds to every form (empty without login).
          "X-CSRF-Token": form.elements._csrf ? form.elements._csrf.value : "",
        },
        body: JSON.stringify(formObject()),
        credentials: "same-origin",
        mode: "same-origin",
        referrerPolicy: "same-origin",
      });
      if (!response.ok) {
        say("The preview could not be updated (HTTP " + response.status + "); use Preview.");
        return;
      }
      const answer = await response.json();
      if (sent !== edits) {
        return; // the person typed again; a newer answer is on its way
      }
      apply(answer);
      say("");
    } catch (error) {
      say("The preview could not be updated (" + error.message + "); use Preview.");
    }
  }

  function changed(event) {
    const target = event.target;
    if (!target || target.form !== form || target === curl) {
      return;
    }
    edits += 1;
    window.clearTimeout(timer);
    timer = window.setTimeout(update, delay);
  }

  document.addEventListener("input", changed);
  document.addEventListener("change", changed);

  const copy = document.getElementById("copy-curl");
  const copyStatus = document.getElementById("copy-status");
  if (copy && curl) {
    copy.addEventListener("click", async (event) => {
      event.preventDefault();
      if (!curl.value) {
        copyStatus.textContent = "There is no command to copy: the payload has errors.";
        return;
      }
      try {
        await navigator.clipboard.writeText(curl.value);
        copyStatus.textContent = "Copied.";
      } catch (error) {
        curl.focus();
        curl.select();
        copyStatus.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
      }
    });
  }
})();
