/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrWindow: the main window — a stack of the start page, the mapping of a
 * table and the review (PrStartPage, PrMappingPage, PrReviewPage), under
 * the header bar and the error and progress banners. Everything that
 * touches the database goes through PrSession, off the main thread. The
 * actions are in pr-window-actions.c.
 */
#define G_LOG_DOMAIN "pr-window"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-window-private.h"

#include "pr-history-popover.h"
#include "pr-memory-window.h"
#include "pr-profiles.h"
#include "pr-secret.h"
#include "pr-start-page.h"

G_DEFINE_FINAL_TYPE (PrWindow, pr_window, GTK_TYPE_APPLICATION_WINDOW)

/* Errors and progress */

/**
 * pr_window_show_error:
 * @what: what failed, for the reviewer ("The scan failed")
 *
 * Shows @error in the window's banner: the layers' messages say what
 * happened and what to do.
 */
void
pr_window_show_error (PrWindow     *self,
                      const char   *what,
                      const GError *error)
{
  g_autofree char *what_folded = g_utf8_casefold (what, -1);
  g_autofree char *message_folded = g_utf8_casefold (error->message, -1);
  g_autofree char *text = NULL;

  /* A message that opens with what failed ("cannot connect to …") is not
   * headed by it again: its own first letter is raised instead. */
  if (g_str_has_prefix (message_folded, what_folded))
    {
      const char *rest = g_utf8_next_char (error->message);
      g_autofree char *first = g_utf8_strup (error->message, rest - error->message);

      text = g_strconcat (first, rest, NULL);
    }
  else
    /* Translators: what failed, then why; e.g. "Cannot connect: the server refused…" */
    text = g_strdup_printf (_("%s: %s"), what, error->message);
  pr_window_show_notice (self, text);
}

/* Shows @text, a whole sentence that says what to do, in the banner. */
void
pr_window_show_notice (PrWindow   *self,
                       const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), TRUE);
  g_message ("%s", text);
}

const char *
pr_window_get_error_text (PrWindow *self)
{
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->error_revealer)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->error_label));
}

/* The line under the cluster list: the scan's figures (an export says
 * what it wrote in a bar of its own). */
const char *
pr_window_get_summary_text (PrWindow *self)
{
  return pr_review_page_get_summary (PR_REVIEW_PAGE (self->review_page));
}

/* TRUE while a scan or an export runs. */
gboolean
pr_window_get_busy (PrWindow *self)
{
  return self->work != NULL;
}

void
_pr_window_start_work (PrWindow   *self,
                       const char *what)
{
  g_return_if_fail (self->work == NULL);

  /* Another scan, or the clerk's own work: the case left is not waited for. */
  _pr_window_resume_stop (self);
  self->work = g_cancellable_new ();
  self->work_started = g_get_monotonic_time ();
  g_free (self->work_what);
  self->work_what = g_strdup (what);
  gtk_label_set_text (GTK_LABEL (self->progress_label), what);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->progress_revealer), TRUE);
  _pr_window_actions_update (self);
}

void
_pr_window_end_work (PrWindow *self)
{
  g_clear_object (&self->work);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->progress_revealer), FALSE);
  _pr_window_actions_update (self);
}

/* A #PrScanProgressFunc for the scan and the export. */
void
_pr_window_show_progress (PrScanPhase phase,
                          guint64     records,
                          guint64     done,
                          guint64     total,
                          gpointer    user_data)
{
  PrWindow *self = user_data;
  g_autofree char *text = NULL;
  double fraction = total > 0 ? MIN (1.0, (double) done / total) : 0;

  if (self->work == NULL)
    return;
  switch (phase)
    {
    case PR_SCAN_PHASE_READ:
      {
        double elapsed = (g_get_monotonic_time () - self->work_started) / 1e6;

        if (fraction > 0.02 && elapsed > 1)
          {
            guint remaining = (guint) (elapsed / fraction - elapsed + 0.5);

            /* Translators: what runs, records read, the estimated seconds left */
            text = g_strdup_printf (_("%s: %llu records read, about %u:%02u left"), self->work_what,
                                    (unsigned long long) records, remaining / 60, remaining % 60);
          }
        else
          text = g_strdup_printf (_("%s: %llu records read"), self->work_what, (unsigned long long) records);
        gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), fraction);
      }
      break;
    case PR_SCAN_PHASE_GROUP:
      text = g_strdup_printf (_("%s: %llu records fingerprinted; finding the pairs…"), self->work_what,
                              (unsigned long long) records);
      gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
      break;
    case PR_SCAN_PHASE_CLUSTER:
      text = g_strdup_printf (_("%s: forming the cases…"), self->work_what);
      break;
    case PR_SCAN_PHASE_STORE:
      text = g_strdup_printf (_("%s: saving the fingerprints…"), self->work_what);
      break;
    }
  gtk_label_set_text (GTK_LABEL (self->progress_label), text);
}

