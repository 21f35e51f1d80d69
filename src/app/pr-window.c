/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrWindow: the main window — the start page, the mapping of a table, and
 * the review (the cluster list beside the compare view). Everything that
 * touches the database goes through PrSession, off the main thread.
 */
#define G_LOG_DOMAIN "petition-review"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-window.h"

#include "pr-chain-view.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-threshold-dialog.h"

/* In the order of the filter dropdown's items (pr-window.ui). */
typedef enum {
  FILTER_UNREVIEWED,
  FILTER_REVIEWED,
  FILTER_ALL,
  FILTER_SAME_PETITIONER,   /* with a repeat by the primary's petitioner */
  FILTER_OTHER_PETITIONER,  /* with the same matter from another */
} ClusterFilter;

struct _PrWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkWidget            *title_label;
  GtkWidget            *subtitle_label;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *progress_revealer;
  GtkWidget            *progress_label;
  GtkWidget            *progress_bar;
  GtkWidget            *stack;
  GtkWidget            *table_dropdown;
  GtkWidget            *k_spin;
  GtkWidget            *columns_box;
  GtkWidget            *preview_label;
  GtkWidget            *write_back_check;
  GtkWidget            *repeat_of_dropdown;
  GtkWidget            *status_dropdown;
  GtkWidget            *status_repeat_entry;
  GtkWidget            *status_not_repeat_entry;
  GCancellable         *previewing;
  gboolean              write_back_on;      /* confirmed by the session */
  gboolean              write_back_quiet;   /* the check set by code, not the reviewer */
  GtkWidget            *search_entry;
  GtkWidget            *filter_dropdown;
  GtkWidget            *summary_label;
  GtkWidget            *cluster_view;
  GtkColumnViewColumn  *number_column;  /* titled as the clusters are named: case or place */
  GtkWidget            *compare_view;

  PrSession            *session;
  GSettings            *settings;
  GCancellable         *work;          /* the scan or export running, or NULL */
  GCancellable         *fetching;      /* the compare view's records being read */
  gint64                work_started;
  char                 *work_what;
  char                 *export_name;   /* the file the export running writes, as the user knows it */
  GtkCustomFilter      *filter;
  GtkSingleSelection   *selection;
  GtkStringList        *tables;
  GPtrArray            *column_rows;   /* ColumnRow */
  PrMapping            *guessed;
  GtkWidget            *threshold_dialog;  /* weak: the threshold preview, while open */
};

G_DEFINE_FINAL_TYPE (PrWindow, pr_window, GTK_TYPE_APPLICATION_WINDOW)

/* One column of the mapping page. */
typedef struct {
  char      *name;
  GtkWidget *role;
  GtkWidget *weight;
  GtkWidget *petitioner;  /* check: the column names who sent the record */
} ColumnRow;

static void
column_row_free (ColumnRow *row)
{
  g_free (row->name);
  g_free (row);
}

static const PrColumnRole role_order[] = {
  PR_COLUMN_ROLE_ID, PR_COLUMN_ROLE_SHORT, PR_COLUMN_ROLE_TEXT, PR_COLUMN_ROLE_DATE, PR_COLUMN_ROLE_IGNORE,
};

static void update_actions (PrWindow *self);

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
  /* Translators: what failed, then why; e.g. "Cannot connect: the server refused…" */
  g_autofree char *text = g_strdup_printf (_("%s: %s"), what, error->message);

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

/* The line under the cluster list: what the last scan or export did. */
const char *
pr_window_get_summary_text (PrWindow *self)
{
  return gtk_label_get_text (GTK_LABEL (self->summary_label));
}

/* TRUE while a scan or an export runs. */
gboolean
pr_window_get_busy (PrWindow *self)
{
  return self->work != NULL;
}

static void
start_work (PrWindow   *self,
            const char *what)
{
  g_return_if_fail (self->work == NULL);

  self->work = g_cancellable_new ();
  self->work_started = g_get_monotonic_time ();
  g_free (self->work_what);
  self->work_what = g_strdup (what);
  gtk_label_set_text (GTK_LABEL (self->progress_label), what);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->progress_revealer), TRUE);
  update_actions (self);
}

static void
end_work (PrWindow *self)
{
  g_clear_object (&self->work);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->progress_revealer), FALSE);
  update_actions (self);
}

static void
show_progress (PrScanPhase phase,
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
      text = g_strdup_printf (_("%s: forming the clusters…"), self->work_what);
      break;
    case PR_SCAN_PHASE_STORE:
      text = g_strdup_printf (_("%s: saving the fingerprints…"), self->work_what);
      break;
    }
  gtk_label_set_text (GTK_LABEL (self->progress_label), text);
}

/* Title */

