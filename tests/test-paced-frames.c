/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrPacedModel told of the view it feeds: a new order reaches a shown
 * list view a slice per frame, never two slices laid out by one frame
 * (one frame making the rows of several slices was the longest turn of
 * the main loop), and once settled the view's model holds the items in
 * the order a brute-force sort of the same strings gives. A search that
 * leaves one case of many takes out the rest a slice per frame, not a
 * row per frame; one that leaves none takes the chosen case out last.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "pr-paced-model.h"
#include "pr-test-ui.h"

#define N_ITEMS 600
#define SLICE   10

static GQuark bound_quark;
static gboolean reversed;
static guint slices_since_frame, most_slices_in_a_frame, frames, rows_made;

static gboolean
made (gpointer item)
{
  return g_object_get_qdata (item, bound_quark) != NULL;
}

static void
setup (GtkSignalListItemFactory *factory,
       GtkListItem              *list_item)
{
  rows_made++;
  gtk_list_item_set_child (list_item, gtk_label_new (NULL));
}

static void
bind (GtkSignalListItemFactory *factory,
      GtkListItem              *list_item)
{
  GObject *item = gtk_list_item_get_item (list_item);

  g_object_set_qdata (item, bound_quark, GUINT_TO_POINTER (1));
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
}

static void
unbind (GtkSignalListItemFactory *factory,
        GtkListItem              *list_item)
{
  g_object_set_qdata (gtk_list_item_get_item (list_item), bound_quark, NULL);
}

static void
painted (GdkFrameClock *clock)
{
  frames++;
  most_slices_in_a_frame = MAX (most_slices_in_a_frame, slices_since_frame);
  slices_since_frame = 0;
}

static guint turn_idle;

static gboolean
turn_over (gpointer unused)
{
  turn_idle = 0;
  return G_SOURCE_REMOVE;
}

/* A slice puts rows in; what goes at once beyond the rows made only
 * takes rows out. A slice may be told as several changes in its one
 * turn of the main loop (an item moved into place, or put in and its
 * old place taken out): a slice is a turn that puts rows in. */
static void
told (GListModel *model,
      guint       position,
      guint       removed,
      guint       added)
{
  if (added == 0 || turn_idle != 0)
    return;
  slices_since_frame++;
  /* Before anything else in the next turn. */
  turn_idle = g_idle_add_full (G_PRIORITY_HIGH, turn_over, NULL, NULL);
}

static int
by_string (gconstpointer a,
           gconstpointer b,
           gpointer      unused)
{
  int order = strcmp (gtk_string_object_get_string ((GtkStringObject *) a),
                      gtk_string_object_get_string ((GtkStringObject *) b));

  return reversed ? -order : order;
}

/* The oracle: the same strings sorted by qsort (), the other way. */
static int
descending (const void *a,
            const void *b)
{
  return -strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A window showing @paced in a list view whose rows are made by the
 * factory above, each slice waiting for its frame however late it comes
 * (a loaded machine, a sanitizer): counts do not hang on the time.
 * Returns once the view is mapped and the model settled. */
static GtkWidget *
show_in_view_selecting (PrPacedModel      *paced,
                        GtkSelectionModel *selection,
                        GtkWidget        **view_out)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view;

  bound_quark = g_quark_from_static_string ("test-paced-frames-bound");
  g_signal_connect (factory, "setup", G_CALLBACK (setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind), NULL);
  if (selection == NULL)
    selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (paced))));
  view = gtk_list_view_new (selection, factory);
  pr_paced_model_set_made_func (paced, made);
  pr_paced_model_set_slice (paced, SLICE);
  pr_paced_model_set_view (paced, view);
  pr_paced_model_set_frame_wait (paced, 0);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
  gtk_window_present (GTK_WINDOW (window));
  while (pr_paced_model_get_pending (paced) || !gtk_widget_get_mapped (view))
    g_main_context_iteration (NULL, TRUE);
  *view_out = view;
  return window;
}

static GtkWidget *
show_in_view (PrPacedModel *paced,
              GtkWidget   **view_out)
{
  return show_in_view_selecting (paced, NULL, view_out);
}

