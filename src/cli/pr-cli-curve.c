/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A precision–recall curve as a self-contained SVG file, written by hand:
 * a plot of a few series of points is too little to take on a plotting
 * library for, and the file opens in any browser.
 *
 * Every point is a <circle> that carries its numbers (data-series, data-k,
 * data-recall, data-precision) and a <title> a browser shows on hover, so
 * the figure can be read back by a program as well as by eye. Numbers in
 * the file are written with g_ascii_formatd (): a decimal comma from the
 * user's locale would make the SVG invalid.
 *
 * The caller gives every word shown (title, axis names, series names),
 * already translated.
 */
#define G_LOG_DOMAIN "pr-cli-curve"

#include "config.h"

#include <math.h>
#include <sys/stat.h>

#include "pr-cli.h"
#include "pr-output-path.h"

/* The page, in SVG user units (pixels). */
#define WIDTH 880
#define HEIGHT 520
#define PLOT_LEFT 70
#define PLOT_RIGHT 500
#define PLOT_TOP 50
#define PLOT_BOTTOM 460
#define LEGEND_LEFT 520
/* Points closer than this, in pixels, to the first of a run share one k
 * label ("0–2"): their labels, a digit or two of 10 pixels, would be
 * written over each other. */
#define SAME_PLACE_X 14.0
#define SAME_PLACE_Y 10.0

static const char *const colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e" };

/* An axis from @low to 1, in steps of 0.1. */
typedef struct {
  double low;
} Axis;

/* The axis starts at the tenth below its smallest value, so that points
 * near 1 are not crowded into a corner, but never above 0.9. */
static Axis
axis_for (const PrCliCurveSeries *series,
          guint                   n_series,
          gboolean                recall)
{
  double smallest = 1.0;
  Axis axis;

  for (guint s = 0; s < n_series; s++)
    for (guint i = 0; i < series[s].n_points; i++)
      smallest = MIN (smallest, recall ? series[s].points[i].recall : series[s].points[i].precision);
  axis.low = CLAMP (floor (smallest * 10 + 1e-9) / 10, 0.0, 0.9);
  return axis;
}

static double
to_x (const Axis *axis,
      double      recall)
{
  return PLOT_LEFT + (recall - axis->low) / (1 - axis->low) * (PLOT_RIGHT - PLOT_LEFT);
}

static double
to_y (const Axis *axis,
      double      precision)
{
  return PLOT_BOTTOM - (precision - axis->low) / (1 - axis->low) * (PLOT_BOTTOM - PLOT_TOP);
}

/* A number for the file: never the locale's decimal comma. */
static const char *
num (char        buffer[G_ASCII_DTOSTR_BUF_SIZE],
     const char *format,
     double      value)
{
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, format, value);
}

static void
append_text (GString    *svg,
             double      x,
             double      y,
             const char *attributes,
             const char *text)
{
  char bx[G_ASCII_DTOSTR_BUF_SIZE], by[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append_printf (svg, "<text x=\"%s\" y=\"%s\" %s>%s</text>\n",
                          num (bx, "%.1f", x), num (by, "%.1f", y), attributes, escaped);
}

static void
append_line (GString    *svg,
             double      x1,
             double      y1,
             double      x2,
             double      y2,
             const char *stroke)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (svg, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"/>\n",
                          num (a, "%.1f", x1), num (b, "%.1f", y1), num (c, "%.1f", x2), num (d, "%.1f", y2), stroke);
}