static void
update_title (PrWindow *self)
{
  const char *description = pr_session_get_description (self->session);
  const char *table = pr_session_get_table (self->session);
  g_autofree char *subtitle = NULL;

  if (description != NULL && table != NULL)
    subtitle = g_strdup_printf ("%s · %s", description, table);
  if (subtitle != NULL && self->write_back_on)
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

static void
update_summary (PrWindow *self)
{
  guint n = pr_session_get_n_clusters (self->session);
  guint reviewed = pr_session_get_n_reviewed (self->session);
  const PrScanCounts *counts = pr_session_get_counts (self->session);
  g_autofree char *text = NULL;

  if (counts == NULL)
    return;
  /* Translators: records scanned, new, changed, pairs of repeats found, clusters, reviewed clusters */
  text = g_strdup_printf (_("%llu records (%llu new, %llu changed since the last scan); %llu pairs of repeats "
                            "in %u clusters, %u reviewed"),
                          (unsigned long long) counts->records, (unsigned long long) counts->new_records,
                          (unsigned long long) counts->changed_records, (unsigned long long) counts->pairs,
                          n, reviewed);
  gtk_label_set_text (GTK_LABEL (self->summary_label), text);
}

/* Actions' enabled state */

static void
update_actions (PrWindow *self)
{
  gboolean connected = pr_session_get_tables (self->session) != NULL;
  gboolean reviewing = pr_session_get_counts (self->session) != NULL;
  PrClusterItem *item = pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));
  const char *selected = pr_compare_view_get_selected_id (PR_COMPARE_VIEW (self->compare_view));
  gboolean idle = self->work == NULL;
  gboolean on_member = item != NULL && selected != NULL &&
                       g_strcmp0 (selected, pr_cluster_item_get_primary_id (item)) != 0;
  struct { const char *name; gboolean enabled; } states[] = {
    { "connect", idle },
    { "open-sample", idle },
    { "scan", idle && connected && gtk_drop_down_get_selected (GTK_DROP_DOWN (self->table_dropdown)) != GTK_INVALID_LIST_POSITION },
    { "cancel", !idle },
    { "export", idle && reviewing },
    { "export-to", idle && reviewing },
    { "thresholds", idle && reviewing },
    { "mark-repeat", on_member },
    { "mark-not-repeat", on_member },
    { "make-primary", on_member },
    { "merge", item != NULL },
    { "split-bridge", item != NULL },
    { "undo", pr_session_get_can_undo (self->session) },
    { "redo", pr_session_get_can_redo (self->session) },
    { "next-unreviewed", reviewing },
    { "next-difference", item != NULL },
    { "next-record", item != NULL },
    { "previous-record", item != NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), states[i].name);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), states[i].enabled);
    }
}

/* Connect and map */

/* The column chosen in a write-back dropdown; NULL for "none" (item 0). */
static const char *
chosen_column (GtkWidget *dropdown)
{
  guint at = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  return at == 0 || item == NULL ? NULL : gtk_string_object_get_string (item);
}

static PrMapping *mapping_from_rows (PrWindow *self, GError **error);

static void
preview_ready (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = pr_session_preview_finish (PR_SESSION (object), result, &error);
  g_autofree char *text = NULL;

  if (lines == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->preview_label), error->message);
      return;
    }
  g_ptr_array_add (lines, NULL);
  text = g_strjoinv ("\n\n", (char **) lines->pdata);
  gtk_label_set_text (GTK_LABEL (self->preview_label), text);
}

/* The preview follows the mapping as the reviewer changes it. */
static void
refresh_preview (PrWindow *self)
{
  GtkStringObject *table;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) mapping = NULL;

  /* Signals of the template's widgets come before the window is whole. */
  if (self->column_rows == NULL)
    return;
  table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));
  if (table == NULL)
    return;
  mapping = mapping_from_rows (self, &error);
  if (mapping == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->preview_label), error->message);
      return;
    }
  if (self->previewing != NULL)
    g_cancellable_cancel (self->previewing);
  g_clear_object (&self->previewing);
  self->previewing = g_cancellable_new ();
  pr_session_preview_async (self->session, gtk_string_object_get_string (table), mapping, 5,
                            self->previewing, preview_ready, g_object_ref (self));
}

static void write_back_toggled (PrWindow *self);

/* A weight means something for short fields and texts only, and only a
 * short field (a name, a phone number) names the petitioner. */
static void
update_weight_sensitivity (ColumnRow *row)
{
  guint r = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role));
  PrColumnRole role = r < G_N_ELEMENTS (role_order) ? role_order[r] : PR_COLUMN_ROLE_IGNORE;

  gtk_widget_set_sensitive (row->weight, role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT);
  gtk_widget_set_sensitive (row->petitioner, role == PR_COLUMN_ROLE_SHORT);
}

/* The write-back section for a newly chosen table: off, "none" chosen. */
static void
fill_write_back (PrWindow  *self,
                 GPtrArray *columns)
{
  g_autoptr(GtkStringList) repeat_of = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) status = gtk_string_list_new (NULL);

  gtk_string_list_append (repeat_of, _("(none)"));
  gtk_string_list_append (status, _("(none)"));
  for (guint i = 0; i < columns->len; i++)
    {
      gtk_string_list_append (repeat_of, ((PrColumnInfo *) columns->pdata[i])->name);
      gtk_string_list_append (status, ((PrColumnInfo *) columns->pdata[i])->name);
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->repeat_of_dropdown), G_LIST_MODEL (repeat_of));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->status_dropdown), G_LIST_MODEL (status));
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check)))
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
}

static void
set_write_back_widgets (PrWindow *self)
{
  gboolean editable = !gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check));

  gtk_widget_set_sensitive (self->repeat_of_dropdown, editable);
  gtk_widget_set_sensitive (self->status_dropdown, editable);
  gtk_widget_set_sensitive (self->status_repeat_entry, editable);
  gtk_widget_set_sensitive (self->status_not_repeat_entry, editable);
}

