/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrPacedModel under random changes of the model it follows (small
 * edits, filters that narrow and widen, new orders), against a brute-force
 * oracle: what it tells of (its items-changed, replayed on a copy) is
 * what it holds at every step, never an item twice (a list view finds
 * a row by its item); once settled it holds the model's items in the
 * model's order; no turn puts in or takes out more than a slice of the
 * rows a view keeps made (an item taken out and put back in the one
 * change keeps its row), but the one change that passes the rest of a
 * new order whole; and a selection model over it keeps the item
 * selected whenever that item stays in the model. Paused while an
 * incremental filter works, it holds the rows before until the filter is
 * done.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-paced-model.h"

#define SLICE 7
/* The rows a list view keeps made, from the top (GTK 4.8 keeps 200). */
#define VIEW_ROWS 200

typedef struct {
  GPtrArray *mirror;       /* the paced model as its signals tell it */
  guint      added_in_view;   /* this turn's rows put in / taken out above VIEW_ROWS */
  guint      removed_in_view;
  guint      changes_in_view; /* this turn's changes above VIEW_ROWS */
} Watch;

static void
assert_each_once (GPtrArray *items)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < items->len; i++)
    if (!g_hash_table_add (seen, items->pdata[i]))
      g_error ("the model holds an item twice: at %u of %u", i, items->len);
}

static void
replay (GListModel *model,
        guint       position,
        guint       removed,
        guint       added,
        Watch      *watch)
{
  g_autoptr(GHashTable) out = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) in = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) out_in_view = g_ptr_array_new ();

  g_assert_cmpuint (position + removed, <=, watch->mirror->len);
  for (guint i = 0; i < removed; i++)
    {
      g_hash_table_add (out, watch->mirror->pdata[position + i]);
      if (position + i < VIEW_ROWS)
        g_ptr_array_add (out_in_view, watch->mirror->pdata[position + i]);
    }
  g_ptr_array_remove_range (watch->mirror, position, removed);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, position + i);

      g_assert_nonnull (item);
      g_ptr_array_insert (watch->mirror, position + i, item);
      g_hash_table_add (in, item);
    }
  /* The rows a view makes and drops: an item both taken out and put
   * back in by the one change keeps its row. */
  for (guint i = position; i < MIN (position + added, VIEW_ROWS); i++)
    if (!g_hash_table_contains (out, watch->mirror->pdata[i]))
      watch->added_in_view++;
  for (guint i = 0; i < out_in_view->len; i++)
    if (!g_hash_table_contains (in, out_in_view->pdata[i]))
      watch->removed_in_view++;
  if (position < VIEW_ROWS)
    watch->changes_in_view++;
  assert_each_once (watch->mirror);
}

static void
assert_holds (GListModel *model,
              GPtrArray  *items)
{
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, items->len);
  for (guint i = 0; i < items->len; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      g_assert_true (item == items->pdata[i]);
    }
}

/* The model's wanted contents, brute force: the pool's items that pass
 * @keep_mod, in the order @order gives. */
static void
set_store (GListStore *store,
           GPtrArray  *pool,
           GRand      *rand,
           guint       how)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));

  switch (how)
    {
    case 0:
      {
        /* A small edit: one item in or out. */
        if (n > 0 && g_rand_boolean (rand))
          g_list_store_remove (store, g_rand_int_range (rand, 0, n));
        else
          {
            GObject *item = pool->pdata[g_rand_int_range (rand, 0, pool->len)];
            guint at;

            if (g_list_store_find (store, item, &at))
              return;
            g_list_store_insert (store, g_rand_int_range (rand, 0, n + 1), item);
          }
        break;
      }
    case 1:
      {
        /* A filter: a random part of the pool, in the pool's order. */
        guint keep = g_rand_int_range (rand, 1, 6);
        g_autoptr(GPtrArray) kept = g_ptr_array_new ();

        for (guint i = 0; i < pool->len; i++)
          if (g_rand_int_range (rand, 0, keep) == 0)
            g_ptr_array_add (kept, pool->pdata[i]);
        g_list_store_splice (store, 0, n, kept->pdata, kept->len);
        break;
      }
    default:
      {
        /* A new order of the same items. */
        g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

        for (guint i = 0; i < n; i++)
          g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (store), i));
        for (guint i = items->len; i > 1; i--)
          {
            guint j = g_rand_int_range (rand, 0, i);
            gpointer t = items->pdata[i - 1];

            items->pdata[i - 1] = items->pdata[j];
            items->pdata[j] = t;
          }
        g_list_store_splice (store, 0, n, items->pdata, items->len);
        break;
      }
    }
}

