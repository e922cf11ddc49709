// HarfBuzz (Debian's libharfbuzz-dev), imported by NotificationPreview only: it shapes Arabic
// and Devanagari words with the fonts the page serves, so the engine measures what the browser
// draws (docs/preview-model.md, "Shaped scripts").
#ifndef PUSHBOARD_CHARFBUZZ_SHIM_H
#define PUSHBOARD_CHARFBUZZ_SHIM_H

#include <hb.h>

// HB_TAG is a function-like macro, which Swift cannot call.
static inline hb_tag_t chb_tag(char a, char b, char c, char d) {
    return HB_TAG(a, b, c, d);
}

#endif
