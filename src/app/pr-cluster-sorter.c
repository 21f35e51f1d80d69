/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrClusterSorter: the order of one column of the cluster list, read
 * from the clusters' own fields. A sort of 100,000 clusters compares
 * some two million pairs: a property read through GValues, or a
 * collation, at each compare would hold the window for seconds. The
 * subject's collation key is made once per subject and kept by the
 * cluster (pr_cluster_item_get_subject_key ()); the rest are numbers.
 * Each column sorts as its text would (GtkStringSorter: case folded,
 * collated), and its numbers as numbers.
 */
#define G_LOG_DOMAIN "pr-cluster-sorter"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cluster-sorter.h"

#include "pr-case-rules.h"
#include "pr-cluster-item.h"
#include "pr-date.h"

typedef enum {
  COLUMN_NUMBER,
  COLUMN_SIZE,
  COLUMN_PETITIONERS,  /* by the primary's petitioner, then by others */
  COLUMN_SUBJECT,
  COLUMN_DATE,         /* the day, as the column shows it */
  COLUMN_DISTANCE,
  COLUMN_STATE,        /* by how far the case is decided */
  COLUMN_RISK,         /* the riskiest first: bridges, least share, distance */
  N_COLUMNS
} Column;

static const char *const column_names[N_COLUMNS] = {
  "number", "size", "petitioners", "subject", "date", "distance", "state", "risk",
};

struct _PrClusterSorter
{
  GtkSorter parent_instance;

  Column    column;
};

G_DEFINE_FINAL_TYPE (PrClusterSorter, pr_cluster_sorter, GTK_TYPE_SORTER)

enum {
  PROP_0,
  PROP_COLUMN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


static int
compare_numbers (gint64 a,
                 gint64 b)
{
  return (a > b) - (a < b);
}

/* Where the column's "—" for no date sorts among days, as its text. */
static int
no_date_order (void)
{
  static int order;

  if (order == 0)
    {
      g_autofree char *none = pr_date_format_day (PR_DATE_NONE);
      g_autofree char *a = g_utf8_casefold (none, -1);
      int c = g_utf8_collate (a, "2000-01-01");

      order = c < 0 ? -1 : 1;
    }
  return order;
}

static gint64
day_of (PrClusterItem *item)
{
  gint64 date = pr_cluster_item_get_date (item);

  return date == PR_DATE_NONE ? 0 : pr_case_day_of (date);
}

static int
compare_dates (PrClusterItem *a,
               PrClusterItem *b)
{
  gboolean none_a = pr_cluster_item_get_date (a) == PR_DATE_NONE;
  gboolean none_b = pr_cluster_item_get_date (b) == PR_DATE_NONE;

  if (none_a || none_b)
    return none_a == none_b ? 0 : (none_a ? no_date_order () : -no_date_order ());
  return compare_numbers (day_of (a), day_of (b));
}

static int
compare_columns (Column         column,
                 PrClusterItem *a,
                 PrClusterItem *b)
{
  int c;

  switch (column)
    {
    case COLUMN_NUMBER:
      return compare_numbers (pr_cluster_item_get_number (a), pr_cluster_item_get_number (b));
    case COLUMN_SIZE:
      return compare_numbers (pr_cluster_item_get_size (a), pr_cluster_item_get_size (b));
    case COLUMN_PETITIONERS:
      c = compare_numbers (pr_cluster_item_get_n_same_petitioner (a), pr_cluster_item_get_n_same_petitioner (b));
      return c != 0 ? c : compare_numbers (pr_cluster_item_get_n_other_petitioner (a),
                                           pr_cluster_item_get_n_other_petitioner (b));
    case COLUMN_SUBJECT:
      return strcmp (pr_cluster_item_get_subject_key (a), pr_cluster_item_get_subject_key (b));
    case COLUMN_DATE:
      return compare_dates (a, b);
    case COLUMN_DISTANCE:
      return compare_numbers (pr_cluster_item_get_max_distance (a), pr_cluster_item_get_max_distance (b));
    case COLUMN_STATE:
      /* By how far each is decided: untouched first, reviewed last. */
      {
        guint others_a = pr_cluster_item_get_n_members (a), others_b = pr_cluster_item_get_n_members (b);

        others_a = others_a > 1 ? others_a - 1 : 1;
        others_b = others_b > 1 ? others_b - 1 : 1;
        return compare_numbers ((guint64) pr_cluster_item_get_n_decided (a) * others_b,
                                (guint64) pr_cluster_item_get_n_decided (b) * others_a);
      }
    case COLUMN_RISK:
      /* In the order of what the cell shows, so that the sorted column
       * reads as its order: the bridges, most first; the least share as
       * shown, least first; none shared; not rated. The distance, which
       * has a column of its own, breaks ties. */
      {
        guint percent_a, percent_b;
        PrRiskRank rank_a = pr_cluster_item_get_risk_rank (a, &percent_a);
        PrRiskRank rank_b = pr_cluster_item_get_risk_rank (b, &percent_b);

        c = compare_numbers (rank_a, rank_b);
        if (c == 0 && rank_a == PR_RISK_BRIDGES)
          c = compare_numbers (pr_cluster_item_get_n_bridges (b), pr_cluster_item_get_n_bridges (a));
        if (c == 0)
          c = compare_numbers (percent_a, percent_b);
      }
      if (c == 0)
        c = compare_numbers (pr_cluster_item_get_max_distance (b), pr_cluster_item_get_max_distance (a));
      return c;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static GtkOrdering
pr_cluster_sorter_compare (GtkSorter *sorter,
                           gpointer   item1,
                           gpointer   item2)
{
  return gtk_ordering_from_cmpfunc (compare_columns (PR_CLUSTER_SORTER (sorter)->column, item1, item2));
}

static GtkSorterOrder
pr_cluster_sorter_get_order (GtkSorter *sorter)
{
  return GTK_SORTER_ORDER_PARTIAL;
}

static void
pr_cluster_sorter_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PrClusterSorter *self = PR_CLUSTER_SORTER (object);

  switch (prop_id)
    {
    case PROP_COLUMN:
      for (guint i = 0; i < N_COLUMNS; i++)
        if (g_strcmp0 (g_value_get_string (value), column_names[i]) == 0)
          {
            self->column = i;
            gtk_sorter_changed (GTK_SORTER (self), GTK_SORTER_CHANGE_DIFFERENT);
            return;
          }
      g_critical ("No cluster list column “%s”", g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_cluster_sorter_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PrClusterSorter *self = PR_CLUSTER_SORTER (object);

  switch (prop_id)
    {
    case PROP_COLUMN:
      g_value_set_static_string (value, column_names[self->column]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_cluster_sorter_class_init (PrClusterSorterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  object_class->set_property = pr_cluster_sorter_set_property;
  object_class->get_property = pr_cluster_sorter_get_property;
  sorter_class->compare = pr_cluster_sorter_compare;
  sorter_class->get_order = pr_cluster_sorter_get_order;

  /* Which column: number, size, petitioners, subject, date, distance,
   * state or risk. */
  properties[PROP_COLUMN] = g_param_spec_string ("column", NULL, NULL, "number",
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pr_cluster_sorter_init (PrClusterSorter *self)
{
}

PrClusterSorter *
pr_cluster_sorter_new (const char *column)
{
  return g_object_new (PR_TYPE_CLUSTER_SORTER, "column", column, NULL);
}