static void
test_slice_per_frame (void)
{
  g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autofree const char **expected = g_new0 (const char *, N_ITEMS);
  GtkCustomSorter *sorter = gtk_custom_sorter_new (by_string, NULL, NULL);
  GtkSortListModel *sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (strings)), GTK_SORTER (sorter));
  PrPacedModel *paced = pr_paced_model_new (G_LIST_MODEL (sorted));
  GtkWidget *window, *view;
  gulong handler;

  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autofree char *text = g_strdup_printf ("%08x", g_rand_int (rand));

      gtk_string_list_append (strings, text);
    }
  window = show_in_view (paced, &view);
  /* Some frames, so that the view has made its rows. */
  handler = g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (painted), NULL);
  while (frames < 5)
    {
      gtk_widget_queue_draw (view);
      g_main_context_iteration (NULL, TRUE);
    }
  slices_since_frame = most_slices_in_a_frame = rows_made = 0;
  g_signal_connect (paced, "items-changed", G_CALLBACK (told), NULL);
  reversed = TRUE;
  gtk_sorter_changed (GTK_SORTER (sorter), GTK_SORTER_CHANGE_INVERTED);
  g_assert_true (pr_paced_model_get_pending (paced));
  while (pr_paced_model_get_pending (paced))
    g_main_context_iteration (NULL, TRUE);
  painted (NULL);
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (window), handler);
  g_test_message ("at most %u slices between two frames, %u frames", most_slices_in_a_frame, frames);
  g_assert_cmpuint (most_slices_in_a_frame, ==, 1);
  /* Below the row the view is anchored to (the top row), the view's rows
   * are kept, each given another item: the new order makes at most the
   * rows of a slice, not the some 200 the view keeps made. */
  g_test_message ("%u rows made for the new order", rows_made);
  g_assert_cmpuint (rows_made, <=, SLICE);

  for (guint i = 0; i < N_ITEMS; i++)
    expected[i] = gtk_string_list_get_string (strings, i);
  qsort (expected, N_ITEMS, sizeof (char *), descending);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, N_ITEMS);
  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (G_LIST_MODEL (paced), i);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==, expected[i]);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (paced);
  g_object_unref (sorted);
}

static guint turns_told;

static void
told_turn (GListModel *model,
           guint       position,
           guint       removed,
           guint       added)
{
  if (turn_idle != 0)
    return;
  turns_told++;
  turn_idle = g_idle_add_full (G_PRIORITY_HIGH, turn_over, NULL, NULL);
}

/* As a search for one case's number does, with the list at its top: the
 * one case wanted is far down, every row in view goes. Once the case is
 * in place at the top, nothing is left to put in, and the rows below it
 * only go out: a slice of them per turn (a row per frame, the list would
 * show cases that do not match for seconds). */
static void
test_narrowed_to_one (void)
{
  g_autoptr(GListStore) store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  PrPacedModel *paced = pr_paced_model_new (G_LIST_MODEL (store));
  GtkWidget *window, *view;
  g_autoptr(GtkStringObject) wanted = NULL;
  guint n_made = 0, expected_turns;

  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autofree char *text = g_strdup_printf ("case %u", i + 1);
      g_autoptr(GtkStringObject) item = gtk_string_object_new (text);

      g_list_store_append (store, item);
    }
  window = show_in_view (paced, &view);
  for (guint i = 0; i < 10; i++)
    {
      gtk_widget_queue_draw (view);
      g_main_context_iteration (NULL, FALSE);
    }
  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (paced), i);

      n_made += made (item);
    }
  g_test_message ("%u rows made", n_made);
  g_assert_cmpuint (n_made, >, 4 * SLICE);

  /* The one case wanted: inside the rows made, well below the view. */
  wanted = g_list_model_get_item (G_LIST_MODEL (store), n_made - 2);
  turns_told = 0;
  g_signal_connect (paced, "items-changed", G_CALLBACK (told_turn), NULL);
  g_list_store_splice (store, 0, N_ITEMS, (gpointer *) &wanted, 1);
  g_assert_true (pr_paced_model_get_pending (paced));
  while (pr_paced_model_get_pending (paced))
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, 1);
  {
    g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (paced), 0);

    g_assert_true (item == (GObject *) wanted);
  }
  /* The rows made go a slice per turn, the rest at once; a few turns
   * more for the case put in and the slices' rounding. A slice is at
   * least two rows however slow the machine (the model sizes its slices
   * by the time a row took), so the bound is half the rows, not a row
   * per turn. */
  expected_turns = n_made / 2 + 4;
  g_test_message ("%u turns to narrow %u rows made to one", turns_told, n_made);
  g_assert_cmpuint (turns_told, <=, expected_turns);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (paced);
}

/* A search cleared with the case it found last in the list, scrolled to
 * the end: the cases between those shown and it come back above it, the
 * row the view is anchored to. The rows nearest it go in a slice per
 * turn, and past the 256 rows a view may make above its anchor the rest
 * in one: the turns are bounded by those rows, not by the rows of the
 * list (a couple per turn from the front, 10^5 rows took an hour). */
