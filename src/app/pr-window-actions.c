/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrWindow's actions (win.*), and whether each is enabled. Menus, buttons
 * and the application's accelerators name them; the tests activate them.
 */
#define G_LOG_DOMAIN "pr-window-actions"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-help.h"
#include "pr-window-private.h"

#include "pr-connect-dialog.h"
#include "pr-application.h"
#include "pr-export-dialog.h"

/* Actions' enabled state */

void
_pr_window_actions_update (PrWindow *self)
{
  gboolean connected = pr_session_get_tables (self->session) != NULL;
  gboolean reviewing = pr_session_get_counts (self->session) != NULL;
  /* No case while the one chosen is read: the view still shows the last. */
  PrClusterItem *item = pr_review_page_get_fetching (PR_REVIEW_PAGE (self->review_page))
                        ? NULL : pr_compare_view_get_item (COMPARE_VIEW (self));
  const char *selected = pr_compare_view_get_selected_id (COMPARE_VIEW (self));
  gboolean idle = self->work == NULL;
  gboolean on_member = item != NULL && selected != NULL &&
                       g_strcmp0 (selected, pr_cluster_item_get_primary_id (item)) != 0;
  /* A record found another matter has left the case: it cannot lead it
   * (History's Restore brings it back). */
  gboolean on_kept_member = on_member;

  for (guint m = 0; on_member && m < pr_cluster_item_get_n_members (item); m++)
    if (g_strcmp0 (pr_cluster_item_get_member (item, m)->id, selected) == 0 &&
        pr_cluster_item_get_member (item, m)->state == PR_MEMBER_NOT_REPEAT)
      on_kept_member = FALSE;
  struct { const char *name; gboolean enabled; } states[] = {
    { "connect", idle },
    { "connect-recent", idle },
    { "open-sample", idle },
    { "scan", idle && connected && pr_mapping_page_get_table (PR_MAPPING_PAGE (self->mapping_page)) != NULL },
    { "cancel", !idle },
    { "export", idle && reviewing },
    { "export-to", idle && reviewing },
    { "thresholds", idle && reviewing },
    { "intake", reviewing },
    { "intake-record", reviewing },
    { "intake-verdict", reviewing },
    { "mark-repeat", on_member },
    { "mark-not-repeat", on_member },
    { "make-primary", on_kept_member },
    { "merge", item != NULL },
    { "split-bridge", item != NULL },
    { "restore", item != NULL },
    /* Decisions are about a scanned table's records: none before one. */
    { "history", reviewing },
    { "undo", pr_session_get_can_undo (self->session) },
    { "redo", pr_session_get_can_redo (self->session) },
    { "next-unreviewed", reviewing },
    { "next-difference", item != NULL },
    { "next-undecided", item != NULL },
    { "next-record", item != NULL },
    { "previous-record", item != NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), states[i].name);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), states[i].enabled);
    }
  /* A menu button takes no action: its own sensitivity follows win.history. */
  gtk_widget_set_sensitive (self->history_button, reviewing);
  /* A note typed with no scan to review would go with a decision made
   * long after, on another page. */
  gtk_widget_set_sensitive (self->note_entry, reviewing);
  _pr_window_reopen_update (self);
}

/* Connect */

static void
connect_response (PrConnectDialog    *dialog,
                  PrConnectionParams *params,
                  gpointer            user_data)
{
  PrWindow *self = user_data;

  if (params == NULL)
    return;
  pr_window_connect_to (self, pr_connection_params_copy (params));
  self->to_remember = pr_connection_params_copy (params);
  self->keep_password = pr_connect_dialog_get_keep_password (dialog) && params->password != NULL;
}

/* The connect dialog; filled with the saved connection @profile (most
 * recent first) unless it is -1. */
static void
open_connect_dialog (PrWindow *self,
                     gint64    profile)
{
  PrConnectDialog *dialog = pr_connect_dialog_new (GTK_WINDOW (self), self->settings);

  g_signal_connect_object (dialog, "connect", G_CALLBACK (connect_response), self, 0);
  if (profile >= 0)
    pr_connect_dialog_select_profile (dialog, (guint) profile);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
connect_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  open_connect_dialog (user_data, -1);
}

/* A recent connection of the start page. */
static void
connect_recent_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  open_connect_dialog (user_data, g_variant_get_uint32 (parameter));
}

