/*
 * The ceiling for bench/http.sh: the smallest libmicrohttpd server that answers every request with a
 * fixed body, in the same threading mode as Pushboard (internal polling thread + epoll + thread pool).
 * Whatever Pushboard does per request comes on top of this, so /healthz is measured against it.
 *
 * Usage: ceiling PORT [THREADS]   (binds 127.0.0.1 only; stops on SIGINT or SIGTERM)
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char body[] = "{\"status\":\"ok\"}";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_context) {
    (void)url; (void)method; (void)version; (void)upload_data;
    struct MHD_Response *response = cls;
    if (*request_context == NULL) { /* first call: headers only, answer on the next one like Pushboard */
        *request_context = (void *)1;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* discard any body */
        *upload_data_size = 0;
        return MHD_YES;
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PORT [THREADS]\n", argv[0]);
        return 2;
    }
    unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL); /* worker threads inherit the block */

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD, 0, NULL, NULL, answer, response,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, 10u,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "ceiling: could not listen on 127.0.0.1 port %s\n", argv[1]);
        return 1;
    }
    printf("ceiling listening on http://127.0.0.1:%s/\n", argv[1]);
    fflush(stdout);
    int received = 0;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    MHD_destroy_response(response);
    return 0;
}