/* Title */

void
_pr_window_update_title (PrWindow *self)
{
  const char *description = pr_session_get_description (self->session);
  const char *table = pr_session_get_table (self->session);
  g_autofree char *subtitle = NULL;

  if (description != NULL && table != NULL)
    subtitle = g_strdup_printf ("%s · %s", description, table);
  if (subtitle != NULL && pr_mapping_page_get_write_back (PR_MAPPING_PAGE (self->mapping_page)))
    {
      /* Translators: the window's subtitle while decisions go into the table */
      char *marked = g_strdup_printf (_("%s · writing decisions into the table"), subtitle);

      g_free (subtitle);
      subtitle = marked;
    }
  gtk_label_set_text (GTK_LABEL (self->subtitle_label), subtitle != NULL ? subtitle
                      : description != NULL ? description : "");
  gtk_widget_set_visible (self->subtitle_label, description != NULL);
}

/* Connect */

static void
password_stored (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  /* No keyring: the password is asked next time, as without libsecret. */
  if (!pr_secret_store_finish (result, &error))
    g_message ("The password was not kept in the keyring: %s", error->message);
}

/* A failed connection: the heading says where, and what the window
 * still holds; the text after it why, and what to do. */
static void
show_connect_error (PrWindow     *self,
                    const char   *where,
                    const GError *error)
{
  const char *open = gtk_label_get_text (GTK_LABEL (self->subtitle_label));
  g_autofree char *reason = pr_db_error_dup_reason (error);
  g_autofree char *heading = NULL;
  g_autofree char *text = NULL;

  if (where == NULL)
    {
      pr_window_show_error (self, _("Cannot connect"), error);
      return;
    }
  if (pr_session_get_description (self->session) != NULL && *open != '\0')
    /* Translators: where the connection went, then the database the window still shows */
    heading = g_strdup_printf (_("Not connected to %s; %s stays open"), where, open);
  else
    /* Translators: where the connection went */
    heading = g_strdup_printf (_("Not connected to %s"), where);
  /* Translators: a heading, then why and what to do */
  text = g_strdup_printf (_("%s. Why: %s"), heading, reason);
  pr_window_show_notice (self, text);
}

static void
connected (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) worked = g_steal_pointer (&self->to_remember);
  g_autofree char *where = g_steal_pointer (&self->connecting_to);

  _pr_window_end_work (self);
  /* A failed connection leaves the open database as it was. */
  if (!pr_session_connect_finish (PR_SESSION (object), result, &error))
    {
      show_connect_error (self, where, error);
      return;
    }
  if (worked != NULL && self->settings != NULL)
    pr_profiles_remember (self->settings, worked);
  if (worked != NULL && self->keep_password)
    pr_secret_store_async (worked, NULL, password_stored, NULL);
  /* The session dropped it with the old connection. */
  pr_mapping_page_forget_write_back (PR_MAPPING_PAGE (self->mapping_page));
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), FALSE);
  pr_mapping_page_set_tables (PR_MAPPING_PAGE (self->mapping_page), pr_session_get_tables (self->session),
                              pr_session_get_sample_table (self->session));
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "map");
  _pr_window_update_title (self);
  _pr_window_actions_update (self);
}

/**
 * pr_window_open_sample:
 *
 * Starts the private sample server (the first time, it is made and
 * loaded) and connects to it.
 */