static GPtrArray *
read_all (GListModel *model)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (items, g_list_model_get_item (model, i));
  return items;
}

static void
keep_selected (GtkSingleSelection *selection,
               GParamSpec         *pspec,
               PrPacedModel       *paced)
{
  pr_paced_model_set_keep (paced, gtk_single_selection_get_selected_item (selection));
}

static void
test_random_changes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(PrPacedModel) paced = pr_paced_model_new (G_LIST_MODEL (store));
  g_autoptr(GtkSingleSelection) selection = NULL;
  Watch watch = { g_ptr_array_new (), 0, 0, 0 };

  for (guint i = 0; i < 1500; i++)
    g_ptr_array_add (pool, g_object_new (G_TYPE_OBJECT, NULL));
  pr_paced_model_set_slice (paced, SLICE);
  g_signal_connect (paced, "items-changed", G_CALLBACK (replay), &watch);
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (paced)));
  gtk_single_selection_set_can_unselect (selection, FALSE);
  /* As the review page does: the item selected is the one kept. */
  g_signal_connect (selection, "notify::selected-item", G_CALLBACK (keep_selected), paced);

  for (guint round = 0; round < 300; round++)
    {
      g_autoptr(GPtrArray) wanted = NULL;
      gpointer selected;
      guint steps = 0;

      /* A row chosen, as a clerk would, on the settled list. */
      pr_paced_model_flush (paced);
      if (g_list_model_get_n_items (G_LIST_MODEL (paced)) > 0)
        gtk_single_selection_set_selected (selection, g_rand_int_range (rand, 0, g_list_model_get_n_items (G_LIST_MODEL (paced))));
      /* Some changes, each followed by a few of the model's turns, so
       * that a change comes while another is passed on. */
      for (guint c = g_rand_int_range (rand, 1, 4); c > 0; c--)
        {
          set_store (store, pool, rand, g_rand_int_range (rand, 0, 3));
          assert_holds (G_LIST_MODEL (paced), watch.mirror);
          for (guint t = g_rand_int_range (rand, 0, 3); t > 0; t--)
            {
              pr_paced_model_step (paced);
              assert_holds (G_LIST_MODEL (paced), watch.mirror);
            }
        }
      selected = gtk_single_selection_get_selected_item (selection);
      wanted = read_all (G_LIST_MODEL (store));
      for (;;)
        {
          gboolean more;

          watch.added_in_view = watch.removed_in_view = watch.changes_in_view = 0;
          more = pr_paced_model_step (paced);
          /* More only as the one change that passes the rest whole. */
          if (more || watch.changes_in_view > 1)
            {
              g_assert_cmpuint (watch.added_in_view, <=, SLICE);
              g_assert_cmpuint (watch.removed_in_view, <=, SLICE);
            }
          assert_holds (G_LIST_MODEL (paced), watch.mirror);
          /* The item chosen stays chosen while the model holds it. */
          if (selected != NULL && g_ptr_array_find (wanted, selected, NULL))
            g_assert_true (gtk_single_selection_get_selected_item (selection) == selected);
          if (!more)
            break;
          g_assert_true (pr_paced_model_get_pending (paced));
          g_assert_cmpuint (++steps, <, 2 * pool->len);
        }
      g_assert_false (pr_paced_model_get_pending (paced));
      assert_holds (G_LIST_MODEL (paced), wanted);
    }
  g_ptr_array_unref (watch.mirror);
}

/* Left to the main loop, a large change is passed on in turns: the
 * model holds the rest only once the loop has run. */
