/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list's cells (the factories of pr-review-page.ui): a label
 * each, filled from its cluster when a row is bound and again when the
 * cluster tells of a change. A sort or a filter binds every row in view
 * anew at once, so a cell is cheap to make and to bind: no builder
 * template parsed per cell, and no tooltip set per cell (setting one asks
 * the display server where the pointer is); the tooltip is asked for when
 * shown, and the accessible description carries the same text.
 */
#define G_LOG_DOMAIN "pr-cluster-cells"

#include "config.h"

#include "pr-cluster-cells.h"

#include "pr-cluster-item.h"
#include "pr-column-fit.h"

typedef enum {
  CELL_NUMBER,
  CELL_SIZE,
  CELL_PETITIONERS,
  CELL_SUBJECT,
  CELL_DATE,
  CELL_DISTANCE,
  CELL_STATE,
  CELL_RISK,
} CellKind;

typedef struct {
  const char *property;  /* PrClusterItem's, shown */
  gboolean    number;    /* a guint property, shown in digits */
  const char *tooltip;   /* the property in the tooltip, or NULL */
  float       xalign;
  gboolean    ellipsize;
} Cell;

static const Cell cells[] = {
  [CELL_NUMBER] = { "name", FALSE, NULL, 1, FALSE },
  [CELL_SIZE] = { "size", TRUE, NULL, 1, FALSE },
  [CELL_PETITIONERS] = { "petitioners", FALSE, NULL, 0, FALSE },
  [CELL_SUBJECT] = { "subject", FALSE, "subject", 0, TRUE },
  [CELL_DATE] = { "date", FALSE, NULL, 0, FALSE },
  [CELL_DISTANCE] = { "max-distance", TRUE, NULL, 1, FALSE },
  [CELL_STATE] = { "state", FALSE, NULL, 0, FALSE },
  [CELL_RISK] = { "risk", FALSE, "risk-details", 0, FALSE },
};

static const Cell *
cell_of (GtkWidget *label)
{
  return g_object_get_data (G_OBJECT (label), "pr-cell");
}

static char *
dup_text (PrClusterItem *item,
          const Cell    *cell)
{
  char *text = NULL;

  if (cell->number)
    {
      guint value = 0;

      g_object_get (item, cell->property, &value, NULL);
      return g_strdup_printf ("%u", value);
    }
  g_object_get (item, cell->property, &text, NULL);
  return text;
}

static void
fill (GtkWidget     *label,
      PrClusterItem *item)
{
  const Cell *cell = cell_of (label);
  g_autofree char *text = dup_text (item, cell);

  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  if (cell->tooltip != NULL)
    {
      g_autofree char *tooltip = NULL;

      g_object_get (item, cell->tooltip, &tooltip, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      tooltip != NULL ? tooltip : "", -1);
    }
}

static gboolean
query_tooltip (GtkWidget   *label,
               int          x,
               int          y,
               gboolean     keyboard,
               GtkTooltip  *tooltip,
               GtkListItem *list_item)
{
  PrClusterItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = NULL;

  if (item == NULL)
    return FALSE;
  g_object_get (item, cell_of (label)->tooltip, &text, NULL);
  if (text == NULL || text[0] == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup (GtkListItem *list_item,
       CellKind     kind)
{
  const Cell *cell = &cells[kind];
  GtkWidget *label = gtk_label_new (NULL);

  g_object_set_data (G_OBJECT (label), "pr-cell", (gpointer) cell);
  /* Which row the label is in, for pr_cluster_cells_find_row (). */
  g_object_set_data (G_OBJECT (label), "pr-list-item", list_item);
  gtk_label_set_xalign (GTK_LABEL (label), cell->xalign);
  if (cell->ellipsize)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (cell->tooltip != NULL)
    {
      gtk_widget_set_has_tooltip (label, TRUE);
      /* The label is the list item's: it goes first. */
      g_signal_connect (label, "query-tooltip", G_CALLBACK (query_tooltip), list_item);
    }
  gtk_list_item_set_child (list_item, label);
}

#define SETUP(name, kind)                                     \
  static void                                                 \
  name (GtkSignalListItemFactory *factory,                    \
        GtkListItem              *list_item,                  \
        gpointer                  unused)                     \
  {                                                           \
    setup (list_item, kind);                                  \
  }

SETUP (setup_number_cell, CELL_NUMBER)
SETUP (setup_size_cell, CELL_SIZE)
SETUP (setup_petitioners_cell, CELL_PETITIONERS)
SETUP (setup_subject_cell, CELL_SUBJECT)
SETUP (setup_date_cell, CELL_DATE)
SETUP (setup_distance_cell, CELL_DISTANCE)
SETUP (setup_state_cell, CELL_STATE)
SETUP (setup_risk_cell, CELL_RISK)

/* A decision changed the cluster: its cell follows. */
static void
item_notified (PrClusterItem *item,
               GParamSpec    *pspec,
               GtkWidget     *label)
{
  GtkColumnViewColumn *column = g_object_get_data (G_OBJECT (label), "pr-column");

  fill (label, item);
  /* "Reviewed" may be wider than "Unreviewed" in another language. */
  if (column != NULL)
    pr_column_fit_cell (column, label);
}

/* The rows made for an item: a row of the list's columns binds it once
 * per cell. */
static GQuark
bound_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("pr-cluster-cells-bound");
  return quark;
}

/**
 * pr_cluster_cells_get_bound:
 * @item: a #PrClusterItem
 *
 * Whether the list has a row made for @item (GTK 4.8's list keeps some
 * 200 rows made around the rows in view): a change that takes it out or
 * puts another in its place costs a row made.
 */
gboolean
pr_cluster_cells_get_bound (gpointer item)
{
  return g_object_get_qdata (item, bound_quark ()) != NULL;
}

static void
count_bound (gpointer item,
             int      delta)
{
  guint n = GPOINTER_TO_UINT (g_object_get_qdata (item, bound_quark ()));

  g_object_set_qdata (item, bound_quark (), GUINT_TO_POINTER ((guint) ((int) n + delta)));
}

/* The column whose cells @factory makes, found once from @label's view. */
static GtkColumnViewColumn *
column_of (GtkSignalListItemFactory *factory,
           GtkWidget                *label)
{
  GtkColumnViewColumn *column = g_object_get_data (G_OBJECT (factory), "pr-column");
  GtkWidget *view;
  GListModel *columns;

  if (column != NULL)
    return column;
  view = gtk_widget_get_ancestor (label, GTK_TYPE_COLUMN_VIEW);
  if (view == NULL)
    return NULL;
  columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (view));
  for (guint c = 0; c < g_list_model_get_n_items (columns) && column == NULL; c++)
    {
      g_autoptr(GtkColumnViewColumn) each = g_list_model_get_item (columns, c);

      if (gtk_column_view_column_get_factory (each) == GTK_LIST_ITEM_FACTORY (factory))
        column = each;
    }
  /* The column holds its factory: no reference back. */
  g_object_set_data (G_OBJECT (factory), "pr-column", column);
  return column;
}