void
pr_window_open_sample (PrWindow *self)
{
  g_clear_pointer (&self->to_remember, pr_connection_params_free);
  _pr_window_start_work (self, _("Starting the sample database"));
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
  pr_session_open_sample_async (self->session, g_getenv ("PETITION_REVIEW_SAMPLE_DIR"), self->work,
                                connected, g_object_ref (self));
}

/* @params: (transfer full) */
void
pr_window_connect_to (PrWindow           *self,
                      PrConnectionParams *params)
{
  g_autofree char *what = pr_connection_params_describe (params);
  g_autofree char *text = g_strdup_printf (_("Connecting to %s"), what);

  g_clear_pointer (&self->to_remember, pr_connection_params_free);
  g_free (self->connecting_to);
  self->connecting_to = g_steal_pointer (&what);
  _pr_window_start_work (self, text);
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
  pr_session_connect_async (self->session, params, self->work, connected, g_object_ref (self));
}

/* The pages */

/* Another reviewer's decision changed @item: the list's cells follow
 * it by themselves; the cluster on show is shown again, as after one's
 * own decision. */
static void
cluster_changed (PrWindow      *self,
                 PrClusterItem *item)
{
  if (item == pr_compare_view_get_item (COMPARE_VIEW (self)) &&
      !pr_review_page_get_fetching (PR_REVIEW_PAGE (self->review_page)))
    pr_review_page_show_cluster (PR_REVIEW_PAGE (self->review_page), item);
  pr_review_page_update_summary (PR_REVIEW_PAGE (self->review_page));
  _pr_window_actions_update (self);
}

/* A pair of the case on show was judged off the main thread: its
 * number and its score replace "judging…". A number new to the headers
 * shows the case again; a score alone (a pair the scan judged) is
 * explained again, without laying the long texts out a second time. */
static void
pair_judged (PrWindow *self,
             guint     a,
             guint     b,
             gboolean  numbered)
{
  PrClusterItem *item = pr_compare_view_get_item (COMPARE_VIEW (self));
  gboolean has_a = FALSE, has_b = FALSE;

  if (item == NULL || !pr_session_holds_item (self->session, item) ||
      pr_review_page_get_fetching (PR_REVIEW_PAGE (self->review_page)))
    return;
  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    {
      guint32 record = pr_cluster_item_get_member (item, m)->record;

      has_a |= record == a;
      has_b |= record == b;
    }
  if (has_a && has_b && numbered)
    pr_compare_view_show_again (COMPARE_VIEW (self), item);
  else if (has_a && has_b)
    pr_compare_view_explain_again (COMPARE_VIEW (self));
}

/* Back in the window, the reviewer sees at once what others decided
 * meanwhile, without waiting for the session's next look. */
static void
active_changed (PrWindow *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)))
    pr_session_refresh_async (self->session, NULL, NULL);
}

static void
page_error (PrWindow     *self,
            const char   *what,
            const GError *error)
{
  pr_window_show_error (self, what, error);
}

/* GObject */

static void
save_window_state (PrWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set (self->settings, "window-size", "(ii)", width, height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  _pr_window_resume_save (self);
}

static gboolean
pr_window_close_request (GtkWindow *window)
{
  PrWindow *self = PR_WINDOW (window);

  /* The stopped work still holds what the window holds. */
  if (pr_memory_window_stopped ())
    pr_memory_window_exit ();
  save_window_state (self);
  if (self->work != NULL)
    g_cancellable_cancel (self->work);
  return GTK_WINDOW_CLASS (pr_window_parent_class)->close_request (window);
}

/* Maximised once constructed: GtkWindow's construction sets its
 * "maximized" property to its default after the instance's init, which
 * would undo it there. */
static void
pr_window_constructed (GObject *object)
{
  PrWindow *self = PR_WINDOW (object);

  G_OBJECT_CLASS (pr_window_parent_class)->constructed (object);
  if (self->settings != NULL && g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
pr_window_dispose (GObject *object)
{
  PrWindow *self = PR_WINDOW (object);

  if (self->work != NULL)
    g_cancellable_cancel (self->work);
  if (self->threshold_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->threshold_dialog), (gpointer *) &self->threshold_dialog);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->threshold_dialog)));
    }
  /* The compare view goes with the template: its last notifications find
   * no window to update. */
  if (self->review_page != NULL)
    g_signal_handlers_disconnect_by_func (COMPARE_VIEW (self), _pr_window_actions_update, self);
  _pr_window_resume_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_WINDOW);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->connecting_to, g_free);
  g_clear_pointer (&self->to_remember, pr_connection_params_free);
  g_clear_object (&self->work);
  g_clear_pointer (&self->work_what, g_free);
  g_clear_pointer (&self->export_name, g_free);
  g_clear_object (&self->export_folder);
  g_clear_pointer (&self->last_scan, pr_stored_scan_free);

  G_OBJECT_CLASS (pr_window_parent_class)->dispose (object);
}

