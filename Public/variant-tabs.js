// The composer's language variant tabs (issue 27). Without this script each tab is a submit
// button that shows the page again with that variant previewed; with it the tab switches the
// panels in place and sets the hidden "variantShown" field, whose change composer.js sends to
// /notifications/live, so the previews, the report and the counters follow the variant.
// The tabs' notes follow the live states; "Copy language matrix as text" copies the ticket text
// the server rendered.
"use strict";

(function () {
  const form = document.getElementById("composer-form");
  const shown = document.getElementById("variantShown");
  if (form && shown) {
    form.addEventListener("click", (event) => {
      const tab = event.target.closest && event.target.closest("[data-variant-tab]");
      if (!tab) {
        return;
      }
      event.preventDefault();
      const tag = tab.getAttribute("data-variant-tab");
      for (const button of form.querySelectorAll("[data-variant-tab]")) {
        button.setAttribute("aria-pressed", button === tab ? "true" : "false");
      }
      for (const panel of form.querySelectorAll("[data-variant-panel]")) {
        panel.hidden = panel.getAttribute("data-variant-panel") !== tag;
      }
      shown.value = tag;
      shown.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // Each live update redraws the variants' states; the tabs' notes ("missing body", "2 errors")
  // follow them, as the page drew them.
  const states = document.getElementById("variant-status-region");
  if (states && window.MutationObserver) {
    new MutationObserver(() => {
      for (const state of states.querySelectorAll("[data-variant-state]")) {
        const tag = state.getAttribute("data-variant-state");
        const note = state.getAttribute("data-note") || "";
        for (const holder of document.querySelectorAll("[data-variant-note]")) {
          if (holder.getAttribute("data-variant-note") === tag) {
            holder.textContent = note ? " · " + note : "";
          }
        }
      }
    }).observe(states, { childList: true, subtree: true });
  }

  const copy = document.getElementById("copy-language-matrix");
  const status = document.getElementById("copy-language-matrix-status");
  if (copy) {
    copy.hidden = false;
    copy.addEventListener("click", async () => {
      const text = document.getElementById("language-matrix-text");
      if (!text) {
        status.textContent = "There is no language matrix yet: add a language variant.";
        return;
      }
      try {
        await navigator.clipboard.writeText(text.value);
        status.textContent = "Copied.";
      } catch (error) {
        const details = text.closest("details");
        if (details) {
          details.open = true;
        }
        text.focus();
        text.select();
        status.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
      }
    });
  }
})();
