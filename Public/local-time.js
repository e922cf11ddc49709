// The admin pages' times in the reader's own time zone and locale: the server writes
// "29 Nov 2026, 21:32 UTC" inside <time datetime="2026-11-29T21:32:52.123Z" data-local-time>;
// this rewrites the text with the browser's formatting and keeps the exact ISO text as the
// tooltip. Without JavaScript the UTC text stays, which is also true.
"use strict";

(function () {
  const format = new Intl.DateTimeFormat(undefined, {
    year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });
  for (const element of document.querySelectorAll("time[data-local-time][datetime]")) {
    const moment = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(moment.getTime())) continue;
    element.textContent = format.format(moment);
    element.title = element.getAttribute("datetime");
  }
})();
