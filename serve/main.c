/* main.c — `gabata serve`: its options, then the game table (api.c) and the daemon (http.c).
 *
 * The server's files call downwards only: http.c (the daemon, the checks every request passes)
 * calls api.c (the routes and the games' rules of play), which calls the lobby (lobby.c: the
 * seeks, in memory), clocks, events (events.c), the store (store.c, and players.c below it: the
 * players, ratings and lists of games) with the pure rating.c (Glicko-2) and names.c, the worker
 * pool (pool.c) and the limits per address (limits.c); none of those calls back up. http.c also
 * starts the lobby's timer, which calls events.c only. docs/api.md documents the API. */
#include "cli.h"
#include "lobby.h"
#include "serve.h"
#include "store.h"

#include <signal.h>
#include <pthread.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char serve_help[] =
    "usage: gabata serve [--port N] [--host ADDRESS] [--data DIR] [--max-games N] [--live-games N]\n"
    "                    [--sync normal|full] [--max-body BYTES] [--threads N] [--web DIR]\n"
    "                    [--tables DIR] [--quiet]\n"
    "Starts the browser game: open http://HOST:PORT/ in a browser. The same server answers a JSON\n"
    "API (docs/api.md) that scripts can use too.\n"
    "  --port N         TCP port (default 8080; 0 picks a free one and prints it)\n"
    "  --host ADDRESS   IPv4 address to listen on (default 127.0.0.1, this machine only;\n"
    "                   0.0.0.0 opens the game to your network)\n"
    "  --data DIR       the folder of the games' database (default $XDG_DATA_HOME/gabata, or\n"
    "                   ~/.local/share/gabata; made if missing). Games survive a restart there\n"
    "  --max-games N    games held in memory (default 10000); the others stay in the database\n"
    "                   and are read back when asked for. No game is ever dropped for room\n"
    "  --live-games N   games kept fully built in memory (default 2048; ~22 KB each)\n"
    "  --sync MODE      normal (default): a move answered survives the server being killed;\n"
    "                   full: also a crash of the machine (a disk flush every move)\n"
    "  --max-body BYTES largest request body accepted (default 65536)\n"
    "  --threads N      every computer move and hint searched on N threads (Lazy SMP; 1 to 64,\n"
    "                   default 1); the levels' time budgets are unchanged\n"
    "  --web DIR        serve the page from DIR instead of the copy built into the program\n"
    "  --tables DIR     the computer's moves and hints probe these endgame tables (docs/tables.md)\n"
    "  --quiet          no line per game created\n"
    "Stop it with Ctrl-C.\n";