static void
open_sample_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  pr_window_open_sample (user_data);
}

/* Scan */

static void
scanned (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  _pr_window_end_work (self);
  if (!pr_session_scan_finish (PR_SESSION (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        pr_review_page_set_summary (PR_REVIEW_PAGE (self->review_page), _("The scan was cancelled; nothing was changed."));
      else
        pr_window_show_error (self, _("The scan failed; nothing of it was saved"), error);
      return;
    }
  _pr_window_show_review (self);
  if (pr_session_take_undo_lost (PR_SESSION (object)))
    pr_window_show_notice (self, _("The last decision can no longer be undone: the rescan grouped its "
                                   "records differently. To take it back, open the record's history."));
  _pr_window_resume_rescanned (self);
}

/* A scan done, or the last one opened: the review. */
void
_pr_window_show_review (PrWindow *self)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), FALSE);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "review");
  pr_review_page_refilter (PR_REVIEW_PAGE (self->review_page));
  _pr_window_update_title (self);
  pr_review_page_update_summary (PR_REVIEW_PAGE (self->review_page));
  _pr_window_reopen_scanned (self);
  _pr_window_actions_update (self);
  pr_review_page_focus_list (PR_REVIEW_PAGE (self->review_page));
  _pr_window_resume (self);
}

static void
scan_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  PrWindow *self = user_data;
  PrMappingPage *page = PR_MAPPING_PAGE (self->mapping_page);
  const char *table = pr_mapping_page_get_table (page);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_page_make_mapping (page, &error);
  g_autofree char *what = NULL;
  g_autoptr(GVariant) skip = NULL;

  if (mapping == NULL)
    {
      pr_window_show_error (self, _("Cannot scan"), error);
      return;
    }
  skip = g_action_group_get_action_state (G_ACTION_GROUP (self), "skip-bad-rows");
  pr_session_set_skip_bad_rows (self->session, g_variant_get_boolean (skip));
  pr_session_set_date_order (self->session, pr_mapping_page_get_date_order (page));
  what = g_strdup_printf (_("Scanning “%s”"), table);
  _pr_window_resume_remember (self);
  _pr_window_start_work (self, what);
  pr_review_page_clear (PR_REVIEW_PAGE (self->review_page), _("Scanning…"));
  pr_session_scan_async (self->session, table, mapping,
                         pr_mapping_page_get_k (page),
                         _pr_window_show_progress, self, self->work, scanned, g_object_ref (self));
}

static void
cancel_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  PrWindow *self = user_data;

  if (self->work != NULL)
    g_cancellable_cancel (self->work);
}

/* Decide */

/* A step (a decision, undo, redo, split or restore) was logged, or not. */
void
_pr_window_decided (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) item = pr_session_decide_finish (PR_SESSION (object), result, &error);
  PrClusterItem *shown = pr_compare_view_get_item (COMPARE_VIEW (self));

  if (item == NULL)
    {
      /* The note stays in its field, for the decision made again. */
      self->note_sent = FALSE;
      pr_window_show_error (self, _("The decision was not recorded"), error);
    }
  else
    _pr_window_decision_recorded (self);
  /* Even a failed step may have logged part of itself: show what is. */
  /* The list shows the new state at once (its cells follow the item);
   * a cluster now reviewed stays where it is, under the reviewer's eyes,
   * until the filter is changed: refiltering would move the selection
   * away. Ctrl+J goes on to the next unreviewed one. */
  /* Not while another case chosen meanwhile is loading: that one is
   * what the clerk wants to see now. */
  if (shown != NULL && !pr_review_page_get_fetching (PR_REVIEW_PAGE (self->review_page)))
    pr_review_page_show_decided (PR_REVIEW_PAGE (self->review_page), shown);
  pr_review_page_update_summary (PR_REVIEW_PAGE (self->review_page));
  _pr_window_actions_update (self);
}

static const char *
action_of_verdict (PrVerdict verdict)
{
  switch (verdict)
    {
    case PR_VERDICT_REPEAT: return "mark-repeat";
    case PR_VERDICT_NOT_REPEAT: return "mark-not-repeat";
    case PR_VERDICT_PRIMARY: return "make-primary";
    default: return "merge";
    }
}

