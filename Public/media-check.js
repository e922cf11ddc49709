// "Check media" with JavaScript on (issue 13): checks the Media URL when it changes and when
// the button is pressed, through POST /api/v1/media-check, then asks composer.js for a live
// update, which redraws the previews (the server now knows the check) and the result under
// the field. Without this script the button posts the form and the page comes back checked.
"use strict";

(function () {
  const form = document.getElementById("composer-form");
  const field = document.getElementById("mediaURL");
  const button = document.getElementById("check-media");
  const region = document.getElementById("media-check-region");
  if (!form || !field || !button) {
    return;
  }
  const delay = 600;
  let timer = null;
  let lastChecked = null;

  function say(text) {
    if (region) {
      const line = document.createElement("p");
      line.className = "media-check-status";
      line.textContent = text;
      region.replaceChildren(line);
    }
  }

  async function check(force) {
    const url = field.value.trim();
    if (!url || (!force && url === lastChecked)) {
      return;
    }
    lastChecked = url;
    say("Checking the media…");
    try {
      await fetch("/api/v1/media-check", {
        method: "POST",
        headers: {
          "Content-Type": "application/json", "Accept": "application/json",
          // The session's CSRF token, which the server adds to every form (empty without login).
          "X-CSRF-Token": form.elements._csrf ? form.elements._csrf.value : "",
        },
        body: JSON.stringify({ url: url }),
        credentials: "same-origin",
        mode: "same-origin",
        referrerPolicy: "same-origin",
      });
    } catch (error) {
      say("The media could not be checked (" + error.message + ").");
      return;
    }
    if (field.value.trim() === url) {
      // composer.js redraws the previews and this field's result region from the server.
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  field.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => check(false), delay);
  });
  button.addEventListener("click", (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    check(true);
  });
  if (field.value.trim()) {
    check(false);
  }
})();
