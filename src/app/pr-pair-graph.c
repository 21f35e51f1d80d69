/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrPairGraph: a cluster's pair graph, drawn. Members are circles on a
 * ring labelled by record id, the primary at the top with a double ring;
 * each pair a line labelled by its distance, or by the share of words its
 * records share when they were paired on shared sentences. A bridge —
 * the one pair holding two parts of the cluster together — is drawn
 * thicker and dashed, and in the accent colour as well, so that it does
 * not rest on colour alone; a legend says so, beside the drawing where
 * the width allows (so that a short view shows it whole), else under it.
 *
 * Drawn in the snapshot with cairo: GTK 4.8 has no path nodes, and a
 * cluster shown here has at most some forty members (PrChainView lists
 * the bridges of a larger one without drawing it).
 */
#define G_LOG_DOMAIN "pr-pair-graph"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pr-pair-graph.h"

#define NODE_RADIUS 15.0
#define MARGIN 28.0
#define LEGEND_ROW 20.0
#define LEGEND_ROWS 5
/* The least room the ring takes, across and down. */
#define RING_MIN 160

struct _PrPairGraph
{
  GtkWidget  parent_instance;

  PrGraph   *graph;
  GStrv      labels;
};

G_DEFINE_FINAL_TYPE (PrPairGraph, pr_pair_graph, GTK_TYPE_WIDGET)

static void
pr_pair_graph_finalize (GObject *object)
{
  PrPairGraph *self = PR_PAIR_GRAPH (object);

  g_clear_pointer (&self->graph, pr_graph_free);
  g_clear_pointer (&self->labels, g_strfreev);

  G_OBJECT_CLASS (pr_pair_graph_parent_class)->finalize (object);
}

/* The legend's width: its widest row after its sample line. */
static int
legend_width (GtkWidget *widget)
{
  g_auto(GStrv) legend = pr_pair_graph_dup_legend ();
  int widest = 0;

  for (guint row = 0; legend[row] != NULL; row++)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, legend[row]);
      int width, height;

      pango_layout_get_pixel_size (layout, &width, &height);
      widest = MAX (widest, width);
    }
  return 48 + widest + 8;
}

/* Whether the legend goes beside the ring in @width pixels. */
static gboolean
legend_beside (GtkWidget *widget,
               int        width)
{
  return width >= legend_width (widget) + RING_MIN;
}

static GtkSizeRequestMode
pr_pair_graph_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
pr_pair_graph_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 260;
      *natural = 480;
    }
  else if (for_size >= 0 && legend_beside (widget, for_size))
    {
      /* The ring shrinks to the room it is given; the legend beside it
       * takes its rows' height at most. */
      *minimum = MAX (RING_MIN, LEGEND_ROW * LEGEND_ROWS + 16);
      *natural = 360;
    }
  else
    {
      *minimum = 220 + LEGEND_ROW * LEGEND_ROWS;
      *natural = 360 + LEGEND_ROW * LEGEND_ROWS;
    }
}

/* Where node @i sits: on a ring, node 0 (the primary) at the top. */
static void
node_position (guint   i,
               guint   n,
               double  cx,
               double  cy,
               double  radius,
               double *x,
               double *y)
{
  double angle = n > 0 ? 2 * G_PI * i / n - G_PI / 2 : 0;

  *x = n > 1 ? cx + radius * cos (angle) : cx;
  *y = n > 1 ? cy + radius * sin (angle) : cy;
}

static void
set_edge_style (cairo_t        *cr,
                const GdkRGBA  *fg,
                const GdkRGBA  *accent,
                gboolean        bridge,
                gboolean        parts_only)
{
  static const double dashes[] = { 9.0, 5.0 };
  static const double dots[] = { 2.0, 4.0 };

  if (bridge)
    {
      gdk_cairo_set_source_rgba (cr, accent);
      cairo_set_line_width (cr, 4.0);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
    }
  else
    {
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.55);
      cairo_set_line_width (cr, 1.5);
      if (parts_only)
        cairo_set_dash (cr, dots, G_N_ELEMENTS (dots), 0);
      else
        cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void
show_text (GtkWidget     *widget,
           cairo_t       *cr,
           const char    *text,
           double         x,
           double         y,
           gboolean       centred,
           const GdkRGBA *fg,
           const GdkRGBA *back)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  if (centred)
    {
      x -= width / 2.0;
      y -= height / 2.0;
    }
  if (back != NULL)
    {
      gdk_cairo_set_source_rgba (cr, back);
      cairo_rectangle (cr, x - 2, y, width + 4, height);
      cairo_fill (cr);
    }
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  /* Showing text leaves a current point: the next arc would join it. */
  cairo_new_path (cr);
}

