#ifndef PUSHBOARD_CMICROHTTPD_SHIM_H
#define PUSHBOARD_CMICROHTTPD_SHIM_H
// Swift cannot call C variadic functions, so every variadic libmicrohttpd call the server
// needs is wrapped here in a fixed-argument `static inline` function prefixed `cmhd_`.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