static void
write_back_set (PrWindow     *self,
                GAsyncResult *result,
                gboolean      wanted)
{
  g_autoptr(GError) error = NULL;

  if (!pr_session_set_write_back_finish (self->session, result, &error))
    {
      pr_window_show_error (self, _("Write-back stays off"), error);
      self->write_back_quiet = TRUE;
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
      self->write_back_quiet = FALSE;
      set_write_back_widgets (self);
      self->write_back_on = FALSE;
      return;
    }
  self->write_back_on = wanted;
  update_title (self);
}

static void
write_back_switched_on (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;

  write_back_set (self, result, TRUE);
}

static void
write_back_switched_off (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;

  write_back_set (self, result, FALSE);
}

/* The reviewer switched write-back on or off. On: the session checks the
 * columns and the privilege before anything is written. */
static void
write_back_toggled (PrWindow *self)
{
  gboolean on = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check));
  GtkStringObject *table;
  PrWriteBack *write_back = NULL;
  const char *id_column = NULL;

  if (self->column_rows == NULL)
    return;
  set_write_back_widgets (self);
  if (self->write_back_quiet)
    return;
  table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));
  if (on)
    {
      const char *repeat_of = chosen_column (self->repeat_of_dropdown);
      const char *status = chosen_column (self->status_dropdown);
      const char *status_repeat = gtk_editable_get_text (GTK_EDITABLE (self->status_repeat_entry));
      const char *status_not_repeat = gtk_editable_get_text (GTK_EDITABLE (self->status_not_repeat_entry));

      for (guint i = 0; i < self->column_rows->len; i++)
        {
          ColumnRow *row = self->column_rows->pdata[i];

          if (role_order[MIN (gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role)), G_N_ELEMENTS (role_order) - 1)]
              == PR_COLUMN_ROLE_ID)
            id_column = row->name;
        }
      if (table == NULL || id_column == NULL || (repeat_of == NULL && status == NULL) ||
          (status != NULL && (status_repeat[0] == '\0' || status_not_repeat[0] == '\0')))
        {
          g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                                         _("choose the id column, and a column for the primary's id "
                                                           "or a status column with both of its words"));

          pr_window_show_error (self, _("Write-back stays off"), error);
          self->write_back_quiet = TRUE;
          gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
          self->write_back_quiet = FALSE;
          set_write_back_widgets (self);
          return;
        }
      write_back = pr_write_back_new (gtk_string_object_get_string (table), id_column, repeat_of, status,
                                      status != NULL ? status_repeat : NULL, status != NULL ? status_not_repeat : NULL);
    }
  pr_session_set_write_back_async (self->session, write_back,
                                   on ? write_back_switched_on : write_back_switched_off, g_object_ref (self));
}

static void
fill_columns (PrWindow  *self,
              GPtrArray *columns)
{
  GtkWidget *child;
  g_autoptr(GtkStringList) roles = gtk_string_list_new (NULL);

  gtk_string_list_append (roles, _("Id"));
  gtk_string_list_append (roles, _("Short field"));
  gtk_string_list_append (roles, _("Text"));
  gtk_string_list_append (roles, _("Date"));
  gtk_string_list_append (roles, _("Ignore"));

  while ((child = gtk_widget_get_first_child (self->columns_box)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->columns_box), child);
  g_ptr_array_set_size (self->column_rows, 0);
  fill_write_back (self, columns);
  g_clear_pointer (&self->guessed, pr_mapping_free);
  self->guessed = pr_catalog_guess_mapping (columns);

  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *info = columns->pdata[i];
      const PrMappingColumn *guess = NULL;
      ColumnRow *row = g_new0 (ColumnRow, 1);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *name = gtk_label_new (info->name);
      GtkWidget *type = gtk_label_new (info->data_type);
      /* Said on every row: a bare number box told a clerk nothing. */
      GtkWidget *weight_caption = gtk_label_new (C_("column mapping", "Weight"));
      PrColumnRole role;
      g_autofree char *role_label = g_strdup_printf (_("Role of the column “%s”"), info->name);
      g_autofree char *weight_label = g_strdup_printf (_("Weight of the column “%s”"), info->name);
      g_autofree char *petitioner_label = g_strdup_printf (_("The column “%s” names the petitioner"), info->name);

      for (guint g = 0; g < pr_mapping_get_n_columns (self->guessed); g++)
        if (g_strcmp0 (pr_mapping_get_column (self->guessed, g)->name, info->name) == 0)
          guess = pr_mapping_get_column (self->guessed, g);
      role = guess != NULL ? guess->role : PR_COLUMN_ROLE_IGNORE;
      row->name = g_strdup (info->name);
      row->role = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (roles)), NULL);
      for (guint r = 0; r < G_N_ELEMENTS (role_order); r++)
        if (role_order[r] == role)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (row->role), r);
      row->weight = gtk_spin_button_new_with_range (0.5, 10, 0.5);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->weight),
                                 guess != NULL && guess->weight > 0 ? guess->weight : pr_column_role_default_weight (role));
      row->petitioner = gtk_check_button_new_with_label (_("Petitioner"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (row->petitioner), guess != NULL && guess->petitioner);
      gtk_widget_set_tooltip_text (row->role, role_label);
      gtk_widget_set_tooltip_text (row->weight, weight_label);
      gtk_widget_set_tooltip_text (row->petitioner,
                                   _("A short field that names who sent the record (user, name, phone): "
                                     "a cluster's members that agree on it with the primary are repeats by "
                                     "the same petitioner, the others the same matter from someone else"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->role), GTK_ACCESSIBLE_PROPERTY_LABEL, role_label, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->weight), GTK_ACCESSIBLE_PROPERTY_LABEL, weight_label, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->petitioner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      petitioner_label, -1);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (type, "dim-label");
      gtk_widget_add_css_class (weight_caption, "dim-label");
      gtk_box_append (GTK_BOX (box), name);
      gtk_box_append (GTK_BOX (box), type);
      gtk_box_append (GTK_BOX (box), row->role);
      gtk_box_append (GTK_BOX (box), weight_caption);
      gtk_box_append (GTK_BOX (box), row->weight);
      gtk_box_append (GTK_BOX (box), row->petitioner);
      gtk_widget_set_margin_start (box, 12);
      gtk_widget_set_margin_end (box, 12);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      gtk_list_box_append (GTK_LIST_BOX (self->columns_box), box);
      g_ptr_array_add (self->column_rows, row);
      update_weight_sensitivity (row);
      g_signal_connect_swapped (row->role, "notify::selected", G_CALLBACK (update_weight_sensitivity), row);
      g_signal_connect_object (row->role, "notify::selected", G_CALLBACK (refresh_preview), self, G_CONNECT_SWAPPED);
    }
  refresh_preview (self);
}