static void
decide (PrWindow  *self,
        PrVerdict  verdict)
{
  PrClusterItem *item = pr_compare_view_get_item (COMPARE_VIEW (self));
  const char *selected = pr_compare_view_get_selected_id (COMPARE_VIEW (self));

  if (item == NULL || !_pr_window_prepare_decision (self, action_of_verdict (verdict), NULL))
    return;
  pr_session_decide_async (self->session, item, verdict, selected, _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}

static void
mark_repeat_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  decide (user_data, PR_VERDICT_REPEAT);
}

static void
mark_not_repeat_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  decide (user_data, PR_VERDICT_NOT_REPEAT);
}

static void
make_primary_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  decide (user_data, PR_VERDICT_PRIMARY);
}

static void
merge_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  decide (user_data, PR_VERDICT_MERGED);
}

/* win.split-bridge (ss): split the cluster shown at the bridge between
 * two of its records (PrChainView's Split Here). */
static void
split_bridge_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;
  PrClusterItem *item = pr_compare_view_get_item (COMPARE_VIEW (self));
  const char *a, *b;

  if (item == NULL || !_pr_window_prepare_decision (self, "split-bridge", parameter))
    return;
  g_variant_get (parameter, "(&s&s)", &a, &b);
  pr_session_split_async (self->session, item, a, b, _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_session_undo_async (self->session, _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}

static void
redo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_session_redo_async (self->session, _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}

static void
next_unreviewed_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_review_page_select_next_unreviewed (PR_REVIEW_PAGE (self->review_page));
  /* On the row of the case chosen, where Tab goes on from: left where it
   * was (nowhere shown, or Rescan first in the window's order), the next
   * Tab and Enter would start what the clerk did not see. */
  pr_review_page_focus_list (PR_REVIEW_PAGE (self->review_page));
}

static void
next_difference_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_next_difference (COMPARE_VIEW (self));
}

static void
next_undecided_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_select_next_undecided (COMPARE_VIEW (self));
  _pr_window_actions_update (self);
}

/* win.advance-after-decision, a toggle in the menu: kept in the settings
 * where there are some. */
static void
advance_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  PrWindow *self = user_data;

  g_simple_action_set_state (action, state);
  g_object_set (COMPARE_VIEW (self), "advance-after-decision", g_variant_get_boolean (state), NULL);
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "advance-after-decision", g_variant_get_boolean (state));
}

static void
next_record_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_select_member (COMPARE_VIEW (self), 1);
  _pr_window_actions_update (self);
}

static void
previous_record_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_select_member (COMPARE_VIEW (self), -1);
  _pr_window_actions_update (self);
}

static void
search_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_review_page_focus_search (PR_REVIEW_PAGE (self->review_page));
}

/* Hides a banner. The focus on its Close button goes back to the page:
 * left to GTK, it lands on the next focusable widget, the other banner's
 * selectable label, whose whole text a focus selects. */
static void
close_banner (PrWindow  *self,
              GtkWidget *revealer)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean inside = focus != NULL && gtk_widget_is_ancestor (focus, revealer);

  gtk_revealer_set_reveal_child (GTK_REVEALER (revealer), FALSE);
  if (inside)
    _pr_window_focus_page (self);
}

/* Gives the focus to the page on show: its list on the review page, else
 * its first control. */
void
_pr_window_focus_page (PrWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "review") == 0)
    pr_review_page_focus_list (PR_REVIEW_PAGE (self->review_page));
  else
    gtk_widget_child_focus (gtk_stack_get_visible_child (GTK_STACK (self->stack)), GTK_DIR_TAB_FORWARD);
}

static void
dismiss_error_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  close_banner (self, self->error_revealer);
}

/* Export */

