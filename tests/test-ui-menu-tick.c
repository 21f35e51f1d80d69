/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The review page's drop-down menus, open, with the application's
 * stylesheet and in Chinese: in every item the tick that marks the
 * choice stands apart from the item's text (GTK packs them edge to edge).
 * The oracle is the widgets' own allocations.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-application.h"
#include "pr-review-page.h"
#include "pr-test-ui.h"

/* The least room between a text and its tick, in pixels. */
#define TICK_GAP 4

/* The rows of @widget's list that hold a label and then an image, laid
 * out; with @check, each checked: the image begins TICK_GAP or more after
 * the label ends. */
static guint
walk_rows (GtkWidget *widget,
           gboolean   check)
{
  GtkWidget *label = gtk_widget_get_first_child (widget);
  GtkWidget *tick = gtk_widget_get_last_child (widget);
  guint n = 0;

  if (GTK_IS_BOX (widget) && GTK_IS_LABEL (label) && GTK_IS_IMAGE (tick) && gtk_widget_get_visible (tick))
    {
      graphene_rect_t text, mark;

      if (!check)
        return gtk_widget_compute_bounds (label, widget, &text) && text.size.width > 0;
      g_assert_true (gtk_widget_compute_bounds (label, widget, &text));
      g_assert_true (gtk_widget_compute_bounds (tick, widget, &mark));
      g_assert_cmpfloat (text.size.width, >, 0);
      g_test_message ("%s: text ends at %.0f, the tick begins at %.0f", gtk_label_get_text (GTK_LABEL (label)),
                      text.origin.x + text.size.width, mark.origin.x);
      g_assert_cmpfloat (mark.origin.x - (text.origin.x + text.size.width), >=, TICK_GAP);
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += walk_rows (child, check);
  return n;
}

static GtkPopover *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return GTK_POPOVER (child);
  return NULL;
}

typedef struct {
  GtkWidget *menu;
  guint      n_items;
} Menu;

/* @data's popover is mapped and holds a row laid out for every item. */
static gboolean
menu_open (gpointer data)
{
  Menu *menu = data;
  GtkPopover *popover = find_popover (menu->menu);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover)) &&
         walk_rows (GTK_WIDGET (popover), FALSE) == menu->n_items;
}

static gboolean
not_mapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

static gboolean
mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static void
check_menu (GtkWidget  *page,
            const char *name)
{
  GtkWidget *menu = pr_test_find_widget (page, GTK_TYPE_DROP_DOWN, name);
  GtkPopover *popover;
  guint n_items;

  g_assert_nonnull (menu);
  n_items = g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (menu)));
  /* Opened as a click on its button does. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pr_test_find_widget (menu, GTK_TYPE_TOGGLE_BUTTON, NULL)), TRUE);
  pr_test_wait_until (menu_open, (&(Menu) { menu, n_items }));
  popover = find_popover (menu);
  g_assert_cmpuint (walk_rows (GTK_WIDGET (popover), TRUE), ==, n_items);
  {
    g_autofree char *base = g_strdup_printf ("menu-tick-%s.png", name);
    g_autofree char *shot = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                              base, NULL);

    /* To look at: the menu as the clerk sees it. */
    pr_test_save_screenshot (GTK_WIDGET (popover), shot);
  }
  gtk_popover_popdown (popover);
  pr_test_wait_until (not_mapped, popover);
}

static void
test_tick_apart (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (PR_TYPE_REVIEW_PAGE, NULL);
  GtkWidget *menu;

  pr_application_load_style (gtk_widget_get_display (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_wait_until (mapped, page);
  menu = pr_test_find_widget (page, GTK_TYPE_DROP_DOWN, "cluster-filter");
  g_test_message ("the state menu's first item: %s",
                  gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (menu))), 0));
  check_menu (page, "cluster-filter");
  check_menu (page, "cluster-kind");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 77;
  pr_test_ui_use_locale (g_getenv ("PR_TEST_LOCALEDIR"));
  g_test_add_func ("/app/review/menu-tick-apart", test_tick_apart);
  return g_test_run ();
}
