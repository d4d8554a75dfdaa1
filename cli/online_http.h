/* online_http.h — the HTTP of `gabata online` (libcurl): one request at a time, and one event
 * stream (Server-Sent Events, docs/api.md "Events") read on a thread of its own. Nothing here
 * knows the game; cli/online.c speaks the API through these calls. */
#ifndef GABATA_CLI_ONLINE_HTTP_H
#define GABATA_CLI_ONLINE_HTTP_H

#include <stddef.h>

/* Once, before any other call (curl_global_init); 0, or -1. */
int oh_init(void);
void oh_cleanup(void);

/* A request to base + path (base: "http://host:port", no trailing slash), with `Authorization:
 * Bearer auth` when auth is not NULL (never in the URL) and a JSON body when body is not NULL (a
 * POST or DELETE says Content-Type: application/json even without one). Every request has a
 * timeout (10 s to connect, 30 s in all). 0 and *status, *answer (malloc'd, NUL-terminated; the
 * caller frees it) when the server answered, whatever its status; -1 and a one-line reason in err
 * when it could not be reached or did not answer in time. */
int oh_request(const char *base, const char *method, const char *path, const char *auth,
               const char *body, long *status, char **answer, char *err, size_t errlen);

/* An event stream, kept open on a thread: each event (or a change of the connection) is queued
 * and one byte written to the pipe returned by oh_stream_fd, so that the main thread can poll()
 * it beside its input. A stream that breaks is opened again after the server's `retry:` pause
 * (growing to 30 s), with Last-Event-ID, as the page does; one silent for 45 s (three heartbeats)
 * is taken for broken. */
typedef struct oh_stream oh_stream;
typedef struct oh_event {
    char type[32];   /* the event's type ("move", "game", ...); "!lost" when the connection broke,
                      * "!back" when it is open again, "!refused" when the server refused it
                      * (data: the answer's body; the stream then stops) */
    char *data;      /* its data, malloc'd (may be empty) */
} oh_event;
oh_stream *oh_stream_open(const char *base, const char *path, const char *auth);
int oh_stream_fd(const oh_stream *s);
/* The next event queued: 1 and *ev (the caller frees ev->data), or 0 when none is. */
int oh_stream_next(oh_stream *s, oh_event *ev);
/* Stop the thread (within a second) and free everything. NULL is ignored. */
void oh_stream_close(oh_stream *s);

#endif