/* Translators: on a pair of the pair graph, two short texts worded
 * alike (no passage shared, fingerprints far apart) */
#define SHORT_LABEL N_("short")

static char *
edge_label (const PrGraphEdge *edge)
{
  if (edge->flags & PR_GRAPH_EDGE_WITHIN_K)
    return g_strdup_printf ("%u", edge->distance);
  if (!(edge->flags & PR_GRAPH_EDGE_PARTS))
    return g_strdup (_(SHORT_LABEL));
  /* Translators: on a pair of the pair graph, the share of words two
   * records share (their containment), e.g. "51 %" */
  return g_strdup_printf (_("%.0f %%"), edge->containment * 100);
}

/* How each row of the legend draws its sample line (row 0: the primary's
 * rings). Pairs not within k are dotted, whether they share passages or
 * short texts: their labels tell the two apart. */
static const struct { gboolean bridge; gboolean parts_only; } legend_styles[LEGEND_ROWS] = {
  { FALSE, FALSE },
  { FALSE, FALSE },
  { FALSE, TRUE },
  { FALSE, TRUE },
  { TRUE, FALSE },
};

/**
 * pr_pair_graph_dup_legend:
 *
 * The legend beside or under the drawing, a row a string: the primary's rings, then
 * each kind of pair the drawing can show, named with the label it puts on
 * such a pair, then the bridge.
 *
 * Returns: (transfer full): the legend's rows
 */
GStrv
pr_pair_graph_dup_legend (void)
{
  g_autoptr(GStrvBuilder) rows = g_strv_builder_new ();
  g_autofree char *short_row = NULL;

  g_strv_builder_add (rows, _("the primary record"));
  g_strv_builder_add (rows, _("pair within k, labelled by its distance in bits"));
  g_strv_builder_add (rows, _("pair on shared passages, labelled by the share of words"));
  /* Translators: a row of the pair graph's legend; %s is the label on
   * such a pair ("short") */
  short_row = g_strdup_printf (_("pair of short texts worded alike, labelled “%s”"), _(SHORT_LABEL));
  g_strv_builder_add (rows, short_row);
  g_strv_builder_add (rows, _("bridge: the only link between two parts; the case can be split there"));
  return g_strv_builder_end (rows);
}