static void
pr_window_class_init (PrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = pr_window_constructed;
  object_class->dispose = pr_window_dispose;
  window_class->close_request = pr_window_close_request;

  g_type_ensure (PR_TYPE_START_PAGE);
  g_type_ensure (PR_TYPE_MAPPING_PAGE);
  g_type_ensure (PR_TYPE_REVIEW_PAGE);
  g_type_ensure (PR_TYPE_HISTORY_POPOVER);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrWindow, name)
  BIND (title_label);
  BIND (subtitle_label);
  BIND (error_revealer);
  BIND (error_label);
  BIND (progress_revealer);
  BIND (progress_label);
  BIND (progress_bar);
  BIND (stack);
  BIND (mapping_page);
  BIND (review_page);
  BIND (export_revealer);
  BIND (export_label);
  BIND (history_button);
  BIND (history_popover);
  BIND (note_entry);
  BIND (scan_bar);
  BIND (scan_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, page_error);
  gtk_widget_class_bind_template_callback (widget_class, _pr_window_actions_update);
  gtk_widget_class_bind_template_callback (widget_class, _pr_window_update_title);
}

static void
pr_window_init (PrWindow *self)
{
  GSettingsSchema *schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                             "org.petitionreview.PetitionReview", TRUE);
  const char *reviewer = g_get_real_name ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* A selectable label that GTK gives the focus (the first focusable as
   * the window opens or a focused button turns insensitive, and so a
   * banner's text) would show its text selected whole, as if copied.
   * Text is selected by the clerk's own hand only. */
  g_object_set (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-label-select-on-focus", FALSE, NULL);

  /* Without the installed schema (a build tree): nothing is remembered. */
  if (schema != NULL)
    {
      int width, height;

      self->settings = g_settings_new ("org.petitionreview.PetitionReview");
      g_settings_get (self->settings, "window-size", "(ii)", &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self), width, height);
      g_settings_schema_unref (schema);
    }

  if (reviewer == NULL || g_strcmp0 (reviewer, "Unknown") == 0)
    reviewer = g_get_user_name ();
  self->session = pr_session_new (reviewer);
  pr_mapping_page_set_session (PR_MAPPING_PAGE (self->mapping_page), self->session);

  _pr_window_actions_init (self);
  _pr_window_history_init (self);
  _pr_window_reopen_init (self);
  _pr_window_judge_init (self);
  g_signal_connect_object (self->session, "notify::can-undo", G_CALLBACK (_pr_window_actions_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "cluster-changed", G_CALLBACK (cluster_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "pair-judged", G_CALLBACK (pair_judged), self, G_CONNECT_SWAPPED);
  /* A record chosen by a click on its card enables what applies to it, as
   * one chosen by Alt+arrow does. */
  g_signal_connect_object (COMPARE_VIEW (self), "notify::selected-id", G_CALLBACK (_pr_window_actions_update), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_changed), NULL);
  pr_review_page_set_session (PR_REVIEW_PAGE (self->review_page), self->session);
  _pr_window_update_title (self);
  _pr_window_actions_update (self);
}

PrWindow *
pr_window_new (GtkApplication *application)
{
  return g_object_new (PR_TYPE_WINDOW, "application", application, NULL);
}

/* TRUE while the session writes decisions into the source table. */
gboolean
pr_window_get_write_back (PrWindow *self)
{
  return pr_mapping_page_get_write_back (PR_MAPPING_PAGE (self->mapping_page));
}

PrSession *
pr_window_get_session (PrWindow *self)
{
  return self->session;
}
