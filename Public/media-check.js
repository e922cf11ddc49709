// "Check media" with JavaScript on (issue 13): checks the Media URL when it changes and when
// the button is pressed, through POST /api/v1/media-check, then asks composer.js for a live
// update, which redraws the previews (the server now knows the check) and the result under
// the field. Without this script the button posts the form and the page comes back checked.
//
// A check holds for the life of the page and the URL (issue 25): the server reuses a result
// for a while (the form's data-media-reuse, in seconds) and the live update keeps showing the
// last one after that; this script checks again quietly each time the reuse window ends, and
// redraws only when the answer changed. The redraw is not an edit: it never marks the page
// unsaved (composer.js's "pushboard:refresh").
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
  const reuse = parseFloat(form.getAttribute("data-media-reuse") || "") || 60;
  let timer = null;
  let recheck = null;
  let lastChecked = null;
  let lastAnswer = null;
  let overdue = false;

  function say(text) {
    if (region) {
      const line = document.createElement("p");
      line.className = "media-check-status";
      line.textContent = text;
      region.replaceChildren(line);
    }
  }

  function refresh() {
    form.dispatchEvent(new Event("pushboard:refresh"));
  }

  // The next quiet check, once the server's result for `url` has expired; a hidden page
  // waits until it is shown again.
  function scheduleRecheck(url) {
    window.clearTimeout(recheck);
    recheck = window.setTimeout(() => {
      if (field.value.trim() !== url) {
        return;
      }
      if (document.hidden) {
        overdue = true;
        return;
      }
      check(true, true);
    }, reuse * 1000);
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && overdue) {
      overdue = false;
      check(true, true);
    }
  });

  async function check(force, quiet) {
    const url = field.value.trim();
    if (!url || (!force && url === lastChecked)) {
      return;
    }
    lastChecked = url;
    if (!quiet) {
      say("Checking the media…");
    }
    let answer = null;
    try {
      const response = await fetch("/api/v1/media-check", {
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
      answer = response.status + " " + await response.text();
    } catch (error) {
      if (!quiet) {
        say("The media could not be checked (" + error.message + ").");
      }
      scheduleRecheck(url);
      return;
    }
    if (field.value.trim() !== url) {
      return;
    }
    scheduleRecheck(url);
    // composer.js redraws the previews and this field's result region from the server; a
    // quiet re-check with the same answer has nothing new to draw.
    const same = quiet && answer === lastAnswer;
    lastAnswer = answer;
    if (!same) {
      refresh();
    }
  }

  field.addEventListener("input", () => {
    window.clearTimeout(timer);
    window.clearTimeout(recheck);
    timer = window.setTimeout(() => check(false, false), delay);
  });
  button.addEventListener("click", (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    check(true, false);
  });
  if (field.value.trim()) {
    check(false, false);
  }
})();