static void
columns_loaded (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = pr_session_load_columns_finish (PR_SESSION (object), result, &error);

  if (columns == NULL)
    {
      pr_window_show_error (self, _("Cannot read the table's columns"), error);
      return;
    }
  fill_columns (self, columns);
  update_actions (self);
}

static void
table_selected (PrWindow *self)
{
  GtkStringObject *table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));

  if (table == NULL)
    return;
  pr_session_load_columns_async (self->session, gtk_string_object_get_string (table), NULL,
                                 columns_loaded, g_object_ref (self));
}

static void
connected (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  GPtrArray *tables;
  const char *sample_table;
  guint select = 0;

  end_work (self);
  self->write_back_on = FALSE;  /* the session dropped it with the old connection */
  if (!pr_session_connect_finish (PR_SESSION (object), result, &error))
    {
      pr_window_show_error (self, _("Cannot connect"), error);
      return;
    }
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), FALSE);
  tables = pr_session_get_tables (self->session);
  sample_table = pr_session_get_sample_table (self->session);
  /* Refilling the list moves the selection several times: the columns
   * are read once, for the table chosen at the end. */
  g_signal_handlers_block_by_func (self->table_dropdown, table_selected, self);
  gtk_string_list_splice (self->tables, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tables)), NULL);
  for (guint i = 0; i < tables->len; i++)
    {
      /* The application's own tables are not petitions. */
      if (g_str_has_prefix (tables->pdata[i], "pr_"))
        continue;
      if (g_strcmp0 (tables->pdata[i], sample_table) == 0)
        select = g_list_model_get_n_items (G_LIST_MODEL (self->tables));
      gtk_string_list_append (self->tables, tables->pdata[i]);
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->table_dropdown), select);
  g_signal_handlers_unblock_by_func (self->table_dropdown, table_selected, self);
  table_selected (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "map");
  update_title (self);
  update_actions (self);
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
  start_work (self, _("Starting the sample database"));
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

  start_work (self, text);
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
  pr_session_connect_async (self->session, params, self->work, connected, g_object_ref (self));
}

static void
connect_response (PrConnectDialog    *dialog,
                  PrConnectionParams *params,
                  gpointer            user_data)
{
  PrWindow *self = user_data;

  if (params != NULL)
    pr_window_connect_to (self, pr_connection_params_copy (params));
}

static void
connect_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  PrWindow *self = user_data;
  PrConnectDialog *dialog = pr_connect_dialog_new (GTK_WINDOW (self), self->settings);

  g_signal_connect_object (dialog, "connect", G_CALLBACK (connect_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_sample_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  pr_window_open_sample (user_data);
}

/* Scan */

static PrMapping *
mapping_from_rows (PrWindow  *self,
                   GError   **error)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();

  for (guint i = 0; i < self->column_rows->len; i++)
    {
      ColumnRow *row = self->column_rows->pdata[i];
      guint r = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role));
      PrColumnRole role = r < G_N_ELEMENTS (role_order) ? role_order[r] : PR_COLUMN_ROLE_IGNORE;

      /* A column that receives decisions is not part of the petition. */
      if (role == PR_COLUMN_ROLE_IGNORE || g_strcmp0 (row->name, chosen_column (self->repeat_of_dropdown)) == 0 ||
          g_strcmp0 (row->name, chosen_column (self->status_dropdown)) == 0)
        continue;
      if (!pr_mapping_add (mapping, row->name, role, gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->weight)), error))
        return NULL;
      if (role == PR_COLUMN_ROLE_SHORT && gtk_check_button_get_active (GTK_CHECK_BUTTON (row->petitioner)) &&
          !pr_mapping_set_petitioner (mapping, row->name, error))
        return NULL;
    }
  if (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_ID) != 1)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("choose exactly one id column: the column that names each record"));
      return NULL;
    }
  if (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT) + pr_mapping_count_role (mapping, PR_COLUMN_ROLE_SHORT) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("choose at least one text or short field to compare"));
      return NULL;
    }
  return g_steal_pointer (&mapping);
}

