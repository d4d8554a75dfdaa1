/* registry.c — the list of games (registry.def), looked up by name. */
#include "internal.h"

#define GB_GAME(id) &gb_rules_##id,
static const gb_rules *const all_rules[] = {
#include "registry.def"
};
#undef GB_GAME
#define NUM_RULES ((int)(sizeof all_rules / sizeof all_rules[0]))

int gb_rules_count(void) { return NUM_RULES; }
const gb_rules *gb_rules_at(int i) { return i >= 0 && i < NUM_RULES ? all_rules[i] : NULL; }

const gb_rules *gb_rules_find(const char *name)
{
    if (!name)
        return NULL;
    for (int i = 0; i < NUM_RULES; i++)
        if (strcmp(all_rules[i]->name, name) == 0)
            return all_rules[i];
    return NULL;
}
