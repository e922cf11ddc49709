// Progressive enhancement of the category pages. Without this script every button still works:
// "Add action" and "Remove action" post the form and the server shows it again. With it, rows
// are added from the server-rendered <template> and removed in place, with no round trip.
// No values are ever put into HTML here: rows are cloned nodes, only attributes are renumbered.
"use strict";

(function () {
  const INDEX = "__INDEX__";
  const RENUMBERED = ["id", "for", "name", "value", "aria-describedby", "aria-labelledby", "data-index"];

  function rows(container) {
    return Array.from(container.querySelectorAll("[data-action-row]"));
  }

  function nextIndex(container) {
    let next = 0;
    for (const row of rows(container)) {
      const index = Number.parseInt(row.dataset.index, 10);
      if (Number.isInteger(index) && index >= next) next = index + 1;
    }
    return next;
  }

  function renumberLegends(container) {
    rows(container).forEach(function (row, position) {
      const number = row.querySelector("[data-row-number]");
      if (number) number.textContent = String(position + 1);
    });
  }

  function addRow(template, container) {
    const index = String(nextIndex(container));
    const fragment = template.content.cloneNode(true);
    for (const element of fragment.querySelectorAll("*")) {
      for (const attribute of RENUMBERED) {
        const value = element.getAttribute(attribute);
        if (value !== null && value.includes(INDEX)) {
          element.setAttribute(attribute, value.split(INDEX).join(index));
        }
      }
    }
    const row = fragment.querySelector("[data-action-row]");
    container.appendChild(fragment);
    renumberLegends(container);
    const first = row && row.querySelector("input[type=text]");
    if (first) first.focus();
  }

  function removeRow(button, container, addButton) {
    const row = button.closest("[data-action-row]");
    if (!row) return;
    const following = row.nextElementSibling;
    row.remove();
    renumberLegends(container);
    const focusTarget = following && following.querySelector("input[type=text]");
    (focusTarget || addButton).focus();
  }

  function enhanceCategoryForm(form) {
    const template = document.getElementById("action-row-template");
    const container = form.querySelector("[data-action-rows]");
    const addButton = form.querySelector("[data-add-action]");
    if (!template || !container || !addButton || !("content" in template)) return;
    form.addEventListener("click", function (event) {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      if (target.closest("[data-add-action]")) {
        event.preventDefault();
        addRow(template, container);
        return;
      }
      const remove = target.closest("[data-remove-action]");
      if (remove) {
        event.preventDefault();
        removeRow(remove, container, addButton);
      }
    });
  }

  function enhanceImport() {
    const wrapper = document.querySelector("[data-config-file]");
    const input = document.getElementById("config-file");
    const text = document.getElementById("config-text");
    if (!wrapper || !input || !text || typeof FileReader === "undefined") return;
    wrapper.hidden = false;
    input.addEventListener("change", function () {
      const file = input.files && input.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.addEventListener("load", function () {
        text.value = String(reader.result);
      });
      reader.readAsText(file, "utf-8");
    });
  }

  // The "Button preview" follows the fields as the person types: one item per titled action, in
  // order, destructive in red, a text-input action with its placeholder and send button. Text is
  // only ever set with textContent.
  function field(row, suffix) {
    return row.querySelector("[id$='-" + suffix + "']");
  }

  function drawButtons(form) {
    const menu = form.querySelector("[data-button-preview]");
    const container = form.querySelector("[data-action-rows]");
    if (!menu || !container) return;
    const items = [];
    for (const row of rows(container).slice(0, 10)) {
      const title = field(row, "title");
      if (!title || !title.value.trim()) continue;
      const item = document.createElement("li");
      item.className = "action-menu-item";
      const destructive = field(row, "destructive");
      if (destructive && destructive.checked) item.classList.add("action-menu-destructive");
      const textInput = field(row, "text-input");
      if (textInput && textInput.checked) {
        const input = document.createElement("span");
        input.className = "action-menu-input";
        const placeholder = document.createElement("span");
        placeholder.className = "action-menu-placeholder";
        placeholder.textContent = (field(row, "placeholder") || {}).value || "";
        const send = document.createElement("span");
        send.className = "action-menu-send";
        send.textContent = ((field(row, "button-title") || {}).value || "").trim() || "Send";
        input.append(placeholder, send);
        item.append(input);
      }
      const label = document.createElement("span");
      label.className = "action-menu-title";
      label.textContent = title.value;
      item.append(label);
      items.push(item);
    }
    menu.replaceChildren(...items);
  }

  const form = document.querySelector("[data-category-form]");
  if (form) {
    enhanceCategoryForm(form);
    const redraw = function () { drawButtons(form); };
    form.addEventListener("input", redraw);
    form.addEventListener("change", redraw);
    form.addEventListener("click", function () { window.setTimeout(redraw, 0); });
  }
  enhanceImport();
})();