static void
scanned (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  end_work (self);
  if (!pr_session_scan_finish (PR_SESSION (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->summary_label), _("The scan was cancelled; nothing was changed."));
      else
        pr_window_show_error (self, _("The scan failed; nothing of it was saved"), error);
      return;
    }
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), FALSE);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "review");
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_title (self);
  update_summary (self);
  update_actions (self);
  gtk_widget_grab_focus (self->cluster_view);
}

static void
scan_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  PrWindow *self = user_data;
  GtkStringObject *table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) mapping = mapping_from_rows (self, &error);
  g_autofree char *what = NULL;

  if (mapping == NULL)
    {
      pr_window_show_error (self, _("Cannot scan"), error);
      return;
    }
  what = g_strdup_printf (_("Scanning “%s”"), gtk_string_object_get_string (table));
  start_work (self, what);
  pr_compare_view_clear (PR_COMPARE_VIEW (self->compare_view), _("Scanning…"));
  pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                             NULL, NULL);
  pr_session_scan_async (self->session, gtk_string_object_get_string (table), mapping,
                         (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->k_spin)),
                         show_progress, self, self->work, scanned, g_object_ref (self));
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

/* The cluster list */

static gboolean
filter_cluster (gpointer item,
                gpointer user_data)
{
  PrWindow *self = user_data;
  PrClusterItem *cluster = item;
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  gboolean reviewed = pr_cluster_item_get_reviewed (cluster);

  if ((which == FILTER_UNREVIEWED && reviewed) || (which == FILTER_REVIEWED && !reviewed))
    return FALSE;
  /* Kept counts: the filter runs over every cluster, 100,000 of them. */
  if ((which == FILTER_SAME_PETITIONER && pr_cluster_item_get_n_same_petitioner (cluster) == 0) ||
      (which == FILTER_OTHER_PETITIONER && pr_cluster_item_get_n_other_petitioner (cluster) == 0))
    return FALSE;
  if (search[0] != '\0')
    {
      g_autofree char *subject = NULL;

      g_object_get (cluster, "subject", &subject, NULL);
      if (strstr (subject, search) != NULL)
        return TRUE;
      for (guint m = 0; m < pr_cluster_item_get_n_members (cluster); m++)
        if (strstr (pr_cluster_item_get_member (cluster, m)->id, search) != NULL)
          return TRUE;
      return FALSE;
    }
  return TRUE;
}

static void
filter_changed (PrWindow *self)
{
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));
  const PrMapping *mapping = pr_session_get_mapping (self->session);

  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  /* Say why the list is empty, rather than leave the reviewer guessing. */
  if ((which == FILTER_SAME_PETITIONER || which == FILTER_OTHER_PETITIONER) &&
      mapping != NULL && pr_mapping_count_petitioner (mapping) == 0)
    gtk_label_set_text (GTK_LABEL (self->summary_label),
                        _("No column of the scan names the petitioner: mark one as Petitioner on the "
                          "mapping page and scan again."));
  else
    update_summary (self);
}

/* One reading of a cluster's records; a newer one makes it stale. */
typedef struct {
  PrWindow      *self;
  PrClusterItem *item;
  GCancellable  *cancellable;
} Fetch;

static void
fetch_free (Fetch *fetch)
{
  g_object_unref (fetch->self);
  g_object_unref (fetch->item);
  g_object_unref (fetch->cancellable);
  g_free (fetch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fetch, fetch_free)

static void
records_fetched (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(Fetch) fetch = user_data;
  PrWindow *self = fetch->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = pr_session_fetch_finish (PR_SESSION (object), result, &error);

  if (g_cancellable_is_cancelled (fetch->cancellable) || self->fetching != fetch->cancellable)
    return;
  g_clear_object (&self->fetching);
  if (records == NULL)
    {
      pr_window_show_error (self, _("Cannot read the cluster's records"), error);
      return;
    }
  pr_compare_view_show (PR_COMPARE_VIEW (self->compare_view), fetch->item,
                        pr_session_get_mapping (self->session), pr_session_get_boilerplate (self->session), records);
  pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                             self->session, fetch->item);
  update_actions (self);
}

static void
show_cluster (PrWindow      *self,
              PrClusterItem *item)
{
  Fetch *fetch;

  if (self->fetching != NULL)
    g_cancellable_cancel (self->fetching);
  g_clear_object (&self->fetching);
  if (item == NULL)
    {
      pr_compare_view_clear (PR_COMPARE_VIEW (self->compare_view), _("No cluster chosen."));
      pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                                 NULL, NULL);
      update_actions (self);
      return;
    }
  self->fetching = g_cancellable_new ();
  fetch = g_new0 (Fetch, 1);
  fetch->self = g_object_ref (self);
  fetch->item = g_object_ref (item);
  fetch->cancellable = g_object_ref (self->fetching);
  pr_session_fetch_async (self->session, item, self->fetching, records_fetched, fetch);
}