static void
draw (PrPairGraph *self,
      cairo_t     *cr,
      double       width,
      double       height)
{
  GtkWidget *widget = GTK_WIDGET (self);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  G_GNUC_END_IGNORE_DEPRECATIONS
  GdkRGBA fg, back = { 1, 1, 1, 1 }, accent = { 0.11, 0.44, 0.85, 1 };
  gboolean beside = legend_beside (widget, (int) width);
  /* The legend's top left corner, and the ring's room. */
  double legend_x = beside ? width - legend_width (widget) : 0;
  double graph_width = beside ? legend_x : width;
  double graph_height = beside ? height : height - LEGEND_ROW * LEGEND_ROWS;
  double legend_y = beside ? 8 : graph_height;
  double cx = graph_width / 2, cy = graph_height / 2;
  double radius = MAX (10, MIN (graph_width, graph_height) / 2 - MARGIN);
  guint n = self->graph != NULL ? pr_graph_get_n_nodes (self->graph) : 0;
  g_auto(GStrv) legend = pr_pair_graph_dup_legend ();

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (style, &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* A light or dark background, whichever the text is not. */
  if (fg.red + fg.green + fg.blue > 1.5)
    back = (GdkRGBA) { 0.14, 0.14, 0.14, 1 };

  if (n == 0)
    return;

  /* Pairs first, under the nodes; their labels on top of them. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint e = 0; e < pr_graph_get_n_edges (self->graph); e++)
      {
        const PrGraphEdge *edge = pr_graph_get_edge (self->graph, e);
        /* Drawn as the chain view lists them and the Risk cell counts them. */
        gboolean bridge = pr_graph_is_risky_bridge (self->graph, e);
        double x1, y1, x2, y2;

        node_position (edge->a, n, cx, cy, radius, &x1, &y1);
        node_position (edge->b, n, cx, cy, radius, &x2, &y2);
        if (pass == 0)
          {
            set_edge_style (cr, &fg, &accent, bridge, !(edge->flags & PR_GRAPH_EDGE_WITHIN_K));
            cairo_move_to (cr, x1, y1);
            cairo_line_to (cr, x2, y2);
            cairo_stroke (cr);
          }
        else
          {
            g_autofree char *label = edge_label (edge);

            show_text (widget, cr, label, (x1 + x2) / 2, (y1 + y2) / 2, TRUE, &fg, &back);
          }
      }
  cairo_set_dash (cr, NULL, 0, 0);

  for (guint i = 0; i < n; i++)
    {
      double x, y;

      node_position (i, n, cx, cy, radius, &x, &y);
      gdk_cairo_set_source_rgba (cr, &back);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, NODE_RADIUS, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      if (i == 0)
        {
          cairo_new_path (cr);
          cairo_arc (cr, x, y, NODE_RADIUS + 4, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      if (self->labels != NULL && i < g_strv_length (self->labels))
        show_text (widget, cr, self->labels[i], x, y, TRUE, &fg, NULL);
    }

  /* The legend, beside the ring where the width allows, else under it. */
  for (guint row = 0; row < LEGEND_ROWS; row++)
    {
      double y = legend_y + row * LEGEND_ROW + LEGEND_ROW / 2, x = legend_x;

      if (row == 0)
        {
          cairo_set_line_width (cr, 1.5);
          gdk_cairo_set_source_rgba (cr, &fg);
          cairo_new_path (cr);
          cairo_arc (cr, x + 22, y, 6, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_arc (cr, x + 22, y, 9, 0, 2 * G_PI);
          cairo_stroke (cr);
          show_text (widget, cr, legend[row], x + 48, y - 8, FALSE, &fg, NULL);
          continue;
        }
      set_edge_style (cr, &fg, &accent, legend_styles[row].bridge, legend_styles[row].parts_only);
      cairo_move_to (cr, x + 8, y);
      cairo_line_to (cr, x + 40, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      show_text (widget, cr, legend[row], x + 48, y - 8, FALSE, &fg, NULL);
    }
}

static void
pr_pair_graph_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  PrPairGraph *self = PR_PAIR_GRAPH (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw (self, cr, width, height);
  cairo_destroy (cr);
}

static void
pr_pair_graph_class_init (PrPairGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pr_pair_graph_finalize;
  widget_class->measure = pr_pair_graph_measure;
  widget_class->get_request_mode = pr_pair_graph_get_request_mode;
  widget_class->snapshot = pr_pair_graph_snapshot;
  gtk_widget_class_set_css_name (widget_class, "pair-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pr_pair_graph_init (PrPairGraph *self)
{
  g_auto(GStrv) legend = pr_pair_graph_dup_legend ();
  g_autofree char *description = g_strjoinv ("; ", legend);

  /* A screen reader hears what the drawing's legend says. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

GtkWidget *
pr_pair_graph_new (void)
{
  return g_object_new (PR_TYPE_PAIR_GRAPH, NULL);
}

/**
 * pr_pair_graph_set_graph:
 * @graph: (transfer full) (nullable): the graph to draw; %NULL for none
 * @labels: (nullable): per node, its record id
 *
 * Draws @graph, and says in the accessible description what it shows.
 */
void
pr_pair_graph_set_graph (PrPairGraph       *self,
                         PrGraph           *graph,
                         const char *const *labels)
{
  g_autofree char *description = NULL;

  g_return_if_fail (PR_IS_PAIR_GRAPH (self));

  g_clear_pointer (&self->graph, pr_graph_free);
  g_clear_pointer (&self->labels, g_strfreev);
  self->graph = graph;
  self->labels = g_strdupv ((char **) labels);
  if (graph != NULL)
    {
      guint n = pr_graph_get_n_nodes (graph), pairs = pr_graph_get_n_edges (graph);
      guint bridges = pr_graph_get_n_risky_bridges (graph);
      g_autofree char *records = g_strdup_printf (ngettext ("%u record", "%u records", n), n);
      g_autofree char *pair_text = g_strdup_printf (ngettext ("%u pair", "%u pairs", pairs), pairs);
      g_autofree char *bridge_text = g_strdup_printf (ngettext ("%u bridge", "%u bridges", bridges), bridges);

      /* Translators: the pair graph's description for a screen reader:
       * "Pair graph: 6 records, 7 pairs, 1 bridge" */
      description = g_strdup_printf (_("Pair graph: %s, %s, %s"), records, pair_text, bridge_text);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description != NULL ? description : _("Pair graph"), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
pr_pair_graph_get_n_nodes (PrPairGraph *self)
{
  g_return_val_if_fail (PR_IS_PAIR_GRAPH (self), 0);
  return self->graph != NULL ? pr_graph_get_n_nodes (self->graph) : 0;
}
