// "Copy text picture": puts the composer's text picture (the verdict, every error, then each
// surface line by line) on the clipboard. Without JavaScript the button stays hidden and the
// picture is still there to select under "Show the text picture".
"use strict";
(function () {
  const button = document.getElementById("copy-text-picture");
  const status = document.getElementById("copy-text-picture-status");
  if (!button) {
    return;
  }
  button.hidden = false;

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  // The region is replaced on every live update, so the picture is looked up at each click.
  button.addEventListener("click", function () {
    const picture = document.getElementById("text-picture");
    const text = picture ? picture.textContent : "";
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { say("Text picture copied."); },
        function () { say("Copying failed: open \"Show the text picture\" and select it."); });
      return;
    }
    const scratch = document.createElement("textarea");
    scratch.value = text;
    scratch.setAttribute("readonly", "");
    scratch.className = "visually-hidden";
    document.body.appendChild(scratch);
    scratch.select();
    const copied = document.execCommand && document.execCommand("copy");
    scratch.remove();
    say(copied ? "Text picture copied." : "Copying failed: open \"Show the text picture\" and select it.");
  });
})();
