/* pr-focus.c — the focus moved out of widgets about to be removed.
 *
 * GTK 4.8 drops a removed widget's focus late: a focused selectable
 * label (the clerk clicked into a record's text to copy it) removed with
 * its cells leaves the window asking whether the freed label is an
 * ancestor of the next focus (a critical, a read of freed memory). So
 * the focus is moved out before the removal, to a widget that stays.
 */

#include "config.h"

#include "pr-focus.h"

/* When the focus is on @leaving or inside it, gives it to @to (or, when
 * @to takes none, to nothing) before @leaving is removed. */
void
pr_focus_leave (GtkWidget *leaving,
                GtkWidget *to)
{
  GtkRoot *root = gtk_widget_get_root (leaving);
  GtkWidget *focus;

  if (root == NULL)
    return;
  focus = gtk_root_get_focus (root);
  if (focus == NULL || (focus != leaving && !gtk_widget_is_ancestor (focus, leaving)))
    return;
  if (to != NULL && gtk_widget_get_root (to) == root &&
      (gtk_widget_grab_focus (to) || gtk_widget_child_focus (to, GTK_DIR_TAB_FORWARD)))
    {
      focus = gtk_root_get_focus (root);
      if (focus != NULL && focus != leaving && !gtk_widget_is_ancestor (focus, leaving))
        return;
    }
  gtk_root_set_focus (root, NULL);
}
