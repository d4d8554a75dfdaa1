/* stats_report.c — `gabata stats --report DIR`: DIR/index.html, one page with inline SVG charts
 * (no script, no file beside it): the win shares of every row with their 95% intervals, the
 * distribution of game length, the branching factor over the game; then the rows' measures. */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
#define NCOLOURS 8

/* Row i's colour: the eight above, then hues spread by the golden angle (each new hue falls in
 * the widest gap left, so no two rows of a sweep, up to MAX_ROWS, share one); rows past the
 * first eight are dashed as well, a second cue for the eye. */
static const char *row_colour(int i, char *buf, size_t len)
{
    if (i < NCOLOURS)
        return colours[i];
    int k = i - NCOLOURS;
    snprintf(buf, len, "hsl(%d,%d%%,%d%%)", (int)fmod(15 + k * 137.508, 360), k % 2 ? 55 : 75, k % 3 ? 38 : 48);
    return buf;
}

static void esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

/* bars: South, North, draw shares per row, with the Wilson interval as a whisker */
static void chart_shares(FILE *f, const st_row *rows, int n, bool players)
{
    /* pairs: the players' wins (A, B) below the seats' */
    int bars = players ? 5 : 3, rowh = 5 + 7 * bars, left = 190, width = 460, h = 40 + rowh * n;
    fprintf(f, "<svg width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"win shares\">\n", left + width + 40, h);
    for (int k = 0; k <= 10; k += 2) {
        double x = left + width * k / 10.0;
        fprintf(f, "<line x1=\"%.1f\" y1=\"20\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                   "<text x=\"%.1f\" y=\"14\" font-size=\"10\" text-anchor=\"middle\">%d%%</text>\n",
                x, x, h - 10, x, k * 10);
    }
    const int ms[5] = {SM_SOUTH, SM_NORTH, SM_DRAW, SM_A_WINS, SM_B_WINS};
    for (int i = 0; i < n; i++) {
        double y = 24 + i * rowh;
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">", left - 6, y + 14);
        esc(f, rows[i].label);
        fprintf(f, "</text>\n");
        for (int j = 0; j < bars; j++) {
            const st_value *v = &rows[i].v[ms[j]];
            if (isnan(v->v))
                continue;
            double by = y + j * 7;
            fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"%s\"><title>%s %.1f%%</title></rect>\n",
                    left, by, width * v->v, colours[j], st_metrics[ms[j]].label, 100 * v->v);
            if (!isnan(v->lo))
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n", left + width * v->lo,
                        by + 3, left + width * v->hi, by + 3);
        }
    }
    fprintf(f, "</svg>\n<p class=\"key\"><span style=\"color:%s\">&#9632; South</span> <span style=\"color:%s\">&#9632; "
               "North</span> <span style=\"color:%s\">&#9632; draw</span>", colours[0], colours[1], colours[2]);
    if (players)
        fprintf(f, " <span style=\"color:%s\">&#9632; player A wins</span> <span style=\"color:%s\">&#9632; player B "
                   "wins</span>", colours[3], colours[4]);
    fprintf(f, "; the black line is the 95%% interval.</p>\n");
}

/* one line a row over x = 0 .. xmax-1 of y[i] (NAN: no point) */
static void chart_lines(FILE *f, const char *label, int nrows, const st_row *rows, int xmax,
                        double (*y)(const st_row *, int), const char *xlabel, int xunit)
{
    int left = 50, width = 600, height = 220, top = 10;
    double ymax = 0;
    for (int i = 0; i < nrows; i++)
        for (int x = 0; x < xmax; x++) {
            double v = y(&rows[i], x);
            if (!isnan(v) && v > ymax)
                ymax = v;
        }
    if (ymax <= 0)
        ymax = 1;
    fprintf(f, "<svg width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">\n", left + width + 20, height + 40, label);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>", left, top + height, left + width, top + height);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", left, top, left, top + height);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\">%.3g</text>", left - 4, top + 8, ymax);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\">0</text>\n", left - 4, top + height);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\">0</text><text x=\"%d\" y=\"%d\" font-size=\"10\" "
               "text-anchor=\"end\">%d</text><text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>\n",
            left, top + height + 14, left + width, top + height + 14, xmax * xunit, left + width / 2, top + height + 30,
            xlabel);
    char cb[48];
    for (int i = 0; i < nrows; i++) {
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"", row_colour(i, cb, sizeof cb),
                i < NCOLOURS ? "" : " stroke-dasharray=\"5,2\"");
        for (int x = 0; x < xmax; x++) {
            double v = y(&rows[i], x);
            if (!isnan(v))
                fprintf(f, "%.1f,%.1f ", left + width * (x + 0.5) / xmax, top + height - height * v / ymax);
        }
        fprintf(f, "\"><title>");
        esc(f, rows[i].label);
        fprintf(f, "</title></polyline>\n");
    }
    fprintf(f, "</svg>\n<p class=\"key\">");
    for (int i = 0; i < nrows; i++) {
        fprintf(f, "<span style=\"color:%s\">%s ", row_colour(i, cb, sizeof cb), i < NCOLOURS ? "&#9632;" : "&#9642;&#9642;");
        esc(f, rows[i].label);
        fprintf(f, "</span> ");
    }
    fprintf(f, "</p>\n");
}

static int len_bins, len_width;
static double length_share(const st_row *r, int bin)
{
    long long k = 0;
    for (int p = bin * len_width; p < (bin + 1) * len_width && p < ST_HIST; p++)
        k += r->acc->hist[p];
    return r->acc->n ? (double)k / r->acc->n : NAN;
}

