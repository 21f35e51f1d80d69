/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The export's save dialog as GTK shows it (no portal): choosing the
 * workbook's file type turns the name typed from .csv to .xlsx, and the
 * CSV type turns it back, so that GTK asks whether to replace the file
 * that will be written and not a CSV file of the same name. The oracle
 * is GTK's own dialog: the name in its entry and the file it returns.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-export-dialog.h"
#include "pr-test-ui.h"

/* The dialog's file type menu: the drop-down whose items are file filters. */
static GtkDropDown *
type_menu (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget) && gtk_drop_down_get_model (GTK_DROP_DOWN (widget)) != NULL
      && g_list_model_get_item_type (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) == GTK_TYPE_FILE_FILTER)
    return GTK_DROP_DOWN (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found = type_menu (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
spin (void)
{
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The type @index picked from the menu, as the clerk does: the name in
 * GTK's dialog and the file the export writes end in @suffix. */
static void
choose_type (GtkFileChooser *shown,
             GtkDropDown    *menu,
             guint           index,
             const char     *suffix)
{
  g_autofree char *name = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *written = NULL;

  gtk_drop_down_set_selected (menu, index);
  spin ();
  name = gtk_file_chooser_get_current_name (shown);
  g_test_message ("type %u: %s", index, name);
  g_assert_true (g_str_has_suffix (name, suffix));
  file = pr_export_dialog_get_file (shown);
  g_assert_nonnull (file);
  written = g_file_get_basename (file);
  g_assert_cmpstr (written, ==, name);
}

static void
test_name_follows_type (void)
{
  GtkWidget *parent = gtk_window_new ();
  GtkWidget *dialog;
  GtkFileChooser *shown;
  GtkDropDown *menu;
  g_autofree char *name = NULL;

  gtk_window_present (GTK_WINDOW (parent));
  dialog = pr_export_dialog_new (GTK_WINDOW (parent), "petitions", NULL, 2, 5);
  gtk_window_present (GTK_WINDOW (dialog));
  spin ();
  shown = GTK_FILE_CHOOSER (dialog);
  menu = type_menu (GTK_WIDGET (shown));
  g_assert_nonnull (menu);
  name = gtk_file_chooser_get_current_name (shown);
  g_assert_true (g_str_has_suffix (name, ".csv"));

  /* The workbook's type, then back to CSV. */
  choose_type (shown, menu, 1, ".xlsx");
  choose_type (shown, menu, 0, ".csv");

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (parent));
  spin ();
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 77;
  g_test_add_func ("/app/export-dialog/name-follows-type", test_name_follows_type);
  return g_test_run ();
}