static void
test_idle (void)
{
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(PrPacedModel) paced = pr_paced_model_new (G_LIST_MODEL (store));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint turns = 0;

  for (guint i = 0; i < 1000; i++)
    g_ptr_array_add (items, g_object_new (G_TYPE_OBJECT, NULL));
  pr_paced_model_set_slice (paced, 10);
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  g_assert_true (pr_paced_model_get_pending (paced));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, 0);
  while (pr_paced_model_get_pending (paced))
    {
      g_main_context_iteration (NULL, TRUE);
      turns++;
    }
  g_assert_cmpuint (turns, >, 1);
  assert_holds (G_LIST_MODEL (paced), items);
  /* A small change goes through at once. */
  g_list_store_remove (store, 500);
  g_ptr_array_remove_index (items, 500);
  g_assert_false (pr_paced_model_get_pending (paced));
  assert_holds (G_LIST_MODEL (paced), items);
  /* And a flush passes on the rest at once. */
  g_list_store_remove_all (store);
  g_assert_true (pr_paced_model_get_pending (paced));
  pr_paced_model_flush (paced);
  g_assert_false (pr_paced_model_get_pending (paced));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, 0);
}

static gboolean
find_item (GListModel *model,
           gpointer    wanted)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == wanted)
        return TRUE;
    }
  return FALSE;
}

static gboolean
every_nth (gpointer item,
           gpointer data)
{
  return GPOINTER_TO_UINT (g_object_get_data (item, "index")) % GPOINTER_TO_UINT (data) == 0;
}

static void
pause_while_filtering (GtkFilterListModel *filtered,
                       GParamSpec         *pspec,
                       PrPacedModel       *paced)
{
  pr_paced_model_set_paused (paced, gtk_filter_list_model_get_pending (filtered) > 0);
}

/* Paused while an incremental filter works (GTK's takes every row out,
 * then puts back those that match, 512 per turn; a turn that puts none
 * back tells of no change): the rows told of stay
 * as they were, the item kept with them, until the filter is done; then
 * the model's items pass on as any change, and the paced model holds
 * what the filter keeps, as a brute-force pass over the items finds. */
static void
test_paused (void)
{
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  GtkCustomFilter *filter = gtk_custom_filter_new (every_nth, GUINT_TO_POINTER (2), NULL);
  g_autoptr(GtkFilterListModel) filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (store)),
                                                                      GTK_FILTER (filter));
  g_autoptr(PrPacedModel) paced = pr_paced_model_new (G_LIST_MODEL (filtered));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) before = g_ptr_array_new ();
  g_autoptr(GPtrArray) expected = g_ptr_array_new ();
  gpointer kept;
  guint turns = 0;

  for (guint i = 0; i < 3000; i++)
    {
      GObject *item = g_object_new (G_TYPE_OBJECT, NULL);

      g_object_set_data (item, "index", GUINT_TO_POINTER (i));
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  pr_paced_model_flush (paced);
  for (guint i = 0; i < items->len; i += 2)
    g_ptr_array_add (before, items->pdata[i]);
  assert_holds (G_LIST_MODEL (paced), before);
  kept = items->pdata[1500];
  pr_paced_model_set_keep (paced, kept);

  gtk_filter_list_model_set_incremental (filtered, TRUE);
  g_signal_connect (filtered, "notify::pending", G_CALLBACK (pause_while_filtering), paced);
  /* Sparse: most of the filter's turns put nothing back. */
  gtk_custom_filter_set_filter_func (filter, every_nth, GUINT_TO_POINTER (1500), NULL);
  g_assert_cmpuint (gtk_filter_list_model_get_pending (filtered), >, 0);
  g_assert_true (pr_paced_model_get_pending (paced));
  while (gtk_filter_list_model_get_pending (filtered) > 0)
    {
      assert_holds (G_LIST_MODEL (paced), before);
      g_main_context_iteration (NULL, TRUE);
      turns++;
    }
  g_assert_cmpuint (turns, >, 1);
  while (pr_paced_model_get_pending (paced))
    {
      g_assert_true (find_item (G_LIST_MODEL (paced), kept));
      g_main_context_iteration (NULL, TRUE);
    }
  for (guint i = 0; i < items->len; i++)
    if (i % 1500 == 0)
      g_ptr_array_add (expected, items->pdata[i]);
  assert_holds (G_LIST_MODEL (paced), expected);
  g_signal_handlers_disconnect_by_func (filtered, pause_while_filtering, paced);
}

