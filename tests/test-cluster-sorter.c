/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list's orders (PrClusterSorter) against the property
 * sorters they replace: GtkStringSorter and GtkNumericSorter over the
 * clusters' properties, as the list first sorted. Every pair of a varied
 * set of clusters must compare alike. No display.
 */
#include "config.h"

#include <locale.h>
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
      pr_cluster_item_set_risk (item, g_rand_int_range (rand, 0, 3),
                                c % 4 == 0 ? -1 : g_rand_int_range (rand, 0, 5) / 4.0);
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

static void
test_state (void)
{
  assert_same_order ("state", string ("state"));
}

static int
sort_items (gconstpointer a,
            gconstpointer b,
            gpointer      sorter)
{
  return gtk_sorter_compare (sorter, *(gpointer const *) a, *(gpointer const *) b);
}

static void
test_risk (void)
{
  assert_same_order ("risk", both (numeric ("n-bridges", TRUE), numeric ("min-share", FALSE),
                                   numeric ("max-distance", TRUE)));
}

/* The first figure of @text, or -1 for none. */
static long
first_figure (const char *text)
{
  for (; *text != '\0'; text++)
    if (g_ascii_isdigit (*text))
      return strtol (text, NULL, 10);
  return -1;
}

/* The risk cell reads as the queue by risk is ordered: sorted by it,
 * the cells of the clusters with bridges lead with their bridges, most
 * first; those without show their least share, least first, the
 * clusters where no pair shares passages ("none", as a share of 1) last. */
static void
test_risk_shown (void)
{
  g_autoptr(GPtrArray) clusters = varied_clusters ();
  g_autoptr(PrClusterSorter) sorter = pr_cluster_sorter_new ("risk");
  long last_bridges = G_MAXLONG, last_share = -1;
  guint without = 0;

  g_ptr_array_sort_with_data (clusters, (GCompareDataFunc) sort_items, sorter);
  for (guint i = 0; i < clusters->len; i++)
    {
      PrClusterItem *item = clusters->pdata[i];
      g_autofree char *cell = pr_cluster_item_dup_risk (item);
      long figure = first_figure (cell);

      if (pr_cluster_item_get_n_bridges (item) > 0)
        {
          g_assert_cmpint (last_share, ==, -1);
          g_assert_cmpint (figure, ==, pr_cluster_item_get_n_bridges (item));
          g_assert_cmpint (figure, <=, last_bridges);
          last_bridges = figure;
        }
      else
        {
          long share = figure < 0 ? 100 : figure;

          g_assert_cmpint (share, >=, last_share);
          last_share = share;
          without++;
        }
    }
  g_assert_cmpuint (without, >, 0);
  g_assert_cmpuint (without, <, clusters->len);
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
  g_test_add_func ("/app/cluster-sorter/risk", test_risk);
  g_test_add_func ("/app/cluster-sorter/risk-shown", test_risk_shown);
  return g_test_run ();
}
