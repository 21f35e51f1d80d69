/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the ui test and bench-ui share: finding the window's widgets, and
 * knowing when the cluster list has settled. */
#include "config.h"

#include "pr-test-ui.h"

#include "pr-session.h"
#include "pr-window.h"

/**
 * pr_test_find_widget:
 * @name: (nullable): the widget's name (gtk_widget_get_name()), when a
 *   type alone is ambiguous: a dropdown holds a search entry of its own
 *
 * Returns: (transfer none) (nullable): the first widget of @type, depth first
 */
GtkWidget *
pr_test_find_widget (GtkWidget  *widget,
                     GType       type,
                     const char *name)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && (name == NULL || g_strcmp0 (gtk_widget_get_name (widget), name) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pr_test_find_widget (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The cluster list is filled in turns, then filtered and sorted
 * incrementally: TRUE once all is done. */
gboolean
pr_test_list_settled (gpointer column_view)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (column_view));
  GtkSortListModel *sorted = GTK_SORT_LIST_MODEL (gtk_single_selection_get_model (selection));
  GtkFilterListModel *filtered = GTK_FILTER_LIST_MODEL (gtk_sort_list_model_get_model (sorted));
  PrWindow *window = PR_WINDOW (gtk_widget_get_root (column_view));

  return pr_session_get_list_complete (pr_window_get_session (window))
         && gtk_filter_list_model_get_pending (filtered) == 0 && gtk_sort_list_model_get_pending (sorted) == 0;
}
