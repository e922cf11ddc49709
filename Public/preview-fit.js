// Previews at phone width. The stylesheet draws them at 0.8×, and a device wider than the
// screen (the default iPhone 16 among them) would still spill out of its box and scroll
// sideways. Each preview stage is drawn just as much smaller as it needs to show whole, but
// never under 0.6×, below which the text is too small to read: an iPad's still scrolls in its
// box. Zoom scales every line alike, so no line break moves. Without this script the previews
// stay at 0.8× and scroll.
"use strict";

(function () {
  const phone = window.matchMedia("(max-width: 30rem)");
  const smallestFit = 0.6;
  const regions = Array.from(document.querySelectorAll(".live-region"));

  function fit(region) {
    const stage = region.querySelector(":scope > .preview-stage");
    if (!stage) {
      return;
    }
    stage.style.removeProperty("zoom");
    if (!phone.matches || region.scrollWidth <= region.clientWidth) {
      return;
    }
    const drawn = parseFloat(getComputedStyle(stage).zoom) || 1;
    const zoom = Math.floor(1000 * drawn * region.clientWidth / region.scrollWidth) / 1000;
    stage.style.setProperty("zoom", String(Math.max(smallestFit, zoom)));
  }

  function fitAll() {
    regions.forEach(fit);
  }

  // The composer redraws a region as the person types (composer.js): fit the new stage.
  const redrawn = new MutationObserver((changes) => {
    new Set(changes.map((change) => change.target)).forEach(fit);
  });
  regions.forEach((region) => redrawn.observe(region, { childList: true }));
  phone.addEventListener("change", fitAll);
  let resizing = 0;
  window.addEventListener("resize", () => {
    window.cancelAnimationFrame(resizing);
    resizing = window.requestAnimationFrame(fitAll);
  });
  fitAll();
})();