static void
selection_changed (PrWindow *self)
{
  show_cluster (self, gtk_single_selection_get_selected_item (self->selection));
}

/* user_data: a number's column (right-aligned). Only the column that
 * expands, the subject, gives way: the short ones cut to "202…" or "未审"
 * said nothing. */
static void
setup_label (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);
  gboolean expands = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "expands"));

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (user_data) ? 1 : 0);
  if (expands)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (list_item, label);
}

static gboolean
uint_to_label (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  g_value_take_string (to, g_strdup_printf ("%u", g_value_get_uint (from)));
  return TRUE;
}

/* The cell's label follows the cluster's property (a number, or text)
 * for as long as the row shows it. */
static void
bind_label (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  const char *property = g_object_get_data (G_OBJECT (factory), "property");
  GObject *item = gtk_list_item_get_item (list_item);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (item), property);
  GBinding *binding = g_object_bind_property_full (item, property,
                                                   gtk_list_item_get_child (list_item), "label",
                                                   G_BINDING_SYNC_CREATE,
                                                   pspec->value_type == G_TYPE_UINT ? uint_to_label : NULL,
                                                   NULL, NULL, NULL);
  g_object_set_data (G_OBJECT (list_item), "binding", binding);
  /* What the expanding column cuts short stays readable on hover. */
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "expands")))
    g_object_set_data (G_OBJECT (list_item), "tooltip-binding",
                       g_object_bind_property (gtk_list_item_get_item (list_item), property,
                                               gtk_list_item_get_child (list_item), "tooltip-text",
                                               G_BINDING_SYNC_CREATE));
}

static void
unbind_label (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  for (guint i = 0; i < 2; i++)
    {
      const char *key = i == 0 ? "binding" : "tooltip-binding";
      GBinding *binding = g_object_get_data (G_OBJECT (list_item), key);

      if (binding != NULL)
        g_binding_unbind (binding);
      g_object_set_data (G_OBJECT (list_item), key, NULL);
    }
}

static GtkSorter *
sort_by_number (const char *property)
{
  return GTK_SORTER (gtk_numeric_sorter_new (gtk_property_expression_new (PR_TYPE_CLUSTER_ITEM, NULL, property)));
}

/* @number: a number's column (right-aligned); @sorter: (nullable)
 * (transfer full): how the column sorts; %NULL: by @property.
 * Returns: (transfer none): the column */
static GtkColumnViewColumn *
add_cluster_column (PrWindow   *self,
                    const char *title,
                    const char *property,
                    gboolean    number,
                    gboolean    expand,
                    GtkSorter  *sorter)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "property", (gpointer) property);
  g_object_set_data (G_OBJECT (factory), "expands", GINT_TO_POINTER (expand));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), GINT_TO_POINTER (number));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label), GINT_TO_POINTER (number));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_label), NULL);
  if (sorter == NULL && number)
    sorter = sort_by_number (property);
  else if (sorter == NULL)
    sorter = GTK_SORTER (gtk_string_sorter_new (gtk_property_expression_new (PR_TYPE_CLUSTER_ITEM, NULL, property)));
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->cluster_view), column);
  g_object_unref (sorter);
  g_object_unref (column);
  return column;
}

/* With a store the clusters are named by their case numbers, which stay
 * from scan to scan; else by their place in the list. */
static void
title_number_column (GListModel *clusters,
                     guint       position,
                     guint       removed,
                     guint       added,
                     PrWindow   *self)
{
  g_autoptr(PrClusterItem) first = g_list_model_get_item (clusters, 0);

  if (first != NULL)
    gtk_column_view_column_set_title (self->number_column,
                                      /* Translators: a column of the cluster list: the case number,
                                       * which stays from scan to scan (案件号) */
                                      pr_cluster_item_get_is_case (first) ? _("Case") : _("No."));
}

static void
setup_cluster_list (PrWindow *self)
{
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;
  GtkMultiSorter *by_petitioners = gtk_multi_sorter_new ();

  self->filter = gtk_custom_filter_new (filter_cluster, self, NULL);
  filtered = gtk_filter_list_model_new (g_object_ref (pr_session_get_clusters (self->session)),
                                        GTK_FILTER (g_object_ref (self->filter)));
  /* "same / other": by the repeats of the same petitioner, then by the others'. */
  gtk_multi_sorter_append (by_petitioners, sort_by_number ("n-same-petitioner"));
  gtk_multi_sorter_append (by_petitioners, sort_by_number ("n-other-petitioner"));
  self->number_column = add_cluster_column (self, _("No."), "name", TRUE, FALSE, sort_by_number ("number"));
  g_signal_connect_object (pr_session_get_clusters (self->session), "items-changed",
                           G_CALLBACK (title_number_column), self, 0);
  add_cluster_column (self, _("Records"), "size", TRUE, FALSE, NULL);
  /* Before the subject, which gives way: the list's pane is narrow. */
  /* Translators: a column of the cluster list: how many members were sent
   * by the primary's petitioner / by other petitioners; keep it short */
  add_cluster_column (self, _("Same / others"), "petitioners", FALSE, FALSE, GTK_SORTER (by_petitioners));
  add_cluster_column (self, _("Subject"), "subject", FALSE, TRUE, NULL);
  add_cluster_column (self, _("Date"), "date", FALSE, FALSE, NULL);
  add_cluster_column (self, _("Distance"), "max-distance", TRUE, FALSE, NULL);
  add_cluster_column (self, _("State"), "state", FALSE, FALSE, NULL);
  /* Filtered and sorted a piece at a time between frames: 100,000
   * clusters at once would hold the window still for a moment. */
  gtk_filter_list_model_set_incremental (filtered, TRUE);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered),
                                    g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->cluster_view))));
  gtk_sort_list_model_set_incremental (sorted, TRUE);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->cluster_view), GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selection_changed), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (filter_changed), self);
  g_signal_connect_swapped (self->filter_dropdown, "notify::selected", G_CALLBACK (filter_changed), self);
}

