/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list's orders (PrClusterSorter) against the property
 * sorters they replace: GtkStringSorter and GtkNumericSorter over the
 * clusters' properties, as the list first sorted. Every pair of a varied
 * set of clusters must compare alike. No display.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-cluster-sorter.h"
#include "pr-date.h"
#include "pr-record-set.h"
#include "pr-store.h"

static GtkSorter *
numeric (const char *property,
         gboolean    descending)
{
  GtkSorter *sorter = GTK_SORTER (gtk_numeric_sorter_new (
    gtk_property_expression_new (PR_TYPE_CLUSTER_ITEM, NULL, property)));

  if (descending)
    gtk_numeric_sorter_set_sort_order (GTK_NUMERIC_SORTER (sorter), GTK_SORT_DESCENDING);
  return sorter;
}

static GtkSorter *
string (const char *property)
{
  return GTK_SORTER (gtk_string_sorter_new (gtk_property_expression_new (PR_TYPE_CLUSTER_ITEM, NULL, property)));
}

static GtkSorter *
both (GtkSorter *first,
      GtkSorter *second,
      GtkSorter *third)
{
  GtkMultiSorter *sorter = gtk_multi_sorter_new ();

  gtk_multi_sorter_append (sorter, first);
  gtk_multi_sorter_append (sorter, second);
  if (third != NULL)
    gtk_multi_sorter_append (sorter, third);
  return GTK_SORTER (sorter);
}

/* Clusters that differ in every column, and tie in each too. */
static GPtrArray *
varied_clusters (void)
{
  static const char *const subjects[] = {
    "关于拆迁补偿的反映", "关于拆迁补偿的反映", "Road repair", "road repair", "ROAD", "工资拖欠", "",
    "Ärger mit dem Amt", "占地", "123 号", "噪音扰民问题", "b", "A",
  };
  GPtrArray *clusters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  /* One petitioner column: empty or one of three account ids. */
  static const char *const petitioners[] = { "", "U1", "U2", "U3" };
  g_autoptr(PrIdentityTable) identities = pr_identity_table_new ();
  PrRecordSet set = { .n_records = 900, .identities = identities };

  for (guint r = 0; r < set.n_records; r++)
    {
      pr_identity_table_add_record (identities);
      pr_identity_table_add_value (identities, PR_IDENTITY_PETITIONER, petitioners[g_rand_int_range (rand, 0, 4)], -1);
    }
  pr_identity_table_finish (identities);

  for (guint c = 0; c < 90; c++)
    {
      gint64 date;
      PrClusterItem *item;
      guint n = g_rand_int_range (rand, 2, 6);

      switch (c % 5)
        {
        case 0: date = PR_DATE_NONE; break;
        /* The same day at other times: one day in the column. */
        case 1: date = 1735725600 + g_rand_int_range (rand, 0, 3) * 3600; break;
        case 2: date = -86400 * g_rand_int_range (rand, 1, 3) + 7200; break;
        default: date = 1700000000 + (gint64) g_rand_int_range (rand, 0, 40) * 86400 + g_rand_int_range (rand, 0, 86400);
        }
      item = pr_cluster_item_new (g_rand_int_range (rand, 0, 30), c % 7 == 0, subjects[c % G_N_ELEMENTS (subjects)],
                                  date);
      for (guint m = 0; m < n; m++)
        {
          g_autofree char *id = g_strdup_printf ("%u-%u", c, m);

          pr_cluster_item_add_member (item, id, c * 10 + m, m);
        }
      pr_cluster_item_read_set (item, &set);
      pr_cluster_item_set_max_distance (item, g_rand_int_range (rand, 0, 4));
      /* Shares that show as one percentage (49.6 and 50.4 as "50%"), and
       * all shared ("100%") beside none shared. */
      {
        static const double shares[] = { 0, 0.25, 0.496, 0.504, 0.75, 1.0 };

        pr_cluster_item_set_risk (item, g_rand_int_range (rand, 0, 3),
                                  c % 4 == 0 ? -1 : shares[g_rand_int_range (rand, 0, G_N_ELEMENTS (shares))]);
      }
      /* Opened from the store: not rated. */
      if (c % 9 == 5)
        pr_cluster_item_set_passages_known (item, FALSE);
      /* Some reviewed (every member decided), some partly, some not. */
      for (guint m = 1; m < n && c % 3 != 0; m++)
        {
          g_autofree char *id = g_strdup_printf ("%u-%u", c, m);
          g_autofree char *primary = g_strdup_printf ("%u-0", c);
          PrDecision decision = { .id = c * 10 + m, .record_id = id, .primary_id = primary,
                                  .verdict = m == 1 ? PR_VERDICT_NOT_REPEAT : PR_VERDICT_REPEAT };

          if (c % 3 == 1 && m == n - 1)
            break;
          g_assert_true (pr_cluster_item_apply (item, &decision, &set));
        }
      g_ptr_array_add (clusters, item);
    }
  return clusters;
}

static void
assert_same_order (const char *column,
                   GtkSorter  *oracle)
{
  g_autoptr(GPtrArray) clusters = varied_clusters ();
  g_autoptr(PrClusterSorter) sorter = pr_cluster_sorter_new (column);
  guint unequal = 0;

  for (guint i = 0; i < clusters->len; i++)
    for (guint j = 0; j < clusters->len; j++)
      {
        GtkOrdering want = gtk_sorter_compare (oracle, clusters->pdata[i], clusters->pdata[j]);
        GtkOrdering got = gtk_sorter_compare (GTK_SORTER (sorter), clusters->pdata[i], clusters->pdata[j]);

        if (want != got)
          g_error ("column %s: clusters %u and %u compare %d, the property sorter says %d", column, i, j, got, want);
        unequal += want != GTK_ORDERING_EQUAL;
      }
  /* A set where everything ties would prove nothing. */
  g_assert_cmpuint (unequal, >, clusters->len * clusters->len / 4);
  g_object_unref (oracle);
}