static void
exported (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint64 rows = pr_session_export_finish (PR_SESSION (object), result, &error);
  g_autofree char *cases = NULL;
  g_autofree char *text = NULL;

  _pr_window_end_work (self);
  if (error != NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        pr_review_page_set_summary (PR_REVIEW_PAGE (self->review_page), _("The export was cancelled; no file was written."));
      else
        pr_window_show_error (self, _("The report was not saved (choose another folder, or free some space)"), error);
      return;
    }
  /* Translators: the start of "Exported 3 cases (12 records) to …" */
  cases = g_strdup_printf (ngettext ("Exported %u case", "Exported %u cases", self->export_cases), self->export_cases);
  /* Translators: %s: "Exported 3 cases"; then the records (rows) and the file */
  text = g_strdup_printf (ngettext ("%s (%llu record) to %s.", "%s (%llu records) to %s.", rows),
                          cases, (unsigned long long) rows, self->export_name);
  /* The next export's chooser opens where this report went. */
  if (self->settings != NULL && self->export_folder != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->export_folder);

      g_settings_set_string (self->settings, "last-export-folder", uri);
    }
  /* Said in the bar under the list, whose line keeps the scan's counts. */
  pr_review_page_update_summary (PR_REVIEW_PAGE (self->review_page));
  gtk_label_set_text (GTK_LABEL (self->export_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->export_revealer), TRUE);
}

/* Whether the export is of every case, not only those shown. */
static gboolean
export_all (PrWindow *self)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (self), "export-scope");

  return g_strcmp0 (g_variant_get_string (state, NULL), "all") == 0;
}

/* Starts the export to @file, of the cases shown or all of them
 * (win.export-scope); used by the file chooser and the tests. */
static void
export_to (PrWindow *self,
           GFile    *file)
{
  g_autoptr(GListModel) shown = NULL;

  if (!export_all (self) && pr_review_page_get_searching (PR_REVIEW_PAGE (self->review_page)))
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_BUSY,
                                                     _("the search is still reading the table's records"));

      pr_window_show_error (self, _("The report was not saved: export when the search has finished, or export all cases"),
                            error);
      return;
    }
  if (!export_all (self))
    shown = pr_review_page_dup_shown (PR_REVIEW_PAGE (self->review_page));
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->export_revealer), FALSE);
  _pr_window_start_work (self, _("Exporting the report"));
  g_free (self->export_name);
  self->export_name = g_file_get_parse_name (file);
  g_clear_object (&self->export_folder);
  self->export_folder = g_file_get_parent (file);
  self->export_cases = shown != NULL ? g_list_model_get_n_items (shown) : pr_session_get_n_clusters (self->session);
  pr_session_export_clusters_async (self->session, file, shown, _pr_window_show_progress, self, self->work,
                                    exported, g_object_ref (self));
}

static void
export_chosen (GtkDialog *dialog,
               int        response,
               gpointer   user_data)
{
  PrWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GFile) file = pr_export_dialog_get_file (GTK_FILE_CHOOSER (dialog));

      /* A workbook's name made from the name typed: the dialog asked
       * about replacing the file named, not this one. Asked again, with
       * the name that will be written. */
      if (file != NULL && chosen != NULL && !g_file_equal (file, chosen) && g_file_query_exists (file, NULL))
        {
          g_autofree char *name = g_file_get_basename (file);

          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
          return;
        }
      g_action_group_change_action_state (G_ACTION_GROUP (self), "export-scope",
                                          g_variant_new_string (pr_export_dialog_get_all (GTK_FILE_CHOOSER (dialog))
                                                                ? "all" : "shown"));
      export_to (self, file);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  PrWindow *self = user_data;
  g_autoptr(GListModel) shown = pr_review_page_dup_shown (PR_REVIEW_PAGE (self->review_page));
  g_autofree char *last_folder = self->settings != NULL ? g_settings_get_string (self->settings, "last-export-folder")
                                                        : NULL;
  GtkWidget *chooser;

  chooser = pr_export_dialog_new (GTK_WINDOW (self), pr_session_get_table (self->session), last_folder,
                                  g_list_model_get_n_items (shown), pr_session_get_n_clusters (self->session));
  /* One of the application's windows: Ctrl+Q quits from it. */
  pr_application_add_transient (GTK_WINDOW (chooser));
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (chooser));
}

/* win.export-to: the report to a path, without a dialog (scripts, tests). */
static void
export_to_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  /* A path, or an address as the file chooser may give (sftp://…). */
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  export_to (user_data, file);
}

/* win.export-scope: "shown" (the list as filtered) or "all". */
static void
export_scope_changed (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       user_data)
{
  const char *scope = g_variant_get_string (value, NULL);

  if (g_strcmp0 (scope, "shown") == 0 || g_strcmp0 (scope, "all") == 0)
    g_simple_action_set_state (action, value);
  else
    g_warning ("win.export-scope is “shown” or “all”, not “%s”", scope);
}

