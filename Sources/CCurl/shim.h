#ifndef PUSHBOARD_CCURL_SHIM_H
#define PUSHBOARD_CCURL_SHIM_H
// Swift cannot call C variadic functions, so every `curl_easy_setopt` and `curl_easy_getinfo`
// call HTTPClient needs is wrapped here in a fixed-argument `static inline` function prefixed
// `ccurl_`, one per argument type. Imported by the HTTPClient module only (MediaCheck and APNs
// reach libcurl through it).
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <curl/curl.h>

// Sets an option that takes a `long` (timeouts, flags, protocols bit masks).
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

// Sets an option that takes a C string; libcurl copies it.
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

// Sets an option that takes a pointer (callback contexts, string lists).
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

// The body and header callbacks share this signature.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
static inline CURLcode ccurl_setopt_data_callback(
    CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

// The socket-opening callback: libcurl hands over the exact address it is about to connect to.
typedef curl_socket_t (*ccurl_open_socket_callback)(
    void *context, curlsocktype purpose, struct curl_sockaddr *address);

// Sets CURLOPT_OPENSOCKETFUNCTION.
static inline CURLcode ccurl_setopt_open_socket(CURL *handle, ccurl_open_socket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

// Reads a `long` transfer fact (response code, redirect count).
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

// Reads a string transfer fact (primary IP, content type); owned by the handle.
static inline CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

// Sets an option that takes a `struct curl_blob` (a client certificate or key held in memory);
// libcurl copies the bytes (CURL_BLOB_COPY), so the caller's buffer may go away at once.
static inline CURLcode ccurl_setopt_blob(CURL *handle, CURLoption option, void *data, size_t length) {
    struct curl_blob blob = { data, length, CURL_BLOB_COPY };
    return curl_easy_setopt(handle, option, &blob);
}

// Sets an option that takes a `curl_off_t` (the POST body's size).
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

// The sentinel that tells libcurl no socket was opened (the address was refused).
static inline curl_socket_t ccurl_bad_socket(void) {
    return CURL_SOCKET_BAD;
}

// The sockaddr inside libcurl's address record, as a generic pointer for Swift.
static inline const struct sockaddr *ccurl_sockaddr(const struct curl_sockaddr *address) {
    return &address->addr;
}
#endif
