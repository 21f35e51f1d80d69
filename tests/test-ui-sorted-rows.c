/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list's chain (a single selection over the paced model over
 * the filter over the sort by a column of PrClusterSorter) in a shown
 * column view, sorted by State both ways while cases are decided and the
 * list is scrolled as a wheel does: every row made shows the case that
 * the model holds at the row's place, the place a click selects. A row
 * showing one case while a click on it opens another would have the
 * clerk decide the wrong case.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-cluster-sorter.h"
#include "pr-paced-model.h"
#include "pr-test-ui.h"

#define N_CASES 400

static GQuark bound_quark;
static GPtrArray *list_items;
static gboolean kept_bindings;

static gboolean
made (gpointer item)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (item, bound_quark)) > 0;
}

static void
count_bound (gpointer item,
             int      delta)
{
  guint n = GPOINTER_TO_UINT (g_object_get_qdata (item, bound_quark));

  g_object_set_qdata (item, bound_quark, GUINT_TO_POINTER ((guint) ((int) n + delta)));
}

static void label_destroyed (GtkWidget *label);

static void
setup (GtkSignalListItemFactory *factory,
       GtkListItem              *list_item)
{
  GtkWidget *label = gtk_label_new (NULL);

  g_signal_connect (label, "destroy", G_CALLBACK (label_destroyed), NULL);
  gtk_list_item_set_child (list_item, label);
  g_ptr_array_add (list_items, list_item);
}

static void
teardown (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item)
{
  g_ptr_array_remove_fast (list_items, list_item);
}

static void
binding_free (gpointer item)
{
  count_bound (item, -1);
  g_object_unref (item);
}

/* As the list's own cells: a binding ends when the cell shows another
 * item or is destroyed, not at unbind. */
static void
bind (GtkSignalListItemFactory *factory,
      GtkListItem              *list_item)
{
  PrClusterItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *name = NULL;

  if (!kept_bindings)
    {
      count_bound (item, 1);
      name = pr_cluster_item_dup_name (item);
      gtk_label_set_text (GTK_LABEL (label), name);
      return;
    }
  if (g_object_get_data (G_OBJECT (label), "bound") == item)
    return;
  name = pr_cluster_item_dup_name (item);
  count_bound (item, 1);
  gtk_label_set_text (GTK_LABEL (label), name);
  g_object_set_data_full (G_OBJECT (label), "bound", g_object_ref (item), binding_free);
}

static void
label_destroyed (GtkWidget *label)
{
  g_object_set_data (G_OBJECT (label), "bound", NULL);
}

static void
unbind (GtkSignalListItemFactory *factory,
        GtkListItem              *list_item)
{
  if (!kept_bindings)
    count_bound (gtk_list_item_get_item (list_item), -1);
}

/* Every row made: the case it shows is the one at its place, which a
 * click on it selects. */
static void
assert_rows_match (GListModel *shown,
                   const char *when)
{
  for (guint i = 0; i < list_items->len; i++)
    {
      GtkListItem *list_item = list_items->pdata[i];
      PrClusterItem *item = gtk_list_item_get_item (list_item);
      guint position = gtk_list_item_get_position (list_item);
      g_autoptr(PrClusterItem) at = NULL;
      g_autofree char *name = NULL;

      if (item == NULL)
        continue;
      at = g_list_model_get_item (shown, position);
      name = pr_cluster_item_dup_name (item);
      if (at != item)
        {
          g_autofree char *at_name = at != NULL ? pr_cluster_item_dup_name (at) : g_strdup ("nothing");

          g_error ("%s: a row shows case %s, a click on it selects place %u, which holds case %s",
                   when, name, position, at_name);
        }
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_list_item_get_child (list_item))), ==, name);
    }
}

static void
decide_some (GPtrArray *cases,
             GRand     *rand,
             guint      n)
{
  for (guint d = 0; d < n; d++)
    {
      PrClusterItem *item = cases->pdata[g_rand_int_range (rand, 0, cases->len)];
      guint m = g_rand_int_range (rand, 1, pr_cluster_item_get_n_members (item));

      pr_cluster_item_get_member (item, m)->state = PR_MEMBER_REPEAT;
      pr_cluster_item_changed (item);
    }
}

static void
run_until_settled (PrPacedModel *paced,
                   GListModel   *shown,
                   const char   *when)
{
  do
    {
      g_main_context_iteration (NULL, TRUE);
      assert_rows_match (shown, when);
    }
  while (pr_paced_model_get_pending (paced));
}

static void
keep_selected (PrPacedModel       *paced,
               GParamSpec         *pspec,
               GtkSingleSelection *selection)
{
  pr_paced_model_set_keep (paced, gtk_single_selection_get_selected_item (selection));
}