/* What a cell shows: the item, held, and its handler. GTK 4.8's factory
 * unbinds and binds again every row whose position a change moved, the
 * item the same: such a cell is left as it is, and a binding ends only
 * when the cell shows another item or is destroyed. */
typedef struct {
  PrClusterItem *item;
  gulong         handler;
} Binding;

static void
binding_free (gpointer data)
{
  Binding *binding = data;

  g_signal_handler_disconnect (binding->item, binding->handler);
  count_bound (binding->item, -1);
  g_object_unref (binding->item);
  g_free (binding);
}

static void
label_destroyed (GtkWidget *label)
{
  g_object_set_data (G_OBJECT (label), "pr-binding", NULL);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  unused)
{
  GtkWidget *label = gtk_list_item_get_child (list_item);
  PrClusterItem *item = gtk_list_item_get_item (list_item);
  Binding *binding = g_object_get_data (G_OBJECT (label), "pr-binding");
  g_autofree char *detailed = NULL;
  GtkColumnViewColumn *column;

  if (binding != NULL && binding->item == item)
    return;
  fill (label, item);
  column = column_of (factory, label);
  g_object_set_data (G_OBJECT (label), "pr-column", column);
  if (column != NULL)
    pr_column_fit_cell (column, label);
  if (binding == NULL)
    g_signal_connect (label, "destroy", G_CALLBACK (label_destroyed), NULL);
  detailed = g_strconcat ("notify::", cell_of (label)->property, NULL);
  binding = g_new0 (Binding, 1);
  binding->item = g_object_ref (item);
  binding->handler = g_signal_connect (item, detailed, G_CALLBACK (item_notified), label);
  count_bound (item, 1);
  /* The binding before, if any, ends here. */
  g_object_set_data_full (G_OBJECT (label), "pr-binding", binding, binding_free);
}

/* Kept for the bind that may follow (see Binding). */
static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  unused)
{
}

/* For a template whose factories name these handlers. */
void
pr_cluster_cells_bind_template_callbacks (GtkWidgetClass *widget_class)
{
#define BIND(name) gtk_widget_class_bind_template_callback_full (widget_class, #name, G_CALLBACK (name))
  BIND (setup_number_cell);
  BIND (setup_size_cell);
  BIND (setup_petitioners_cell);
  BIND (setup_subject_cell);
  BIND (setup_date_cell);
  BIND (setup_distance_cell);
  BIND (setup_state_cell);
  BIND (setup_risk_cell);
  BIND (bind_cell);
  BIND (unbind_cell);
#undef BIND
}

/* The list item of the first cell under @widget. */
static GtkListItem *
list_item_under (GtkWidget *widget)
{
  GtkListItem *list_item = g_object_get_data (G_OBJECT (widget), "pr-list-item");

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && list_item == NULL;
       child = gtk_widget_get_next_sibling (child))
    list_item = list_item_under (child);
  return list_item;
}

/**
 * pr_cluster_cells_find_row:
 * @list_view: the column view's list of rows (a #GtkListView inside it)
 * @position: a position in the list
 *
 * The row widget that shows @position, among the rows @list_view has made.
 * GTK 4.8 puts the keyboard's focus on a row only through its widget.
 *
 * Returns: (transfer none) (nullable): the row, or %NULL when none shows
 *   @position
 */
GtkWidget *
pr_cluster_cells_find_row (GtkWidget *list_view,
                           guint      position)
{
  for (GtkWidget *row = gtk_widget_get_first_child (list_view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkListItem *list_item = list_item_under (row);

      if (list_item != NULL && gtk_list_item_get_item (list_item) != NULL &&
          gtk_list_item_get_position (list_item) == position)
        return row;
    }
  return NULL;
}