static void
test_number (void)
{
  assert_same_order ("number", numeric ("number", FALSE));
}

static void
test_size (void)
{
  assert_same_order ("size", numeric ("size", FALSE));
}

static void
test_petitioners (void)
{
  assert_same_order ("petitioners", both (numeric ("n-same-petitioner", FALSE), numeric ("n-other-petitioner", FALSE), NULL));
}

static void
test_subject (void)
{
  assert_same_order ("subject", string ("subject"));
}

static void
test_date (void)
{
  assert_same_order ("date", string ("date"));
}

static void
test_distance (void)
{
  assert_same_order ("distance", numeric ("max-distance", FALSE));
}

/* The share of the records beside the primary that have a verdict,
 * counted from the members. */
static double
decided_share (PrClusterItem *item)
{
  guint n = pr_cluster_item_get_n_members (item), decided = 0;

  for (guint m = 1; m < n; m++)
    decided += pr_cluster_item_get_member (item, m)->state != PR_MEMBER_UNDECIDED;
  return n > 1 ? (double) decided / (n - 1) : 0;
}

static int
by_decided_share (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  double share_a = decided_share ((PrClusterItem *) a), share_b = decided_share ((PrClusterItem *) b);

  /* Equal shares from other counts (1 of 2, 2 of 4) tie exactly. */
  if (fabs (share_a - share_b) < 1e-9)
    return GTK_ORDERING_EQUAL;
  return share_a < share_b ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
}

/* By how far each case is decided: untouched, partly (least first),
 * reviewed. */
static void
test_state (void)
{
  assert_same_order ("state", GTK_SORTER (gtk_custom_sorter_new (by_decided_share, NULL, NULL)));
}

/* Where the risk cell's text puts its cluster in the queue by risk, as
 * a reader would: bridges (most first), then the least share shown
 * (least first), then "none", then "not rated"; *figure orders within. */
static int
risk_group (PrClusterItem *item,
            long          *figure)
{
  g_autofree char *cell = pr_cluster_item_dup_risk (item);
  const char *digits = cell;

  while (*digits != '\0' && !g_ascii_isdigit (*digits))
    digits++;
  *figure = *digits != '\0' ? strtol (digits, NULL, 10) : 0;
  if (strstr (cell, "bridge") != NULL)
    {
      *figure = -*figure;
      return 0;
    }
  if (strstr (cell, "% shared") != NULL)
    return 1;
  if (g_str_equal (cell, "none"))
    return 2;
  g_assert_cmpstr (cell, ==, "not rated");
  return 3;
}

/* The queue by risk reads as its cells: each pair of clusters compares
 * as their cells' texts say, the largest distance first where the texts
 * tie. */
static void
test_risk_shown (void)
{
  g_autoptr(GPtrArray) clusters = varied_clusters ();
  g_autoptr(PrClusterSorter) sorter = pr_cluster_sorter_new ("risk");
  guint groups[4] = { 0 }, same_shown = 0;

  for (guint i = 0; i < clusters->len; i++)
    for (guint j = 0; j < clusters->len; j++)
      {
        PrClusterItem *a = clusters->pdata[i], *b = clusters->pdata[j];
        long figure_a, figure_b;
        int group_a = risk_group (a, &figure_a), group_b = risk_group (b, &figure_b);
        int want = group_a != group_b ? (group_a > group_b) - (group_a < group_b)
                 : figure_a != figure_b ? (figure_a > figure_b) - (figure_a < figure_b)
                 : (int) pr_cluster_item_get_max_distance (b) - (int) pr_cluster_item_get_max_distance (a);

        want = (want > 0) - (want < 0);
        if (gtk_sorter_compare (GTK_SORTER (sorter), a, b) != gtk_ordering_from_cmpfunc (want))
          {
            g_autofree char *cell_a = pr_cluster_item_dup_risk (a);
            g_autofree char *cell_b = pr_cluster_item_dup_risk (b);

            g_error ("risk: \"%s\" (distance %u) and \"%s\" (distance %u) sort against their cells", cell_a,
                     pr_cluster_item_get_max_distance (a), cell_b, pr_cluster_item_get_max_distance (b));
          }
        if (i == j)
          groups[group_a]++;
        same_shown += i != j && group_a == 1 && group_b == 1 && figure_a == 50 && figure_b == 50 &&
                      pr_cluster_item_get_min_share (a) != pr_cluster_item_get_min_share (b);
      }
  /* Every kind of cell, and shares that differ but show alike. */
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    g_assert_cmpuint (groups[g], >, 0);
  g_assert_cmpuint (same_shown, >, 0);
}

int
main (int    argc,
      char **argv)
{
  /* Collation as a reviewer's desktop has it. */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cluster-sorter/number", test_number);
  g_test_add_func ("/app/cluster-sorter/size", test_size);
  g_test_add_func ("/app/cluster-sorter/petitioners", test_petitioners);
  g_test_add_func ("/app/cluster-sorter/subject", test_subject);
  g_test_add_func ("/app/cluster-sorter/date", test_date);
  g_test_add_func ("/app/cluster-sorter/distance", test_distance);
  g_test_add_func ("/app/cluster-sorter/state", test_state);
  g_test_add_func ("/app/cluster-sorter/risk-shown", test_risk_shown);
  return g_test_run ();
}
