/* args.c — reading the gabata program's command-line arguments (shared by its commands). */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

bool cli_parse_long(const char *s, long min, long max, long *out)
{
    if (!s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

void cli_catch_stops(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler ? handler : SIG_DFL;
    sa.sa_flags = handler ? SA_RESETHAND : 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

const char *cli_stop_name(int sig)
{
    return sig == SIGINT ? "Ctrl-C" : sig == SIGHUP ? "hang-up" : sig == SIGUSR1 ? "SIGUSR1" : "SIGTERM";
}
