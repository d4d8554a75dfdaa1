#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "internal.h"
#include "gabata.h"
static void t_dummy(void **s) { (void)s; }
int main(void) { const struct CMUnitTest t[] = {cmocka_unit_test(t_dummy)}; return cmocka_run_group_tests(t, NULL, NULL); }
