// Previews that fit their column (issue 25). A device wider than its column (an iPad's 556 pt
// platter in the desktop preview column, three phones side by side, any iPhone at phone width)
// would run past its box, and a line stopped at the box edge reads like an iOS cut. Each
// preview stage (and the side-by-side row) is drawn just as much smaller as it needs to show
// whole, but never under 0.6×, below which the text is too small to read. Zoom scales every
// line alike, so no line break moves. A box that must still scroll gets a fading right edge and
// "scroll →" under it, so its edge is never read as the device's. Without this script the
// previews keep their size (0.8× at phone width) and scroll.
"use strict";

(function () {
  const smallestFit = 0.6;
  const regions = Array.from(document.querySelectorAll(".live-region"));

  // What a region scales: its preview stage, or the row of side-by-side stages.
  function scaled(region) {
    return region.querySelector(":scope > .preview-stage, :scope > .preview-side-by-side");
  }

  // The row scrolls itself; a single stage scrolls inside its region.
  function scroller(region, target) {
    return target.classList.contains("preview-side-by-side") ? target : region;
  }

  function fit(region) {
    const target = scaled(region);
    if (!target) {
      return;
    }
    target.style.removeProperty("zoom");
    const box = scroller(region, target);
    if (box.scrollWidth > box.clientWidth + 1) {
      const drawn = parseFloat(getComputedStyle(target).zoom) || 1;
      const zoom = Math.floor(1000 * drawn * box.clientWidth / box.scrollWidth) / 1000;
      target.style.setProperty("zoom", String(Math.max(smallestFit, zoom)));
    }
    markScrolling(region, box);
  }

  // The fade and "scroll →" while part of the box is out of view to the right.
  function markScrolling(region, box) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    const more = scrolls && box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    box.classList.toggle("preview-scrolls-more", more);
    let hint = region.nextElementSibling;
    if (!hint || !hint.classList.contains("preview-scroll-hint")) {
      if (!scrolls) {
        return;
      }
      hint = document.createElement("p");
      hint.className = "preview-scroll-hint";
      hint.textContent = "Wider than this box: scroll →";
      region.after(hint);
    }
    hint.hidden = !scrolls;
    if (!box.hasAttribute("data-scroll-watched")) {
      box.setAttribute("data-scroll-watched", "");
      box.addEventListener("scroll", () => markScrolling(region, box), { passive: true });
    }
  }

  function fitAll() {
    regions.forEach(fit);
  }

  // The composer redraws a region as the person types (composer.js): fit the new stage.
  const redrawn = new MutationObserver((changes) => {
    new Set(changes.map((change) => change.target)).forEach(fit);
  });
  regions.forEach((region) => redrawn.observe(region, { childList: true }));
  let resizing = 0;
  window.addEventListener("resize", () => {
    window.cancelAnimationFrame(resizing);
    resizing = window.requestAnimationFrame(fitAll);
  });
  // The shipped fonts change the measured widths once they have loaded.
  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(fitAll);
  }
  fitAll();
})();
