/* batch.c — the vector environment's steps per second without Python (issue 24 §2,
 * docs/performance.md): gb_batch_new(GAME, "", N, 1), a reset, then STEPS steps of
 * gb_batch_random_actions and gb_batch_step with every output array, as gabata.vector.VectorEnv
 * fills them. Public API only, so that the same file measures any build of the library (link it
 * with the one to measure). Prints CPU time of the thread; figures only.
 *
 *   gabata-bench-batch GAME [N] [STEPS]      (defaults 1024 and 300) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gabata.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *game = argc > 1 ? argv[1] : NULL;
    const long n = argc > 2 ? atol(argv[2]) : 1024, steps = argc > 3 ? atol(argv[3]) : 300;
    if (!game || n < 1 || n > GB_BATCH_MAX || steps < 1) {
        fprintf(stderr, "usage: gabata-bench-batch GAME [N] [STEPS]   (N 1 to %d games, STEPS >= 1)\n",
                GB_BATCH_MAX);
        return 2;
    }
    gb_batch *b;
    gb_error err;
    if (gb_batch_new(&b, game, "", (int)n, 1, &err) != GB_OK) {
        fprintf(stderr, "gabata-bench-batch: %s\n", err.msg);
        return 1;
    }
    const size_t obs = (size_t)gb_batch_observation_size(b), ids = (size_t)gb_batch_action_count(b);
    gb_batch_out out = {
        .obs = malloc((size_t)n * obs * sizeof(float)),
        .mask = malloc((size_t)n * ids),
        .reward = malloc(2 * (size_t)n * sizeof(float)),
        .terminated = malloc((size_t)n),
        .truncated = malloc((size_t)n),
        .player = malloc((size_t)n * sizeof(int32_t)),
        .final_obs = malloc((size_t)n * obs * sizeof(float)),
    };
    int32_t *actions = malloc((size_t)n * sizeof *actions);
    if (!out.obs || !out.mask || !out.reward || !out.terminated || !out.truncated || !out.player ||
        !out.final_obs || !actions) {
        fprintf(stderr, "gabata-bench-batch: out of memory\n");
        return 1;
    }
    if (gb_batch_reset(b, NULL, &out, &err) != GB_OK) {
        fprintf(stderr, "gabata-bench-batch: %s\n", err.msg);
        return 1;
    }
    uint64_t rng = 1;
    long ended = 0;
    double t0 = now();
    for (long s = 0; s < steps; s++) {
        gb_batch_random_actions(b, &rng, actions);
        if (gb_batch_step(b, actions, &out, &err) != GB_OK) {
            fprintf(stderr, "gabata-bench-batch: %s\n", err.msg);
            return 1;
        }
        for (long i = 0; i < n; i++)
            ended += out.terminated[i] | out.truncated[i];
    }
    double secs = now() - t0;
    printf("bench-batch %s: n=%ld, %ld steps, %.3f s CPU: %.0f steps/s (%ld games ended)\n", game,
           n, steps, secs, (double)(n * steps) / secs, ended);
    gb_batch_free(b);
    free(out.obs);
    free(out.mask);
    free(out.reward);
    free(out.terminated);
    free(out.truncated);
    free(out.player);
    free(out.final_obs);
    free(actions);
    return 0;
}