static void
append_axes (GString          *svg,
             const Axis       *x_axis,
             const Axis       *y_axis,
             const char       *x_name,
             const char       *y_name)
{
  char bx[G_ASCII_DTOSTR_BUF_SIZE], by[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (svg, "<g class=\"axes\" font-size=\"11\">\n");
  /* Grid and tick labels every 0.1; tenths counted as integers, so that
   * 0.1 steps do not drift. */
  for (int tenth = (int) lround (x_axis->low * 10); tenth <= 10; tenth++)
    {
      double x = to_x (x_axis, tenth / 10.0);

      append_line (svg, x, PLOT_TOP, x, PLOT_BOTTOM, "#e0e0e0");
      append_text (svg, x, PLOT_BOTTOM + 16, "text-anchor=\"middle\"", num (bx, "%.1f", tenth / 10.0));
    }
  for (int tenth = (int) lround (y_axis->low * 10); tenth <= 10; tenth++)
    {
      double y = to_y (y_axis, tenth / 10.0);

      append_line (svg, PLOT_LEFT, y, PLOT_RIGHT, y, "#e0e0e0");
      append_text (svg, PLOT_LEFT - 6, y + 4, "text-anchor=\"end\"", num (by, "%.1f", tenth / 10.0));
    }
  append_line (svg, PLOT_LEFT, PLOT_BOTTOM, PLOT_RIGHT, PLOT_BOTTOM, "black");
  append_line (svg, PLOT_LEFT, PLOT_TOP, PLOT_LEFT, PLOT_BOTTOM, "black");
  g_string_append (svg, "</g>\n");

  append_text (svg, (PLOT_LEFT + PLOT_RIGHT) / 2.0, PLOT_BOTTOM + 40,
               "class=\"axis-name\" text-anchor=\"middle\" font-size=\"13\"", x_name);
  g_string_append_printf (svg, "<text class=\"axis-name\" transform=\"translate(%d %s) rotate(-90)\" "
                          "text-anchor=\"middle\" font-size=\"13\">",
                          PLOT_LEFT - 45, num (by, "%.1f", (PLOT_TOP + PLOT_BOTTOM) / 2.0));
  {
    g_autofree char *escaped = g_markup_escape_text (y_name, -1);

    g_string_append_printf (svg, "%s</text>\n", escaped);
  }
}

static void
append_series (GString                *svg,
               guint                   index,
               const PrCliCurveSeries *series,
               const Axis             *x_axis,
               const Axis             *y_axis,
               const char             *x_name,
               const char             *y_name)
{
  const char *colour = colours[index % G_N_ELEMENTS (colours)];
  char b1[G_ASCII_DTOSTR_BUF_SIZE], b2[G_ASCII_DTOSTR_BUF_SIZE];
  char b3[G_ASCII_DTOSTR_BUF_SIZE], b4[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *name = g_markup_escape_text (series->name, -1);

  g_string_append_printf (svg, "<g class=\"series\" data-series=\"%u\" data-name=\"%s\">\n", index, name);

  /* The line through the points, dashed for every other series, so that
   * two that lie on each other can both be seen. */
  g_string_append (svg, "<polyline fill=\"none\" stroke-width=\"1.5\" points=\"");
  for (guint i = 0; i < series->n_points; i++)
    g_string_append_printf (svg, "%s%s,%s", i > 0 ? " " : "",
                            num (b1, "%.1f", to_x (x_axis, series->points[i].recall)),
                            num (b2, "%.1f", to_y (y_axis, series->points[i].precision)));
  g_string_append_printf (svg, "\" stroke=\"%s\"%s/>\n", colour,
                          index % 2 == 1 ? " stroke-dasharray=\"6 3\"" : "");

  for (guint i = 0; i < series->n_points; i++)
    {
      const PrCliCurvePoint *p = &series->points[i];
      g_autofree char *tip = g_markup_printf_escaped ("%s, k = %u: %s %s, %s %s", series->name, p->k,
                                                      y_name, num (b1, "%.3f", p->precision),
                                                      x_name, num (b2, "%.3f", p->recall));

      g_string_append_printf (svg, "<circle class=\"point\" cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"%s\" "
                              "data-series=\"%u\" data-k=\"%u\" data-recall=\"%s\" data-precision=\"%s\">"
                              "<title>%s</title></circle>\n",
                              num (b1, "%.1f", to_x (x_axis, p->recall)), num (b2, "%.1f", to_y (y_axis, p->precision)),
                              colour, index, p->k,
                              num (b3, "%.4f", p->recall), num (b4, "%.4f", p->precision), tip);
    }

  /* k labels: a run of points in one place gets one ("0–2"). */
  for (guint i = 0; i < series->n_points;)
    {
      const PrCliCurvePoint *first = &series->points[i];
      double x = to_x (x_axis, first->recall), y = to_y (y_axis, first->precision);
      g_autofree char *label = NULL;
      guint j = i + 1;

      while (j < series->n_points &&
             fabs (to_x (x_axis, series->points[j].recall) - x) < SAME_PLACE_X &&
             fabs (to_y (y_axis, series->points[j].precision) - y) < SAME_PLACE_Y)
        j++;
      label = j - i > 1 ? g_strdup_printf ("%u–%u", first->k, series->points[j - 1].k)
                        : g_strdup_printf ("%u", first->k);
      /* Each series puts its labels on its own side of the points; never
       * below the x axis, among its numbers. */
      append_text (svg, x + (index % 2 == 0 ? 6 : -6), index < 2 || y + 14 > PLOT_BOTTOM ? y - 6 : y + 14,
                   index % 2 == 0 ? "class=\"k\" font-size=\"10\"" : "class=\"k\" font-size=\"10\" text-anchor=\"end\"",
                   label);
      i = j;
    }
  g_string_append (svg, "</g>\n");
}

static void
append_legend (GString                *svg,
               const PrCliCurveSeries *series,
               guint                   n_series,
               const char             *note)
{
  g_string_append (svg, "<g class=\"legend\" font-size=\"12\">\n");
  for (guint s = 0; s < n_series; s++)
    {
      const char *colour = colours[s % G_N_ELEMENTS (colours)];
      int y = PLOT_TOP + 10 + 22 * s;

      g_string_append_printf (svg, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
                              LEGEND_LEFT, y, LEGEND_LEFT + 24, y, colour,
                              s % 2 == 1 ? " stroke-dasharray=\"6 3\"" : "");
      g_string_append_printf (svg, "<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"%s\"/>\n", LEGEND_LEFT + 12, y, colour);
      append_text (svg, LEGEND_LEFT + 32, y + 4, "class=\"series-name\"", series[s].name);
    }
  if (note != NULL)
    append_text (svg, LEGEND_LEFT, PLOT_TOP + 10 + 22 * n_series + 8, "class=\"note\" font-size=\"11\"", note);
  g_string_append (svg, "</g>\n");
}

/**
 * pr_cli_write_curve:
 * @path: the SVG file to write
 * @title: the figure's title
 * @x_name: the x axis's name (recall)
 * @y_name: the y axis's name (precision)
 * @note: (nullable): a line under the legend, e.g. what the numbers at the points are
 * @series: (array length=n_series): the series, each its points in order of k
 * @n_series: how many
 * @error: return location for a #GError
 *
 * Writes the curve to @path with pr_cli_write_text_output ().
 *
 * Returns: %FALSE with @error set if the file could not be written
 */
gboolean
pr_cli_write_curve (const char              *path,
                    const char              *title,
                    const char              *x_name,
                    const char              *y_name,
                    const char              *note,
                    const PrCliCurveSeries  *series,
                    guint                    n_series,
                    GError                 **error)
{
  g_autoptr(GString) svg = g_string_new (NULL);
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  Axis x_axis = axis_for (series, n_series, TRUE);
  Axis y_axis = axis_for (series, n_series, FALSE);

  g_string_append_printf (svg,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                          "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
                          "<title>%s</title>\n"
                          "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
                          WIDTH, HEIGHT, WIDTH, HEIGHT, escaped_title, WIDTH, HEIGHT);
  append_text (svg, WIDTH / 2.0, 26, "class=\"title\" text-anchor=\"middle\" font-size=\"15\"", title);
  append_axes (svg, &x_axis, &y_axis, x_name, y_name);
  for (guint s = 0; s < n_series; s++)
    append_series (svg, s, &series[s], &x_axis, &y_axis, x_name, y_name);
  append_legend (svg, series, n_series, note);
  g_string_append (svg, "</svg>\n");

  return pr_cli_write_text_output (path, svg->str, svg->len, error);
}