/* win.open-export-folder: the folder of the last report, in the file manager. */
static void
open_export_folder_activated (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  PrWindow *self = user_data;

  if (self->export_folder != NULL)
    pr_help_show_folder (GTK_WINDOW (self), self->export_folder, _("Cannot open the report’s folder"));
}

static void
dismiss_export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  close_banner (self, self->export_revealer);
}

/* The threshold preview */

/* The list now holds the clusters at another k: as after a scan. */
static void
thresholds_applied (PrWindow *self)
{
  pr_review_page_refilter (PR_REVIEW_PAGE (self->review_page));
  pr_review_page_update_summary (PR_REVIEW_PAGE (self->review_page));
  _pr_window_actions_update (self);
  pr_review_page_focus_list (PR_REVIEW_PAGE (self->review_page));
}

/* A sample pair was chosen in the preview: its first record's cluster. */
static void
thresholds_show_record (PrWindow   *self,
                        const char *record_id)
{
  pr_review_page_show_record (PR_REVIEW_PAGE (self->review_page), record_id);
}

static void
thresholds_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  PrWindow *self = user_data;
  PrThresholdDialog *dialog;

  /* Opened from the store, the review lacks the records the preview counts. */
  if (_pr_window_reopen_ask_rescan (self))
    return;
  if (self->threshold_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->threshold_dialog));
      return;
    }
  dialog = pr_threshold_dialog_new (GTK_WINDOW (self), self->session);
  g_signal_connect_object (dialog, "applied", G_CALLBACK (thresholds_applied), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "show-record", G_CALLBACK (thresholds_show_record), self, G_CONNECT_SWAPPED);
  self->threshold_dialog = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->threshold_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Returns: (transfer none) (nullable): the threshold preview, while open */
PrThresholdDialog *
pr_window_get_threshold_dialog (PrWindow *self)
{
  return self->threshold_dialog != NULL ? PR_THRESHOLD_DIALOG (self->threshold_dialog) : NULL;
}

static const GActionEntry win_actions[] = {
  { "connect", connect_activated },
  { "connect-recent", connect_recent_activated, "u" },
  { "open-sample", open_sample_activated },
  { "scan", scan_activated },
  { "skip-bad-rows", NULL, NULL, "false", NULL },
  { "cancel", cancel_activated },
  { "export", export_activated },
  { "export-to", export_to_activated, "s" },
  { "export-scope", NULL, "s", "'shown'", export_scope_changed },
  { "open-export-folder", open_export_folder_activated },
  { "dismiss-export", dismiss_export_activated },
  { "thresholds", thresholds_activated },
  { "intake", _pr_window_intake_activated },
  { "intake-record", _pr_window_intake_activated, "s" },
  { "intake-verdict", _pr_window_intake_verdict_activated, "(ss)" },
  { "mark-repeat", mark_repeat_activated },
  { "mark-not-repeat", mark_not_repeat_activated },
  { "make-primary", make_primary_activated },
  { "merge", merge_activated },
  { "split-bridge", split_bridge_activated, "(ss)" },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "next-unreviewed", next_unreviewed_activated },
  { "next-difference", next_difference_activated },
  { "next-undecided", next_undecided_activated },
  { "advance-after-decision", NULL, NULL, "false", advance_change_state },
  { "next-record", next_record_activated },
  { "previous-record", previous_record_activated },
  { "search", search_activated },
  { "dismiss-error", dismiss_error_activated },
};

/* Escape anywhere on the review page or the header (after F8 the focus
 * is on Next Difference; after the History popover, on its button) that
 * nothing under the focus took goes back to the case list, on the case
 * chosen, as the shortcuts window says. */
static gboolean
escape_to_list (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  PrWindow *self = PR_WINDOW (widget);

  if (gtk_stack_get_visible_child (GTK_STACK (self->stack)) != self->review_page)
    return FALSE;
  pr_review_page_focus_list (PR_REVIEW_PAGE (self->review_page));
  return TRUE;
}

void
_pr_window_actions_init (PrWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (keys, "escape-to-list");
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (escape_to_list, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  if (self->settings != NULL)
    g_action_change_state (g_action_map_lookup_action (G_ACTION_MAP (self), "advance-after-decision"),
                           g_variant_new_boolean (g_settings_get_boolean (self->settings, "advance-after-decision")));
}
