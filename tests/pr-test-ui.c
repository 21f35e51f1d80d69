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
  GtkFilterListModel *filtered = GTK_FILTER_LIST_MODEL (gtk_single_selection_get_model (selection));
  GtkSortListModel *sorted = GTK_SORT_LIST_MODEL (gtk_filter_list_model_get_model (filtered));
  PrWindow *window = PR_WINDOW (gtk_widget_get_root (column_view));

  return pr_session_get_list_complete (pr_window_get_session (window))
         && gtk_filter_list_model_get_pending (filtered) == 0 && gtk_sort_list_model_get_pending (sorted) == 0;
}

/* Whether @widget or a widget inside it shows text: a button's label. */
static gboolean
shows_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (shows_text (child))
      return TRUE;
  return FALSE;
}

/* Whether a screen reader has a name for @widget: its accessible label,
 * a label that labels it (a mnemonic label sets that relation), or, for
 * buttons, the text they show. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
         gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY) ||
         ((GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget)) && shows_text (widget));
}

static void
collect_unnamed (GtkWidget *widget,
                 GString   *problems)
{
  gboolean control = GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) ||
                     GTK_IS_ENTRY (widget) || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_PASSWORD_ENTRY (widget) ||
                     GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_SWITCH (widget) ||
                     GTK_IS_SCALE (widget);

  /* The title bar's close, minimise and maximise are GTK's, named by GTK. */
  if (GTK_IS_WINDOW_CONTROLS (widget))
    return;
  /* The button inside a menu button is named by the menu button. */
  if (GTK_IS_BUTTON (widget) && GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    control = FALSE;
  if (control)
    {
      gboolean labelled = shows_text (widget) || gtk_widget_get_tooltip_text (widget) != NULL ||
                          gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);

      if (!has_accessible_name (widget) || !labelled)
        {
          g_string_append_printf (problems, "  %s: ", !has_accessible_name (widget) ? "no accessible name"
                                                                                     : "neither a tooltip nor a label");
          /* Where it is: its name, or its type, up to the window. */
          for (GtkWidget *w = widget; w != NULL && !GTK_IS_WINDOW (w); w = gtk_widget_get_parent (w))
            g_string_append_printf (problems, "%s%s", w == widget ? "" : " in ",
                                    *gtk_widget_get_name (w) != '\0' ? gtk_widget_get_name (w) : G_OBJECT_TYPE_NAME (w));
          g_string_append_c (problems, '\n');
        }
      /* A control's own parts (a spin button's arrows, a drop-down's
       * list) are GTK's, named by GTK. */
      if (!GTK_IS_BUTTON (widget) && !GTK_IS_CHECK_BUTTON (widget))
        return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_unnamed (child, problems);
}

/**
 * pr_test_unnamed_controls:
 *
 * Returns: (transfer full) (nullable): a line for every button, check box,
 *   entry, drop-down or spin button inside @widget with no accessible name
 *   or with neither a tooltip nor a visible label; %NULL when there is none
 */
char *
pr_test_unnamed_controls (GtkWidget *widget)
{
  GString *problems = g_string_new (NULL);

  collect_unnamed (widget, problems);
  if (problems->len == 0)
    {
      g_string_free (problems, TRUE);
      return NULL;
    }
  return g_string_free (problems, FALSE);
}
