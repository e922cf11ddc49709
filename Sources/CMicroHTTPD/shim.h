#ifndef PUSHBOARD_CMICROHTTPD_SHIM_H
#define PUSHBOARD_CMICROHTTPD_SHIM_H
// Swift cannot call C variadic functions, so every variadic libmicrohttpd call the server
// needs is wrapped here in a fixed-argument `static inline` function prefixed `cmhd_`.
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <microhttpd.h>

// accept4 is declared by <sys/socket.h> only under _GNU_SOURCE, which the system module was built
// without; this is glibc's own declaration.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

// Accepts a connection already non-blocking and close-on-exec, as libmicrohttpd's own accept does:
// MHD_add_connection then finds nothing to change (one fcntl instead of three per connection).
static inline int cmhd_accept(int listener, struct sockaddr *address, socklen_t *length) {
    return accept4(listener, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

// Leaves the URL exactly as the client sent it: libmicrohttpd would otherwise percent-decode it before
// the access handler runs, and the Swift side could no longer tell `%2e%2e%2f` from `../` or decode a
// double-encoded `%252e` exactly once. The router and the static files decode it themselves, once.
static size_t cmhd_keep_url_as_sent(void *cls, struct MHD_Connection *connection, char *url) {
    (void)cls;
    (void)connection;
    return strlen(url);
}

// Starts one worker daemon with the options Pushboard uses: one thread, no pool. It does not
// listen (`flags` has MHD_USE_NO_LISTEN_SOCKET): the server accepts, applies the per-client limit
// itself and hands connections over with MHD_add_connection.
// `uri_logger` runs first for every request, and its return value becomes the per-request context
// that `completed` releases.
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags,
    MHD_AccessHandlerCallback handler,
    void *handler_context,
    MHD_RequestCompletedCallback completed,
    void *completed_context,
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection),
    void *uri_logger_context,
    unsigned int connection_timeout_seconds,
    size_t connection_memory_limit,
    unsigned int connection_limit,
    MHD_NotifyConnectionCallback notify_connection,
    void *notify_connection_context
) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, uri_logger_context,
        MHD_OPTION_UNESCAPE_CALLBACK, cmhd_keep_url_as_sent, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_context,
        // Client discipline 0: at 1, 0.9.75 (MHD_OPTION_CLIENT_DISCIPLINE_LVL came later) closes a
        // request line with a space in its target without a word, and checks little else. At 0
        // it hands such a line on, and MHDServer answers 400 itself: RequestLine checks the line,
        // RequestFraming the head (Host required in HTTP/1.1, ambiguous framing, header names).
        MHD_OPTION_STRICT_FOR_CLIENT, (int)0,
        MHD_OPTION_END);
}

// The socket of a connection, or -1; the connection guard shuts it down when its head is late.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

// The connection's socket context (set in the MHD_OPTION_NOTIFY_CONNECTION callback), or NULL.
static inline void *cmhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

// The length of the request head (request line, header lines and the empty line), or 0 if unknown.
static inline size_t cmhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

// Writes the numeric host of `address` (`127.0.0.1`, `::1`) into `buffer`; returns 0 on success.
static inline int cmhd_numeric_host(const struct sockaddr *address, char *buffer, size_t buffer_size) {
    if (address == NULL || buffer_size == 0) {
        return -1;
    }
    const void *host = address->sa_family == AF_INET6
        ? (const void *)&((const struct sockaddr_in6 *)address)->sin6_addr
        : (const void *)&((const struct sockaddr_in *)address)->sin_addr;
    return inet_ntop(address->sa_family, host, buffer, (socklen_t)buffer_size) == NULL ? -1 : 0;
}

// Writes the client's numeric address (`127.0.0.1`, `::1`) into `buffer`; returns 0 on success.
static inline int cmhd_connection_client_address(
    struct MHD_Connection *connection, char *buffer, size_t buffer_size
) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? -1 : cmhd_numeric_host(info->client_addr, buffer, buffer_size);
}

// How many client connections the daemon has open now.
static inline unsigned int cmhd_daemon_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

#endif