/* Decide */

static void
decided (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PrWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) item = pr_session_decide_finish (PR_SESSION (object), result, &error);
  PrClusterItem *shown = pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));

  if (item == NULL)
    pr_window_show_error (self, _("The decision was not recorded"), error);
  /* Even a failed step may have logged part of itself: show what is. */
  /* The list shows the new state at once (its cells follow the item);
   * a cluster now reviewed stays where it is, under the reviewer's eyes,
   * until the filter is changed: refiltering would move the selection
   * away. Ctrl+J goes on to the next unreviewed one. */
  if (shown != NULL)
    show_cluster (self, shown);
  update_summary (self);
  update_actions (self);
}

/* Another reviewer's decision changed @item: the list's cells follow
 * it by themselves; the cluster on show is shown again, as after one's
 * own decision. */
static void
cluster_changed (PrWindow      *self,
                 PrClusterItem *item)
{
  if (item == pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view)))
    show_cluster (self, item);
  update_summary (self);
  update_actions (self);
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
decide (PrWindow  *self,
        PrVerdict  verdict)
{
  PrClusterItem *item = pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));
  const char *selected = pr_compare_view_get_selected_id (PR_COMPARE_VIEW (self->compare_view));

  if (item == NULL)
    return;
  pr_session_decide_async (self->session, item, verdict, selected, decided, g_object_ref (self));
  update_actions (self);
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
  PrClusterItem *item = pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));
  const char *a, *b;

  if (item == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &a, &b);
  pr_session_split_async (self->session, item, a, b, decided, g_object_ref (self));
  update_actions (self);
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_session_undo_async (self->session, decided, g_object_ref (self));
  update_actions (self);
}

static void
redo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_session_redo_async (self->session, decided, g_object_ref (self));
  update_actions (self);
}

static void
next_unreviewed_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);
  guint current = gtk_single_selection_get_selected (self->selection);

  for (guint step = 1; step <= n; step++)
    {
      guint i = (current == GTK_INVALID_LIST_POSITION ? step - 1 : current + step) % n;
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (!pr_cluster_item_get_reviewed (item))
        {
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (self->cluster_view, "list.scroll-to-item", "u", i);
          return;
        }
    }
  gtk_label_set_text (GTK_LABEL (self->summary_label), _("Every cluster shown has been reviewed."));
}

static void
next_difference_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_next_difference (PR_COMPARE_VIEW (self->compare_view));
}

static void
next_record_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_select_member (PR_COMPARE_VIEW (self->compare_view), 1);
  update_actions (self);
}

static void
previous_record_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  pr_compare_view_select_member (PR_COMPARE_VIEW (self->compare_view), -1);
  update_actions (self);
}

static void
search_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  gtk_widget_grab_focus (self->search_entry);
}

static void
dismiss_error_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrWindow *self = user_data;

  gtk_revealer_set_reveal_child (GTK_REVEALER (self->error_revealer), FALSE);
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
  g_autofree char *text = NULL;

  end_work (self);
  if (error != NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->summary_label), _("The export was cancelled; no file was written."));
      else
        pr_window_show_error (self, _("The report was not saved (choose another folder, or free some space)"), error);
      return;
    }
  text = g_strdup_printf (ngettext ("The report was saved to %s: %llu row.", "The report was saved to %s: %llu rows.",
                                    rows),
                          self->export_name, (unsigned long long) rows);
  gtk_label_set_text (GTK_LABEL (self->summary_label), text);
}

/* Starts the export to @file; used by the file chooser and the tests. */
static void
export_to (PrWindow *self,
           GFile    *file)
{
  start_work (self, _("Exporting the report"));
  g_free (self->export_name);
  self->export_name = g_file_get_parse_name (file);
  pr_session_export_async (self->session, file, show_progress, self, self->work, exported, g_object_ref (self));
}

