/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back to a table: the mapping page offers its last complete scan
 * (win.open-last-scan), opened from the store without reading the whole
 * table; the window says which scan the review shows, with the rescan at
 * hand; what needs every record asks for a rescan first.
 */
#define G_LOG_DOMAIN "pr-window-reopen"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-application.h"
#include "pr-chain-view.h"
#include "pr-window-private.h"

/* A scan's end as the reviewer reads it, in local time. */
static char *
format_scan_time (gint64 seconds)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (seconds);

  return g_date_time_format (when, "%Y-%m-%d %H:%M");
}

static void
show_last_scan (PrWindow *self)
{
  PrMappingPage *page = PR_MAPPING_PAGE (self->mapping_page);
  g_autofree char *when = NULL;
  g_autofree char *label = NULL;
  g_autofree char *tooltip = NULL;

  if (self->last_scan == NULL)
    {
      pr_mapping_page_show_last_scan (page, NULL, NULL, FALSE);
      return;
    }
  when = format_scan_time (self->last_scan->finished_at);
  if (self->last_scan_same_mapping)
    {
      /* Translators: a button; %s is the date and time the scan ended */
      label = g_strdup_printf (_("Open the _Last Scan (%s)"), when);
      tooltip = g_strdup_printf (_("Review the cases of the scan of %s as they were saved, without reading the "
                                   "whole table again; records deleted since show as missing"), when);
    }
  else
    {
      /* Translators: a disabled button; %s is the date and time the scan ended */
      label = g_strdup_printf (_("The last scan (%s) used other columns: scan again"), when);
      tooltip = g_strdup_printf (_("The scan of %s read the table with another mapping (%s); its cases do not "
                                   "answer for the columns chosen now. Scan the table to review it."),
                                 when, self->last_scan->mapping);
    }
  pr_mapping_page_show_last_scan (page, label, tooltip, self->last_scan_same_mapping);
}

typedef struct {
  PrWindow *window;
  guint     lookup;
} Lookup;

static void
last_scan_found (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Lookup *lookup = user_data;
  g_autoptr(PrWindow) self = lookup->window;
  g_autoptr(GError) error = NULL;
  gboolean same_mapping = FALSE;
  PrStoredScan *scan = pr_session_find_last_scan_finish (PR_SESSION (object), result, &same_mapping, &error);
  gboolean stale = lookup->lookup != self->last_scan_lookup;

  g_free (lookup);
  if (stale)
    {
      pr_stored_scan_free (scan);
      return;
    }
  /* None, or the store cannot say: nothing to offer, the scan remains. */
  if (scan == NULL && !g_error_matches (error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_NONE))
    g_debug ("cannot look for the last scan: %s", error->message);
  g_clear_pointer (&self->last_scan, pr_stored_scan_free);
  self->last_scan = scan;
  self->last_scan_same_mapping = same_mapping;
  show_last_scan (self);
  _pr_window_actions_update (self);
}

/* The mapping page's table or columns changed: is there a scan of it? */
static void
look_for_last_scan (PrWindow *self)
{
  PrMappingPage *page = PR_MAPPING_PAGE (self->mapping_page);
  const char *table = pr_mapping_page_get_table (page);
  g_autoptr(PrMapping) mapping = NULL;
  Lookup *lookup;

  self->last_scan_lookup++;
  if (table == NULL || pr_session_get_tables (self->session) == NULL)
    {
      g_clear_pointer (&self->last_scan, pr_stored_scan_free);
      show_last_scan (self);
      return;
    }
  /* A mapping that cannot be made yet compares as another one. */
  mapping = pr_mapping_page_make_mapping (page, NULL);
  lookup = g_new (Lookup, 1);
  lookup->window = g_object_ref (self);
  lookup->lookup = self->last_scan_lookup;
  pr_session_find_last_scan_async (self->session, table, mapping, last_scan_found, lookup);
}

/* The opened scan's pairs on shared passages, read: the pair graph of the
 * case on show drawn again with them, and its pair explained again
 * without the scan's boilerplate. */
static void
passages_read (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  PrCompareView *compare = pr_review_page_get_compare_view (PR_REVIEW_PAGE (self->review_page));
  PrClusterItem *item = pr_compare_view_get_item (compare);

  if (!pr_session_read_passages_finish (PR_SESSION (object), result, &error))
    {
      pr_window_show_error (self, _("Cannot read the shared passages of the last scan: the pair graph shows "
                                    "only the pairs within k; scan the table again to see them"), error);
      return;
    }
  if (item != NULL)
    {
      pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (compare)), self->session, item);
      pr_compare_view_explain_again (compare);
    }
}

