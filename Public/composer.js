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
    textPicture: document.getElementById("text-picture-region"),
    matrix: document.getElementById("matrix-region"),
    variantStatus: document.getElementById("variant-status-region"),
    languageMatrix: document.getElementById("language-matrix-region"),
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

  // Every note under a field (binding errors and the diagnostics at its path), its style and
  // aria-invalid, and the category's "Use …" button, all set as text or with DOM APIs.
  function showNotes(notes) {
    for (const message of form.querySelectorAll("[data-error-for]")) {
      const name = message.getAttribute("data-error-for");
      const note = (notes && notes[name] && typeof notes[name].message === "string") ? notes[name] : null;
      message.textContent = note ? note.message : "";
      message.className = "field-error" + (note ? " field-note-" + note.severity : "");
      const control = form.elements.namedItem(name);
      if (control && control.setAttribute) {
        if (note && note.invalid) {
          control.setAttribute("aria-invalid", "true");
        } else {
          control.removeAttribute("aria-invalid");
        }
      }
      showFix(message, name, note && typeof note.fix === "string" ? note.fix : "");
    }
  }

  function showFix(message, name, fix) {
    let holder = message.parentElement.querySelector("[data-fix-for]");
    if (!fix) {
      if (holder) {
        holder.remove();
      }
      return;
    }
    if (!holder) {
      holder = document.createElement("p");
      holder.className = "field-fix";
      holder.setAttribute("data-fix-for", name);
      message.after(holder);
    }
    const use = document.createElement("button");
    use.type = "submit";
    use.name = "useCategory";
    use.value = fix;
    use.className = "button-secondary";
    use.setAttribute("data-use-category", fix);
    const code = document.createElement("code");
    code.textContent = fix;
    use.append("Use ", code);
    holder.replaceChildren(use);
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
    showLiveActivityForm(answer.liveActivityForm);
    showNotes(answer.notes);
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

  // The Live Activity form (and its preview panel) appear as soon as the push type is
  // liveactivity and go when it is not. The form is put in place only when it appears, goes or
  // is for another activity type, so the fields being typed in are never replaced.
  function showLiveActivityForm(html) {
    const holder = document.getElementById("live-activity-form-region");
    if (!holder || typeof html !== "string") {
      return;
    }
    const parsed = new DOMParser().parseFromString(html, "text/html");
    const incoming = parsed.body.querySelector("fieldset");
    const shown = holder.querySelector("fieldset");
    const same = shown && incoming &&
      shown.getAttribute("data-activity-type") === incoming.getAttribute("data-activity-type");
    if (!same && (shown || incoming)) {
      holder.replaceChildren(...Array.from(parsed.body.childNodes, (node) => document.importNode(node, true)));
    }
    const panel = document.getElementById("live-activity-panel");
    if (panel) {
      panel.hidden = !incoming;
    }
  }

  // "64 characters · cut on 12 of 15 devices — …" beside Title, Subtitle and Body.
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

  // "Unsaved changes": any edit of a field that Save keeps marks the page and arms the
  // beforeunload guard; saving (or a form post that shows the page again) disarms it.
  const unsaved = document.getElementById("unsaved-status");
  const notSaved = new Set([
    "device", "hiddenPreviews", "bundle", "deviceToken", "environment", "language", "variantShown", "addVariant",
    "recipient",
  ]);
  let dirty = unsaved ? !unsaved.hidden : false;

  function markUnsaved() {
    dirty = true;
    if (unsaved) {
      unsaved.hidden = false;
    }
  }

  window.addEventListener("beforeunload", (event) => {
    if (dirty) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
  form.addEventListener("submit", (event) => {
    // A download keeps the page (and its edits) where it is; every other post shows the page
    // again from the server, with the marker when the edits are still not saved.
    const target = event.submitter ? event.submitter.formAction || "" : "";
    if (!/\/export\.(json|apns)$/.test(target)) {
      dirty = false;
    }
  });

  function changed(event) {
    const target = event.target;
    if (!target || target.form !== form || target === curl) {
      return;
    }
    if (!notSaved.has(target.name)) {
      markUnsaved();
    }
    edits += 1;
    window.clearTimeout(timer);
    timer = window.setTimeout(update, delay);
  }

  document.addEventListener("input", changed);
  document.addEventListener("change", changed);

  // A redraw the page asks for itself (media-check.js after a check): the previews follow,
  // but nothing was edited, so the page stays saved and the leave guard stays off.
  form.addEventListener("pushboard:refresh", () => {
    edits += 1;
    window.clearTimeout(timer);
    timer = window.setTimeout(update, delay);
  });

  // "Use `message`": sets the Category field and updates the page, like the button's form post
  // does without this script.
  form.addEventListener("click", (event) => {
    const use = event.target.closest && event.target.closest("[data-use-category]");
    if (!use) {
      return;
    }
    event.preventDefault();
    const category = form.elements.namedItem("category");
    category.value = use.getAttribute("data-use-category");
    category.dispatchEvent(new Event("input", { bubbles: true }));
    category.focus();
  });

  // A device's name in the truncation matrix ("Where each device cuts") shows that device's
  // preview: it picks the device in the Device menu, which updates the page like any other
  // choice there, and moves to the preview. Without this script the button posts the form.
  function showDeviceFromMatrix(event) {
    const button = event.target.closest && event.target.closest("[data-show-device]");
    const picker = document.getElementById("device");
    if (!button || !picker) {
      return;
    }
    event.preventDefault();
    picker.value = button.getAttribute("data-show-device");
    picker.dispatchEvent(new Event("change", { bubbles: true }));
    const preview = document.getElementById("composer-preview");
    if (preview) {
      preview.scrollIntoView({ block: "start" });
    }
    picker.focus();
  }

  document.addEventListener("click", showDeviceFromMatrix);

  // A finding's field link moves the focus to the field, not only the scroll position.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-focus-field]");
    if (!link) {
      return;
    }
    const field = document.getElementById(link.getAttribute("data-focus-field"));
    if (field) {
      event.preventDefault();
      field.scrollIntoView({ block: "center" });
      field.focus();
    }
  });

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