static double branching_at(const st_row *r, int t)
{
    return r->acc->ply_n[t] ? (double)r->acc->ply_branch[t] / r->acc->ply_n[t] : NAN;
}

int stats_write_report(const char *dir, const st_cfg *c, const st_row *rows, int n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    char d0[64], d1[64];
    fprintf(f, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gabata stats %s</title>\n"
               "<style>body{font-family:sans-serif;max-width:60em;margin:1em auto}table{border-collapse:collapse;"
               "font-size:12px}td,th{border:1px solid #ccc;padding:2px 5px;text-align:right;white-space:nowrap}th:first-child,"
               "td:first-child{text-align:left;position:sticky;left:0;background:#fff}.key{font-size:12px}"
               ".note{font-size:13px;font-style:italic}.wide{max-width:100%%;overflow-x:auto}"
               "</style></head><body>\n",
            c->variant);
    fprintf(f, "<h1>%s: measured play</h1>\n<p>", gb_variant_title(c->variant) ? gb_variant_title(c->variant) : c->variant);
    fprintf(f, "%ld games a row, %s South against %s North, %s, seed %llu. Options: ", c->games,
            gb_player_describe(&c->p[0], d0, sizeof d0), gb_player_describe(&c->p[1], d1, sizeof d1),
            c->openings ? "pairs of games from random openings" : "from the start", (unsigned long long)c->seed);
    esc(f, c->opts[0] ? c->opts : "the defaults");
    fprintf(f, ". The measures are defined in docs/stats.md.</p>\n");
    if (c->stopped) {
        long long played = 0;
        for (int i = 0; i < n; i++)
            played += rows[i].acc->n + rows[i].acc->failed;
        fprintf(f, "<p class=\"note\">This run was stopped (Ctrl-C or a signal) after %lld games: every figure below "
                   "is of the games finished, row by row (each row's \"games\").</p>\n", played);
    }
    bool players = st_paired(c);
    if (players) {
        /* the seats' shares mix the players, who swap sides within every pair */
        fprintf(f, "<p>Player A is ");
        esc(f, c->pname[0]);
        fprintf(f, " (--south), player B ");
        esc(f, c->pname[1]);
        fprintf(f, " (--north); each plays both sides of every pair of games.");
        if (n == 1)
            fprintf(f, " Player A won %.1f%% of the games, player B %.1f%%, %.1f%% were drawn.",
                    100 * rows[0].v[SM_A_WINS].v, 100 * rows[0].v[SM_B_WINS].v, 100 * rows[0].v[SM_DRAW].v);
        fprintf(f, "</p>\n");
    }
    fprintf(f, "<h2>Win shares</h2>\n");
    chart_shares(f, rows, n, players);
    /* game length: bins of a width that puts the longest 90%% quantile in about 60 bins */
    int q90 = 1;
    for (int i = 0; i < n; i++)
        if (!isnan(rows[i].v[SM_PLIES_Q90].v) && rows[i].v[SM_PLIES_Q90].v > q90)
            q90 = (int)rows[i].v[SM_PLIES_Q90].v;
    len_width = (q90 * 3 / 2) / 60 + 1;
    len_bins = (q90 * 3 / 2) / len_width + 1;
    fprintf(f, "<h2>Game length</h2>\n<p class=\"key\">Share of games by length, in bins of %d plies.</p>\n", len_width);
    chart_lines(f, "game length", n, rows, len_bins, length_share, "plies", len_width);
    int tmax = 0;
    for (int i = 0; i < n; i++)
        for (int t = 0; t < ST_PLY_BINS; t++)
            if (rows[i].acc->ply_n[t] * 20 >= rows[i].acc->n && t + 1 > tmax)
                tmax = t + 1; /* while at least 5% of the games go on */
    fprintf(f, "<h2>Branching factor over the game</h2>\n");
    if (c->fast)
        /* the fast path draws one move a ply and never lists the others: nothing to chart */
        fprintf(f, "<p class=\"note\">Not measured: random against random from the start runs on the playouts' "
                   "fast path, which draws each move without listing the legal ones. Run again with --full "
                   "(every move listed, about five times slower) for this chart, the branching factor and the "
                   "decision share.</p>\n");
    else {
        fprintf(f, "<p class=\"key\">Mean legal moves at each ply, while at least 5%% of the games last that "
                   "long.</p>\n");
        chart_lines(f, "branching factor", n, rows, tmax ? tmax : 1, branching_at, "ply", 1);
    }
    /* the table in its own box, scrolled sideways when its rows' columns are wider than the page */
    fprintf(f, "<h2>Every measure</h2>\n<div class=\"wide\"><table><tr><th>measure</th>");
    for (int i = 0; i < n; i++) {
        fprintf(f, "<th>");
        esc(f, rows[i].label);
        fprintf(f, "</th>");
    }
    fprintf(f, "</tr>\n");
    for (int m = 0; m < SM_COUNT; m++) {
        fprintf(f, "<tr><td>%s</td>", st_metrics[m].label);
        for (int i = 0; i < n; i++) {
            const st_value *v = &rows[i].v[m];
            double k = st_metrics[m].percent ? 100 : 1;
            if (isnan(v->v))
                fprintf(f, "<td>-</td>");
            else if (isnan(v->lo))
                fprintf(f, "<td>%.*f</td>", st_metrics[m].digits, v->v * k);
            else
                fprintf(f, "<td>%.*f <small>[%.*f, %.*f]</small></td>", st_metrics[m].digits, v->v * k,
                        st_metrics[m].digits, v->lo * k, st_metrics[m].digits, v->hi * k);
        }
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</table></div>\n</body></html>\n");
    return fclose(f);
}