static void
test_state_sort_rows (gconstpointer data)
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GListStore) store = g_list_store_new (PR_TYPE_CLUSTER_ITEM);
  g_autoptr(GRand) rand = g_rand_new_with_seed (110);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkSortListModel *sorted;
  GtkFilterListModel *filtered;
  PrPacedModel *paced;
  GtkSingleSelection *selection;
  GtkWidget *view;
  GtkColumnViewColumn *column;
  GtkAdjustment *adjustment;

  kept_bindings = GPOINTER_TO_INT (data);
  list_items = g_ptr_array_new ();
  bound_quark = g_quark_from_static_string ("test-sorted-rows-bound");
  for (guint c = 1; c <= N_CASES; c++)
    {
      g_autofree char *subject = g_strdup_printf ("subject %u", c);
      PrClusterItem *item = pr_cluster_item_new (c, TRUE, subject, 0);
      guint size = 2 + g_rand_int_range (rand, 0, 5);

      for (guint m = 0; m < size; m++)
        {
          g_autofree char *id = g_strdup_printf ("%u-%u", c, m);

          pr_cluster_item_add_member (item, id, c * 10 + m, m);
        }
      g_ptr_array_add (cases, item);
      g_list_store_append (store, item);
    }
  decide_some (cases, rand, 150);

  g_signal_connect (factory, "setup", G_CALLBACK (setup), NULL);
  g_signal_connect (factory, "teardown", G_CALLBACK (teardown), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind), NULL);
  sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (store)), NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (sorted), GTK_FILTER (gtk_every_filter_new ()));
  paced = pr_paced_model_new (G_LIST_MODEL (filtered));
  g_object_unref (filtered);
  selection = gtk_single_selection_new (G_LIST_MODEL (paced));
  view = gtk_column_view_new (GTK_SELECTION_MODEL (selection));
  column = gtk_column_view_column_new ("State", factory);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (pr_cluster_sorter_new ("state")));
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), column);
  for (guint c = 0; c < 4; c++)
    {
      GtkListItemFactory *more = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *other;

      g_signal_connect (more, "setup", G_CALLBACK (setup), NULL);
      g_signal_connect (more, "teardown", G_CALLBACK (teardown), NULL);
      g_signal_connect (more, "bind", G_CALLBACK (bind), NULL);
      g_signal_connect (more, "unbind", G_CALLBACK (unbind), NULL);
      other = gtk_column_view_column_new ("Other", more);
      gtk_column_view_column_set_sorter (other, GTK_SORTER (pr_cluster_sorter_new (c % 2 ? "size" : "number")));
      gtk_column_view_append_column (GTK_COLUMN_VIEW (view), other);
      g_object_unref (other);
    }
  gtk_sort_list_model_set_sorter (sorted, gtk_column_view_get_sorter (GTK_COLUMN_VIEW (view)));
  pr_paced_model_set_made_func (paced, made);
  pr_paced_model_set_view (paced, view);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (view))
    g_main_context_iteration (NULL, TRUE);
  run_until_settled (paced, G_LIST_MODEL (selection), "shown");
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  g_signal_connect_swapped (selection, "notify::selected-item", G_CALLBACK (keep_selected), paced);
  for (guint round = 0; round < 60; round++)
    {
      g_autofree char *when = g_strdup_printf ("round %u", round);
      GtkSortType order = round % 2 ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
      guint selected = g_rand_int_range (rand, 0, N_CASES);

      gtk_single_selection_set_selected (selection, selected);
      /* Wheel steps to some place in the list. */
      for (guint s = 0; s < 6; s++)
        {
          double value = g_rand_double_range (rand, 0, gtk_adjustment_get_upper (adjustment));

          gtk_adjustment_set_value (adjustment, value);
          g_main_context_iteration (NULL, FALSE);
          assert_rows_match (G_LIST_MODEL (selection), when);
        }
      decide_some (cases, rand, 10);
      if (round % 5 == 4)
        {
          g_autoptr(GtkColumnViewColumn) other = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view)), 1 + round % 4);

          gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), other, order);
        }
      else
        gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), column, order);
      for (guint s = 0; s < 8; s++)
        {
          gtk_adjustment_set_value (adjustment, g_rand_double_range (rand, 0, gtk_adjustment_get_upper (adjustment)));
          g_main_context_iteration (NULL, FALSE);
          assert_rows_match (G_LIST_MODEL (selection), when);
        }
      run_until_settled (paced, G_LIST_MODEL (selection), when);
      pr_test_wait_frames (view, 2);
      assert_rows_match (G_LIST_MODEL (selection), when);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  g_ptr_array_unref (list_items);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 77;
  g_test_add_data_func ("/app/cluster-list/state-sort-rows/bound-while-shown", GINT_TO_POINTER (FALSE), test_state_sort_rows);
  g_test_add_data_func ("/app/cluster-list/state-sort-rows/bound-until-rebound", GINT_TO_POINTER (TRUE), test_state_sort_rows);
  return g_test_run ();
}