/* The rows the view has made, as a GTK 4.8 list scrolled to the top
 * keeps them: the first VIEW_ROWS, and the selected item's wherever it
 * is. */
static GHashTable *made_rows;
static gpointer    made_selected;

static gboolean
made_in_view (gpointer item)
{
  return item == made_selected || g_hash_table_contains (made_rows, item);
}

typedef struct {
  guint made_changed; /* rows put in or taken out among the first VIEW_ROWS, this turn */
  guint emissions;
} Growth;

static void
track_made (GListModel *model,
            guint       position,
            guint       removed,
            guint       added,
            Growth     *growth)
{
  guint n = MIN (g_list_model_get_n_items (model), VIEW_ROWS);

  growth->emissions++;
  if (position < VIEW_ROWS)
    growth->made_changed += MIN (position + MAX (removed, added), VIEW_ROWS) - position;
  g_hash_table_remove_all (made_rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      g_hash_table_add (made_rows, item);
    }
}

/* A search cleared: from 10 rows, the selected one among them, to 10^5.
 * Only the rows the view has made are paced; the rows put in past them
 * go in one change, however many: the turns are bounded by the rows
 * made, not by the rows in the list, and no turn changes more than a
 * slice of the rows made. */
static void
test_grow_past_made (void)
{
  enum { N = 100000, SHOWN = 10, GROW_SLICE = 24 };
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(PrPacedModel) paced = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) few = g_ptr_array_new ();
  Growth growth = { 0, 0 };
  guint turns = 0;

  for (guint i = 0; i < N; i++)
    g_ptr_array_add (items, g_object_new (G_TYPE_OBJECT, NULL));
  for (guint i = 0; i < SHOWN; i++)
    g_ptr_array_add (few, items->pdata[i * (N / SHOWN)]);
  g_list_store_splice (store, 0, 0, few->pdata, few->len);
  paced = pr_paced_model_new (G_LIST_MODEL (store));
  pr_paced_model_set_slice (paced, GROW_SLICE);
  pr_paced_model_flush (paced);
  made_rows = g_hash_table_new (NULL, NULL);
  made_selected = few->pdata[SHOWN / 2];
  track_made (G_LIST_MODEL (paced), 0, 0, 0, &growth);
  pr_paced_model_set_made_func (paced, made_in_view);
  pr_paced_model_set_keep (paced, made_selected);
  g_signal_connect (paced, "items-changed", G_CALLBACK (track_made), &growth);

  g_list_store_splice (store, 0, SHOWN, items->pdata, items->len);
  g_assert_true (pr_paced_model_get_pending (paced));
  growth.emissions = 0;
  for (gboolean more = TRUE; more; turns++)
    {
      growth.made_changed = 0;
      more = pr_paced_model_step (paced);
      g_assert_cmpuint (growth.made_changed, <=, GROW_SLICE);
      /* Far fewer than the N / GROW_SLICE of a slice per turn. */
      g_assert_cmpuint (turns, <, 2 * (VIEW_ROWS / GROW_SLICE + 1) + 4);
    }
  g_test_message ("%u turns, %u changes told", turns, growth.emissions);
  assert_holds (G_LIST_MODEL (paced), items);
  g_signal_handlers_disconnect_by_func (paced, track_made, &growth);
  pr_paced_model_set_keep (paced, NULL);
  g_clear_pointer (&made_rows, g_hash_table_unref);
  made_selected = NULL;
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/paced-model/random-changes", test_random_changes);
  g_test_add_func ("/app/paced-model/idle", test_idle);
  g_test_add_func ("/app/paced-model/paused", test_paused);
  g_test_add_func ("/app/paced-model/grow-past-made", test_grow_past_made);
  return g_test_run ();
}