static void
opened (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  _pr_window_end_work (self);
  if (!pr_session_scan_finish (PR_SESSION (object), result, &error))
    {
      pr_window_show_error (self, _("Cannot open the last scan; scan the table instead"), error);
      pr_mapping_page_suggest_scan (PR_MAPPING_PAGE (self->mapping_page));
      return;
    }
  _pr_window_show_review (self);
  pr_session_read_passages_async (self->session, passages_read, g_object_ref (self));
}

static void
open_last_scan_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  PrWindow *self = user_data;
  PrMappingPage *page = PR_MAPPING_PAGE (self->mapping_page);
  const char *table = pr_mapping_page_get_table (page);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_page_make_mapping (page, &error);
  g_autofree char *what = NULL;

  if (mapping == NULL)
    {
      pr_window_show_error (self, _("Cannot open the last scan"), error);
      return;
    }
  pr_session_set_date_order (self->session, pr_mapping_page_get_date_order (page));
  what = g_strdup_printf (_("Opening the last scan of “%s”"), table);
  _pr_window_start_work (self, what);
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
  pr_session_open_last_scan_async (self->session, table, mapping, self->work, opened, g_object_ref (self));
}

static const GActionEntry reopen_actions[] = {
  { "open-last-scan", open_last_scan_activated },
};

void
_pr_window_reopen_init (PrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), reopen_actions, G_N_ELEMENTS (reopen_actions), self);
  g_signal_connect_object (self->mapping_page, "changed", G_CALLBACK (look_for_last_scan), self, G_CONNECT_SWAPPED);
}

/* The action's state, and the bar that names the scan under review. */
void
_pr_window_reopen_update (PrWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "open-last-scan");
  gint64 scanned_at = pr_session_get_scanned_at (self->session);
  gboolean reviewing = g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "review") == 0;
  g_autofree char *when = NULL;
  g_autoptr(GString) text = NULL;
  GPtrArray *missing;

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->work == NULL && self->last_scan != NULL &&
                               self->last_scan_same_mapping);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->scan_bar), reviewing && scanned_at > 0);
  if (!reviewing || scanned_at == 0)
    return;

  when = format_scan_time (scanned_at);
  text = g_string_new (NULL);
  if (pr_session_get_from_store (self->session))
    {
      /* Translators: %s is the date and time the scan ended */
      g_string_printf (text, _("Last scan: %s, opened as saved, without reading the whole table again. The threshold "
                               "preview and another distance need a new scan."), when);
      missing = pr_session_get_missing (self->session);
      if (missing != NULL && missing->len > 0)
        {
          g_string_append_c (text, ' ');
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u of its records has been deleted from the "
                                                     "table since: it shows as deleted, empty.",
                                                     "%u of its records have been deleted from the table since: "
                                                     "they show as deleted, empty.", missing->len), missing->len);
        }
    }
  else
    /* Translators: %s is the date and time the scan ended */
    g_string_printf (text, _("Last scan: %s."), when);
  gtk_label_set_text (GTK_LABEL (self->scan_label), text->str);
}

/* A scan ended, or the last one was opened: the table's last scan is
 * another now. */
void
_pr_window_reopen_scanned (PrWindow *self)
{
  look_for_last_scan (self);
}

static void
rescan_answered (GtkDialog *dialog,
                 int        response,
                 PrWindow  *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    g_action_group_activate_action (G_ACTION_GROUP (self), "scan", NULL);
}

/* What needs every record of the table, with a review opened from the
 * store: asks to scan again. Returns: whether it asked. */
gboolean
_pr_window_reopen_ask_rescan (PrWindow *self)
{
  g_autofree char *when = NULL;
  GtkWidget *dialog;

  if (!pr_session_get_from_store (self->session))
    return FALSE;
  when = format_scan_time (pr_session_get_scanned_at (self->session));
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("The threshold preview needs every record of the table"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("This review is the scan of %s, opened as saved, without reading the "
                                              "whole table. Scan the table again now? The decisions are kept."),
                                            when);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Scan Again"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_widget_set_name (dialog, "ask-rescan");
  pr_application_add_transient (GTK_WINDOW (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (rescan_answered), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}