static void
export_chosen (GtkNativeDialog *dialog,
               int              response,
               gpointer         user_data)
{
  PrWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      export_to (self, file);
    }
  g_object_unref (dialog);
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  PrWindow *self = user_data;
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;

  chooser = gtk_file_chooser_native_new (_("Export the Duplicate Report"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  /* Translators: the report's file name; keep .csv */
  name = g_strdup_printf (_("repeat-petitions-%s.csv"), pr_session_get_table (self->session));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* win.export-to: the report to a path, without a dialog (scripts, tests). */
static void
export_to_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  export_to (user_data, file);
}

/* The threshold preview */

/* The list now holds the clusters at another k: as after a scan. */
static void
thresholds_applied (PrWindow *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
  update_actions (self);
  gtk_widget_grab_focus (self->cluster_view);
}

/* A sample pair was chosen in the preview: its first record's cluster. */
static void
thresholds_show_record (PrWindow   *self,
                        const char *record_id)
{
  PrClusterItem *wanted = pr_session_find_cluster (self->session, record_id);
  GListModel *model = G_LIST_MODEL (self->selection);

  if (wanted == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (item == wanted)
        {
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (self->cluster_view, "list.scroll-to-item", "u", i);
          return;
        }
    }
  /* Filtered out: every cluster, searched for that record. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->filter_dropdown), FILTER_ALL);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), record_id);
}

static void
thresholds_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  PrWindow *self = user_data;
  PrThresholdDialog *dialog;

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

/* GObject */

static const GActionEntry win_actions[] = {
  { "connect", connect_activated },
  { "open-sample", open_sample_activated },
  { "scan", scan_activated },
  { "cancel", cancel_activated },
  { "export", export_activated },
  { "export-to", export_to_activated, "s" },
  { "thresholds", thresholds_activated },
  { "mark-repeat", mark_repeat_activated },
  { "mark-not-repeat", mark_not_repeat_activated },
  { "make-primary", make_primary_activated },
  { "merge", merge_activated },
  { "split-bridge", split_bridge_activated, "(ss)" },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "next-unreviewed", next_unreviewed_activated },
  { "next-difference", next_difference_activated },
  { "next-record", next_record_activated },
  { "previous-record", previous_record_activated },
  { "search", search_activated },
  { "dismiss-error", dismiss_error_activated },
};

static void
save_window_state (PrWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set (self->settings, "window-size", "(ii)", width, height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
pr_window_close_request (GtkWindow *window)
{
  PrWindow *self = PR_WINDOW (window);

  save_window_state (self);
  if (self->work != NULL)
    g_cancellable_cancel (self->work);
  return GTK_WINDOW_CLASS (pr_window_parent_class)->close_request (window);
}

static void
pr_window_dispose (GObject *object)
{
  PrWindow *self = PR_WINDOW (object);

  if (self->work != NULL)
    g_cancellable_cancel (self->work);
  if (self->fetching != NULL)
    g_cancellable_cancel (self->fetching);
  if (self->previewing != NULL)
    g_cancellable_cancel (self->previewing);
  g_clear_object (&self->previewing);
  if (self->threshold_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->threshold_dialog), (gpointer *) &self->threshold_dialog);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->threshold_dialog)));
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->filter);
  g_clear_object (&self->tables);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->work);
  g_clear_object (&self->fetching);
  g_clear_pointer (&self->column_rows, g_ptr_array_unref);
  g_clear_pointer (&self->guessed, pr_mapping_free);
  g_clear_pointer (&self->work_what, g_free);
  g_clear_pointer (&self->export_name, g_free);

  G_OBJECT_CLASS (pr_window_parent_class)->dispose (object);
}

static void
pr_window_class_init (PrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pr_window_dispose;
  window_class->close_request = pr_window_close_request;

  g_type_ensure (PR_TYPE_COMPARE_VIEW);
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
  BIND (table_dropdown);
  BIND (k_spin);
  BIND (columns_box);
  BIND (preview_label);
  BIND (write_back_check);
  BIND (repeat_of_dropdown);
  BIND (status_dropdown);
  BIND (status_repeat_entry);
  BIND (status_not_repeat_entry);
  BIND (search_entry);
  BIND (filter_dropdown);
  BIND (summary_label);
  BIND (cluster_view);
  BIND (compare_view);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, write_back_toggled);
  gtk_widget_class_bind_template_callback (widget_class, refresh_preview);
}

static void
pr_window_init (PrWindow *self)
{
  GSettingsSchema *schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                             "org.petitionreview.PetitionReview", TRUE);
  const char *reviewer = g_get_real_name ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Without the installed schema (a build tree): nothing is remembered. */
  if (schema != NULL)
    {
      int width, height;

      self->settings = g_settings_new ("org.petitionreview.PetitionReview");
      g_settings_get (self->settings, "window-size", "(ii)", &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self), width, height);
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_schema_unref (schema);
    }

  if (reviewer == NULL || g_strcmp0 (reviewer, "Unknown") == 0)
    reviewer = g_get_user_name ();
  self->session = pr_session_new (reviewer);
  self->column_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) column_row_free);
  gtk_editable_set_text (GTK_EDITABLE (self->status_repeat_entry), C_("status written", "repeat"));
  gtk_editable_set_text (GTK_EDITABLE (self->status_not_repeat_entry), C_("status written", "not a repeat"));
  self->tables = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->table_dropdown), G_LIST_MODEL (self->tables));
  g_signal_connect_swapped (self->table_dropdown, "notify::selected", G_CALLBACK (table_selected), self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  g_signal_connect_object (self->session, "notify::can-undo", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "cluster-changed", G_CALLBACK (cluster_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_changed), NULL);
  setup_cluster_list (self);
  update_title (self);
  update_actions (self);
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
  return self->write_back_on;
}

PrSession *
pr_window_get_session (PrWindow *self)
{
  return self->session;
}