int cmd_serve(int argc, char **argv)
{
    long port = 8080, max_games = 10000, max_body = 65536, max_live = 2048, threads = 1;
    const char *host = "127.0.0.1", *data = NULL;
    const char *web_dir = NULL;
    bool quiet = false, durable = false;
    int taken;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(stdout, serve_help);
            cli_help(stdout, serve_http_help);
            cli_help(stdout, lobby_help);
            return 0;
        } else if (strcmp(a, "--port") == 0) {
            if (!has || !cli_parse_long(argv[++i], 0, 65535, &port)) {
                fprintf(stderr, "gabata: --port needs a port number from 0 to 65535\n");
                return 2;
            }
        } else if (strcmp(a, "--host") == 0) {
            if (!has) {
                fprintf(stderr, "gabata: --host needs an IPv4 address, e.g. 127.0.0.1\n");
                return 2;
            }
            host = argv[++i];
        } else if (strcmp(a, "--threads") == 0) {
            if (!has || !cli_parse_long(argv[++i], 1, GB_SEARCH_MAX_THREADS, &threads)) {
                fprintf(stderr, "gabata: --threads needs a whole number from 1 to 64\n");
                return 2;
            }
        } else if (strcmp(a, "--max-games") == 0) {
            if (!has || !cli_parse_long(argv[++i], 1, 1000000, &max_games)) {
                fprintf(stderr, "gabata: --max-games needs a whole number from 1 to 1000000\n");
                return 2;
            }
        } else if (strcmp(a, "--tables") == 0) {
            int rc = cli_use_tables("serve", has ? argv[i + 1] : NULL);
            if (rc)
                return rc;
            i++;
        } else if (strcmp(a, "--data") == 0) {
            if (!has || !argv[i + 1][0]) {
                fprintf(stderr, "gabata: --data needs a folder\n");
                return 2;
            }
            data = argv[++i];
        } else if (strcmp(a, "--live-games") == 0) {
            if (!has || !cli_parse_long(argv[++i], 1, 1000000, &max_live)) {
                fprintf(stderr, "gabata: --live-games needs a whole number from 1 to 1000000\n");
                return 2;
            }
        } else if (strcmp(a, "--sync") == 0) {
            if (!has || (strcmp(argv[i + 1], "normal") != 0 && strcmp(argv[i + 1], "full") != 0)) {
                fprintf(stderr, "gabata: --sync needs normal or full\n");
                return 2;
            }
            durable = strcmp(argv[++i], "full") == 0;
        } else if (strcmp(a, "--max-body") == 0) {
            if (!has || !cli_parse_long(argv[++i], 256, 16 * 1024 * 1024, &max_body)) {
                fprintf(stderr, "gabata: --max-body needs a number of bytes from 256 to 16777216\n");
                return 2;
            }
        } else if (strcmp(a, "--web") == 0) {
            if (!has) {
                fprintf(stderr, "gabata: --web needs a directory\n");
                return 2;
            }
            web_dir = argv[++i];
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if ((taken = lobby_option(argc, argv, &i)) != 0) {
            if (taken < 0)
                return 2;
        } else if ((taken = serve_http_option(argc, argv, &i)) != 0) {
            if (taken < 0)
                return 2;
        } else {
            fprintf(stderr, "gabata: unexpected argument '%s' (see gabata serve --help)\n", a);
            return 2;
        }
    }
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (strcmp(host, "localhost") == 0)
        host = "127.0.0.1";
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        fprintf(stderr, "gabata: --host '%s' is not an IPv4 address (e.g. 127.0.0.1)\n", host);
        return 2;
    }
    if (web_dir) {
        char idx[4096];
        snprintf(idx, sizeof idx, "%s/index.html", web_dir);
        if (access(idx, R_OK) != 0) {
            fprintf(stderr, "gabata: --web %s: no index.html there\n", web_dir);
            return 2;
        }
    }
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32), r;
    if (store_random(&r, sizeof r) == 0) /* the games' seeds; ids and tokens draw their own */
        seed ^= r;
    /* the data folder: --data, else $XDG_DATA_HOME/gabata, else ~/.local/share/gabata */
    char data_buf[4096];
    if (!data) {
        const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
        if (xdg && xdg[0] == '/')
            snprintf(data_buf, sizeof data_buf, "%s/gabata", xdg);
        else if (home && home[0])
            snprintf(data_buf, sizeof data_buf, "%s/.local/share/gabata", home);
        else {
            fprintf(stderr, "gabata: no data folder: set HOME or XDG_DATA_HOME, or give --data DIR\n");
            return 2;
        }
        data = data_buf;
    }
    serve_config cfg = {(int)max_games, (size_t)max_body, seed, quiet, 0, data, (int)max_live, durable, (int)threads};
    /* SIGINT and SIGTERM are blocked before any thread starts (the game table's clock timer
     * starts here), so every thread inherits the mask and the signal reaches only the daemon's
     * sigwait (serve_http_run), which shuts down in order; else a SIGTERM could land on the
     * timer thread and kill the process with no orderly stop. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    if (serve_api_start(&cfg) != 0)
        return 1; /* it said why, in one line */

    /* the daemon, its checks and limits, the workers and the event streams: http.c */
    int status = serve_http_run(host, &addr, port, web_dir, (size_t)max_body, quiet);
    if (!status) {
        long created, requests;
        serve_api_counts(&created, &requests);
        printf("gabata serve: stopping (%ld games played, %ld requests)\n", created, requests);
    }
    serve_api_stop();
    return status;
}
