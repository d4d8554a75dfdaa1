/* players.c — the commands' names for the library's players (src/search/player.c). */
#include "cli.h"

int player_parse(const char *s, player *p) { return gb_player_parse(s, p, NULL) == GB_OK ? 0 : -1; }

/* the endgame tables every computer player of this program probes (--tables; NULL: none) */
static const gb_tables *players_tables;
void players_set_tables(const gb_tables *t) { players_tables = t; }

int player_choose(const player *p, const gb_game *g, uint64_t *rng, gb_move *out)
{
    return gb_player_choose_tables(p, g, players_tables, rng, NULL, out) == GB_OK ? 0 : -1;
}

int player_choose_kept(const player *p, const gb_game *g, uint64_t *rng, gb_searcher **kept, gb_move *out)
{
    return gb_player_choose_tables(p, g, players_tables, rng, kept, out) == GB_OK ? 0 : -1;
}

int player_think(const player *p, const gb_game *g, uint64_t *rng, gb_move *out, gb_search_result *res)
{
    return gb_player_think(p, g, players_tables, rng, NULL, out, res) == GB_OK ? 0 : -1;
}
