#ifndef PUSHBOARD_CZLIB_SHIM_H
#define PUSHBOARD_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev), imported by the ImageFormats module only: inflating a PNG's image
// data to check that it is whole, without keeping it.
#include <string.h>
#include <zlib.h>

// `inflateInit` is a macro, and the loop below needs `z_stream`'s pointers: both stay in C.
//
// Inflates the zlib stream `input` into a small scratch buffer that is overwritten each round,
// so memory stays at 16 KB whatever the stream claims. Answers 0 when the stream is complete
// (its Adler-32 checked by zlib) and inflated to at most `limit` bytes, with the count in
// `*produced`; 1 when it inflates to more than `limit` (stopped as soon as it does); -1 when it
// is damaged or cut short.
static inline int czlib_inflated_size(const unsigned char *input, size_t length, size_t limit,
                                      size_t *produced) {
    if (length > 0xFFFFFFFFu) return -1;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    unsigned char scratch[16384];
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    size_t total = 0;
    int code;
    do {
        stream.next_out = scratch;
        stream.avail_out = sizeof scratch;
        code = inflate(&stream, Z_NO_FLUSH);
        total += sizeof scratch - stream.avail_out;
        if (total > limit) {
            inflateEnd(&stream);
            return 1;
        }
    } while (code == Z_OK);
    inflateEnd(&stream);
    *produced = total;
    return code == Z_STREAM_END ? 0 : -1;
}

#endif