static void
test_widened_above_anchor (void)
{
  g_autoptr(GListStore) store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  PrPacedModel *paced = pr_paced_model_new (G_LIST_MODEL (store));
  GtkWidget *window, *view;
  GObject *found;

  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autofree char *text = g_strdup_printf ("case %u", i + 1);

      g_ptr_array_add (all, gtk_string_object_new (text));
    }
  /* More rows than a page, then the one found. */
  found = all->pdata[N_ITEMS - 1];
  g_list_store_splice (store, 0, 0, all->pdata, 2 * SLICE * 4);
  g_list_store_append (store, found);
  window = show_in_view (paced, &view);
  pr_paced_model_set_keep (paced, found);
  gtk_widget_activate_action (view, "list.scroll-to-item", "u", 2 * SLICE * 4);
  for (guint i = 0; i < 10; i++)
    {
      gtk_widget_queue_draw (view);
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_true (made (found));

  turns_told = 0;
  g_signal_connect (paced, "items-changed", G_CALLBACK (told_turn), NULL);
  g_list_store_splice (store, 0, 2 * SLICE * 4 + 1, all->pdata, all->len);
  g_assert_true (pr_paced_model_get_pending (paced));
  while (pr_paced_model_get_pending (paced))
    {
      g_main_context_iteration (NULL, TRUE);
      /* Never taken out, so that a selection keeps it. */
      g_assert_true (pr_paced_model_holds (paced, found));
    }
  g_test_message ("%u turns to put %u rows in above the anchor", turns_told, N_ITEMS - 1 - 2 * SLICE * 4);
  /* 256 rows at the least slice of two rows, a few turns more. */
  g_assert_cmpuint (turns_told, <=, 256 / 2 + 4);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, N_ITEMS);
  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (paced), i);

      g_assert_true (item == all->pdata[i]);
    }

  pr_paced_model_set_keep (paced, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (paced);
}

/* The cases a selection chose in turn (GTK tells of the selected item
 * when only its place moves, too). */
typedef struct {
  gpointer last;
  guint    changes;
} Choices;

static void
count_choice (GtkSingleSelection *selection,
              GParamSpec         *pspec,
              Choices            *choices)
{
  gpointer item = gtk_single_selection_get_selected_item (selection);

  if (item != choices->last)
    choices->changes++;
  choices->last = item;
}

/* A search that finds nothing while a case of the list is chosen (as
 * the window's list chooses, a single selection that chooses another
 * row when its own goes): the rows go a slice per turn, the chosen one
 * last, so the selection changes once, to none. Taken out with the
 * slice it fell in, the selection chose the row after it, which the
 * next slice took out: the window showed each case going out in turn,
 * which under the sanitizers took minutes. */
static void
test_emptied_keeps_chosen (void)
{
  g_autoptr(GListStore) store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  PrPacedModel *paced = pr_paced_model_new (G_LIST_MODEL (store));
  GtkSingleSelection *selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (paced)));
  GtkWidget *window, *view;
  g_autoptr(GObject) chosen = NULL;
  Choices choices = { NULL, 0 };

  for (guint i = 0; i < 8 * SLICE; i++)
    {
      g_autofree char *text = g_strdup_printf ("case %u", i + 1);
      g_autoptr(GtkStringObject) item = gtk_string_object_new (text);

      g_list_store_append (store, item);
    }
  gtk_single_selection_set_can_unselect (selection, FALSE);
  window = show_in_view_selecting (paced, GTK_SELECTION_MODEL (selection), &view);
  gtk_single_selection_set_selected (selection, 2 * SLICE);
  chosen = g_object_ref (gtk_single_selection_get_selected_item (selection));
  pr_paced_model_set_keep (paced, chosen);
  for (guint i = 0; i < 10; i++)
    {
      gtk_widget_queue_draw (view);
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_true (made (chosen));

  choices.last = chosen;
  g_signal_connect (selection, "notify::selected-item", G_CALLBACK (count_choice), &choices);
  /* As the window's list has it: paused while its filters are worked
   * out, then the whole change. */
  pr_paced_model_set_paused (paced, TRUE);
  g_list_store_remove_all (store);
  pr_paced_model_set_paused (paced, FALSE);
  g_assert_true (pr_paced_model_get_pending (paced));
  while (pr_paced_model_get_pending (paced))
    {
      g_main_context_iteration (NULL, TRUE);
      if (pr_paced_model_holds (paced, chosen))
        g_assert_true (gtk_single_selection_get_selected_item (selection) == chosen);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (paced)), ==, 0);
  g_assert_null (gtk_single_selection_get_selected_item (selection));
  g_test_message ("%u cases chosen in turn", choices.changes);
  g_assert_cmpuint (choices.changes, ==, 1);

  pr_paced_model_set_keep (paced, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (paced);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/paced-model/slice-per-frame", test_slice_per_frame);
  g_test_add_func ("/app/paced-model/narrowed-to-one", test_narrowed_to_one);
  g_test_add_func ("/app/paced-model/widened-above-anchor", test_widened_above_anchor);
  g_test_add_func ("/app/paced-model/emptied-keeps-chosen", test_emptied_keeps_chosen);
  return g_test_run ();
}
