/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrIntakePage: the intake check of a new petition. The clerk picks a
 * record of the table by its id, or types or pastes the petition in the
 * mapped columns (the petitioner by the identity roles, the subject, the
 * body, the date); the session checks it on its worker thread against the
 * stored fingerprints, and the page lists each earlier record found: its
 * case and primary, the distance, the kind of repeat, the identity
 * evidence, its state and dates, and what the rules say to do. A record
 * checked by id that is in an earlier record's case can be logged as a
 * repeat of it or not (win.intake-verdict, the window's decision).
 * When it opens, the page has the session make ready what the first check
 * needs (for a store without the passages' index, every stored record's
 * passages: half a minute at a million), showing how far it got, and the
 * clerk may stop it; a check asked meanwhile waits for it.
 */
#define G_LOG_DOMAIN "pr-intake-page"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cluster-item.h"
#include "pr-focus.h"
#include "pr-date.h"
#include "pr-intake-page.h"
#include "pr-session-intake.h"
#include "pr-timeline-view.h"

struct _PrIntakePage
{
  GtkBox        parent_instance;

  PrSession    *session;
  char         *table;
  PrMapping    *mapping;
  GPtrArray    *fields;       /* GtkWidget, one per mapping column (an entry or a text view); NULL for the id */
  GCancellable *cancellable;  /* the check under way */
  GCancellable *preparing;    /* the reading ahead of the first check; NULL when done */
  char         *checked_id;   /* the record checked by id, or NULL for a typed petition */

  /* Template widgets */
  GtkWidget    *record_entry;
  GtkWidget    *check_record_button;
  GtkWidget    *record_timeline_button; /* the record typed: its petitioner's timeline */
  GtkWidget    *fields_grid;
  GtkWidget    *check_button;
  GtkWidget    *status_label;
  GtkWidget    *stop_button;
  GtkWidget    *answer_list;
};

G_DEFINE_FINAL_TYPE (PrIntakePage, pr_intake_page, GTK_TYPE_BOX)

static const char *
kind_describe (PrRepeatKind kind)
{
  switch (kind)
    {
    /* Translators: the same matter from the same person; in Chinese 重复件 */
    case PR_REPEAT_KIND_REPEAT: return C_("repeat kind", "a repeat");
    /* Translators: the same matter from another person; in Chinese 同事异人 */
    case PR_REPEAT_KIND_SAME_MATTER: return C_("repeat kind", "the same matter, another person");
    /* Translators: one letter sent to several bodies; in Chinese 一信多投 */
    case PR_REPEAT_KIND_MULTI_SEND: return C_("repeat kind", "one letter sent to several bodies");
    case PR_REPEAT_KIND_SAME_PERSON: return C_("repeat kind", "the same person, other words");
    case PR_REPEAT_KIND_NONE:
    default: return C_("repeat kind", "the petitioner is not known");
    }
}

static const char *
disposition_describe (PrDisposition disposition)
{
  switch (disposition)
    {
    /* Translators: in Chinese 催办 */
    case PR_DISPOSITION_REMIND: return C_("disposition", "remind the handler");
    /* Translators: in Chinese 已超期 (催办) */
    case PR_DISPOSITION_OVERDUE: return C_("disposition", "overdue: remind the handler");
    /* Translators: in Chinese 不再受理 */
    case PR_DISPOSITION_NOT_AGAIN: return C_("disposition", "not to be accepted again");
    /* Translators: in Chinese 另行受理 */
    case PR_DISPOSITION_NEW_CASE: return C_("disposition", "accept as a new case");
    case PR_DISPOSITION_NONE:
    default: return "";
    }
}

/**
 * pr_intake_case_describe:
 * @intake_case: an earlier record the intake check found
 *
 * Returns: (transfer full): the record in the clerk's words: its id, case
 *   and primary, distance, kind, evidence, state, dates and disposition
 */
char *
pr_intake_case_describe (const PrIntakeCase *c)
{
  GString *text = g_string_new (NULL);
  g_autofree char *date = pr_date_format_day (c->date);
  const char *evidence = pr_identity_evidence_describe (c->evidence);
  const char *disposition = disposition_describe (c->disposition);

  if (c->by_passages)
    g_string_append_printf (text, _("Record %s, shared passages (distance %u)"), c->id, c->distance);
  else if (c->by_short_text)
    g_string_append_printf (text, _("Record %s, a short text worded alike (distance %u)"), c->id, c->distance);
  else
    g_string_append_printf (text, _("Record %s, distance %u"), c->id, c->distance);
  if (c->case_number != 0)
    g_string_append_printf (text, _(" · case %u (primary %s)"), c->case_number, c->primary_id);
  g_string_append_printf (text, " · %s", kind_describe (c->kind));
  if (*evidence != '\0')
    g_string_append_printf (text, " · %s", evidence);
  g_string_append_c (text, '\n');
  g_string_append_printf (text, _("Dated %s"), date);
  if (c->status != NULL && *c->status != '\0')
    g_string_append_printf (text, _(" · state %s"), c->status);
  if (c->accepted != PR_DATE_NONE)
    {
      g_autofree char *accepted = pr_date_format_day (c->accepted);

      g_string_append_printf (text, _(" · accepted %s"), accepted);
    }
  if (*disposition != '\0')
    {
      g_string_append_printf (text, "\n%s", disposition);
      if (c->due != PR_DATE_NONE)
        {
          g_autofree char *due = pr_date_format_day (c->due);

          g_string_append_printf (text, _(" (the period ends %s)"), due);
        }
    }
  return g_string_free (text, FALSE);
}

static void
clear_answer (PrIntakePage *self)
{
  GtkWidget *child;

  pr_focus_leave (self->answer_list, NULL);
  while ((child = gtk_widget_get_first_child (self->answer_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->answer_list), child);
}

static void
set_busy (PrIntakePage *self,
          gboolean      busy)
{
  gtk_widget_set_sensitive (self->check_button, !busy);
  gtk_widget_set_sensitive (self->check_record_button, !busy);
}

static void
timeline_shown (GtkPopover *popover,
                const char *record_id)
{
  pr_timeline_view_show_record (PR_TIMELINE_VIEW (gtk_popover_get_child (popover)), record_id);
}

/* The timeline of the record typed by id: its own petitioner's, whether
 * or not it repeats an earlier case. */
static void
record_timeline_shown (PrIntakePage *self,
                       GtkPopover   *popover)
{
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->record_entry))));

  pr_timeline_view_show_record (PR_TIMELINE_VIEW (gtk_popover_get_child (popover)), id);
}

/* The verdict is the review window's decision: the window this page's
 * window belongs to (not an action group of its own, which would hold
 * the review window). */
static void
verdict_clicked (GtkWidget *button)
{
  GtkWindow *review = gtk_window_get_transient_for (GTK_WINDOW (gtk_widget_get_root (button)));

  if (review != NULL)
    gtk_widget_activate_action_variant (GTK_WIDGET (review), "win.intake-verdict",
                                        g_object_get_data (G_OBJECT (button), "verdict"));
}

/* One earlier record: its description, and its petitioner's timeline. */
static GtkWidget *
answer_row (PrIntakePage       *self,
            const PrIntakeCase *c)
{
  g_autofree char *text = pr_intake_case_describe (c);
  g_autofree char *name = g_strdup_printf ("intake-timeline-%s", c->id);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_margin_top (row, 4);
  gtk_widget_set_margin_bottom (row, 4);
  gtk_box_append (GTK_BOX (row), label);

  gtk_popover_set_child (GTK_POPOVER (popover), pr_timeline_view_new (self->session));
  g_signal_connect_data (popover, "show", G_CALLBACK (timeline_shown), g_strdup (c->id),
                         (GClosureNotify) G_CALLBACK (g_free), 0);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Timeline"));
  gtk_widget_set_tooltip_text (button, _("Everything this record's petitioner filed, by date"));
  gtk_widget_set_name (button, name);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_box_append (GTK_BOX (row), button);

  /* A record of the table in the earlier record's case, not its primary:
   * the clerk logs whether it repeats that case. */
  if (self->checked_id != NULL)
    {
      PrClusterItem *item = pr_session_find_cluster (self->session, self->checked_id);

      if (item != NULL && item == pr_session_find_cluster (self->session, c->id) &&
          g_strcmp0 (pr_cluster_item_get_primary_id (item), self->checked_id) != 0)
        {
          const char *const words[] = { "repeat", "not-repeat" };
          const char *const labels[] = { N_("Repeat"), N_("Not a Repeat") };

          for (guint v = 0; v < G_N_ELEMENTS (words); v++)
            {
              GtkWidget *verdict = gtk_button_new_with_label (_(labels[v]));
              g_autofree char *verdict_name = g_strdup_printf ("intake-%s-%s", words[v], c->id);
              g_autofree char *tip = g_strdup_printf (v == 0 ? _("Log record %s as a repeat of case %u")
                                                             : _("Log record %s as not a repeat of case %u"),
                                                      self->checked_id, pr_cluster_item_get_number (item));

              gtk_widget_set_name (verdict, verdict_name);
              gtk_widget_set_tooltip_text (verdict, tip);
              gtk_widget_set_valign (verdict, GTK_ALIGN_CENTER);
              g_object_set_data_full (G_OBJECT (verdict), "verdict",
                                      g_variant_ref_sink (g_variant_new ("(ss)", self->checked_id, words[v])),
                                      (GDestroyNotify) g_variant_unref);
              g_signal_connect (verdict, "clicked", G_CALLBACK (verdict_clicked), NULL);
              gtk_box_append (GTK_BOX (row), verdict);
            }
        }
    }
  return row;
}

static void
checked (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PrIntakePage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) answer = NULL;
  g_autofree char *status = NULL;
  g_autoptr(PrStoredCase) own_case = NULL;
  g_autofree char *notice = NULL;
  gboolean sparse = FALSE;
  gint64 microseconds = 0;

  answer = pr_session_intake_finish (PR_SESSION (source), result, &sparse, &microseconds, &own_case, &notice,
                                     &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  clear_answer (self);
  if (answer == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status_label), error->message);
      return;
    }
  /* A short text may still be found by its 3-grams (the second stage). */
  if (sparse && answer->len == 0)
    status = g_strdup (_("The petition is too short to be matched: type more of its text."));
  else if (answer->len == 0)
    status = g_strdup_printf (_("No earlier record repeats it (checked in %.1f ms)."), microseconds / 1e3);
  else
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u earlier record (checked in %.1f ms):",
                                           "%u earlier records (checked in %.1f ms):", answer->len),
                              answer->len, microseconds / 1e3);
  /* A record the store already holds in a case: that case is the answer. */
  if (own_case != NULL)
    {
      g_autofree char *in_case = g_strdup_printf (_("Already in case %u (primary record %s)."),
                                                  own_case->number, own_case->primary_id);
      char *both = g_strdup_printf ("%s %s", in_case, status);

      g_free (status);
      status = both;
    }
  /* Such as a store without an index of the passages: the first check is slow on a large table. */
  if (notice != NULL)
    {
      char *both = g_strdup_printf ("%s\n%s", status, notice);

      g_free (status);
      status = both;
    }
  gtk_label_set_text (GTK_LABEL (self->status_label), status);
  for (guint i = 0; i < answer->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->answer_list),
                         answer_row (self, &g_array_index (answer, PrIntakeCase, i)));
}

static void
preparing_progress (guint64  done,
                    guint64  total,
                    gpointer user_data)
{
  PrIntakePage *self = user_data;
  g_autofree char *text = NULL;

  /* A check asked meanwhile waits for this: the label says why. */
  if (self->preparing == NULL)
    return;
  if (total > 0)
    text = g_strdup_printf (_("Reading the stored passages for the first check: %llu of %llu records…"),
                            (unsigned long long) MIN (done, total), (unsigned long long) total);
  else
    text = g_strdup_printf (_("Reading the stored passages for the first check: %llu records…"),
                            (unsigned long long) done);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
}

static void
prepared (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(PrIntakePage) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean loaded = FALSE;
  gboolean ok = pr_session_intake_prepare_finish (PR_SESSION (source), result, &loaded, &error);
  /* A check asked meanwhile tells its own answer. */
  gboolean idle;

  /* The page ended (and cleared it): nothing to show. */
  if (self->preparing == NULL)
    return;
  idle = gtk_widget_get_sensitive (self->check_button);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    gtk_label_set_text (GTK_LABEL (self->status_label),
                        _("Stopped reading the stored passages: the first check reads them."));
  else if (!ok)
    /* Such as a table not scanned yet: the check, when asked, says it. */
    g_debug ("the intake's preparation failed: %s", error->message);
  else if (loaded && idle)
    gtk_label_set_text (GTK_LABEL (self->status_label), _("Ready: the stored passages are read."));
  g_clear_object (&self->preparing);
  gtk_widget_set_visible (self->stop_button, FALSE);
}

static void
stop_clicked (PrIntakePage *self)
{
  g_cancellable_cancel (self->preparing);
}

static void
start_preparing (PrIntakePage *self)
{
  self->preparing = g_cancellable_new ();
  gtk_widget_set_visible (self->stop_button, TRUE);
  pr_session_intake_prepare_async (self->session, self->table, self->mapping, preparing_progress, self,
                                   self->preparing, prepared, g_object_ref (self));
}

static void
start_check (PrIntakePage      *self,
             const char *const *values,
             const char        *record_id)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_free (self->checked_id);
  self->checked_id = g_strdup (record_id);
  set_busy (self, TRUE);
  gtk_label_set_text (GTK_LABEL (self->status_label), _("Checking…"));
  pr_session_intake_async (self->session, self->table, self->mapping, values, record_id,
                           self->cancellable, checked, g_object_ref (self));
}

/**
 * pr_intake_page_check_record:
 * @record_id: a record of the table
 *
 * Checks the record as if it came in now: the answer leaves it out.
 */
void
pr_intake_page_check_record (PrIntakePage *self,
                             const char   *record_id)
{
  gtk_editable_set_text (GTK_EDITABLE (self->record_entry), record_id);
  start_check (self, NULL, record_id);
}

static void
check_record_clicked (PrIntakePage *self)
{
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->record_entry))));

  if (*id == '\0')
    {
      gtk_label_set_text (GTK_LABEL (self->status_label), _("Type the id of a record of the table to check it."));
      return;
    }
  start_check (self, NULL, id);
}

static char *
field_text (GtkWidget *field)
{
  GtkTextIter start, end;
  GtkTextBuffer *buffer;

  if (GTK_IS_EDITABLE (field))
    return g_strdup (gtk_editable_get_text (GTK_EDITABLE (field)));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
check_clicked (PrIntakePage *self)
{
  guint n = pr_mapping_get_n_columns (self->mapping);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  for (guint c = 0; c < n; c++)
    {
      GtkWidget *field = self->fields->pdata[c];

      /* An empty value is none, as NULL in the table. */
      if (field == NULL)
        g_ptr_array_add (values, g_strdup (""));
      else
        {
          char *text = field_text (field);

          if (*text == '\0')
            g_clear_pointer (&text, g_free);
          g_ptr_array_add (values, text);
        }
    }
  start_check (self, (const char *const *) values->pdata, NULL);
}

/* The label of a column's field: its name, and what it tells of the petitioner. */
static char *
field_label (const PrMappingColumn *column)
{
  const char *name = column->label != NULL ? column->label : column->name;

  switch (column->identity)
    {
    case PR_IDENTITY_NAME: return g_strdup_printf (_("%s (name)"), name);
    case PR_IDENTITY_ID_CARD: return g_strdup_printf (_("%s (ID card)"), name);
    case PR_IDENTITY_PHONE: return g_strdup_printf (_("%s (phone)"), name);
    case PR_IDENTITY_ADDRESS: return g_strdup_printf (_("%s (address)"), name);
    case PR_IDENTITY_PETITIONER: return g_strdup_printf (_("%s (petitioner id)"), name);
    case PR_IDENTITY_NONE:
    default: return g_strdup (name);
    }
}

static void
build_fields (PrIntakePage *self)
{
  guint n = pr_mapping_get_n_columns (self->mapping);
  int row = 0;

  self->fields = g_ptr_array_new ();
  for (guint c = 0; c < n; c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (self->mapping, c);
      g_autofree char *text = NULL;
      GtkWidget *label, *field;

      if (column->role == PR_COLUMN_ROLE_ID || column->role == PR_COLUMN_ROLE_IGNORE)
        {
          g_ptr_array_add (self->fields, NULL);
          continue;
        }
      text = field_label (column);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      if (column->role == PR_COLUMN_ROLE_TEXT)
        {
          GtkWidget *scrolled = gtk_scrolled_window_new ();

          field = gtk_text_view_new ();
          gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (field), GTK_WRAP_WORD_CHAR);
          gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), field);
          gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 100);
          gtk_widget_set_hexpand (scrolled, TRUE);
          gtk_grid_attach (GTK_GRID (self->fields_grid), scrolled, 1, row, 1, 1);
        }
      else
        {
          field = gtk_entry_new ();
          gtk_widget_set_hexpand (field, TRUE);
          if (column->role == PR_COLUMN_ROLE_DATE)
            gtk_entry_set_placeholder_text (GTK_ENTRY (field), "2026-01-31");
          gtk_grid_attach (GTK_GRID (self->fields_grid), field, 1, row, 1, 1);
        }
      g_autofree char *name = g_strdup_printf ("intake-field-%s", column->name);
      gtk_widget_set_name (field, name);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
      gtk_grid_attach (GTK_GRID (self->fields_grid), label, 0, row, 1, 1);
      g_ptr_array_add (self->fields, field);
      row++;
    }
}

static void
pr_intake_page_dispose (GObject *object)
{
  PrIntakePage *self = PR_INTAKE_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_cancellable_cancel (self->preparing);
  g_clear_object (&self->preparing);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_INTAKE_PAGE);
  G_OBJECT_CLASS (pr_intake_page_parent_class)->dispose (object);
}

static void
pr_intake_page_finalize (GObject *object)
{
  PrIntakePage *self = PR_INTAKE_PAGE (object);

  g_free (self->table);
  g_free (self->checked_id);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  G_OBJECT_CLASS (pr_intake_page_parent_class)->finalize (object);
}

static void
pr_intake_page_class_init (PrIntakePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_intake_page_dispose;
  object_class->finalize = pr_intake_page_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-intake-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, record_entry);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, check_record_button);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, record_timeline_button);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, fields_grid);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, check_button);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, stop_button);
  gtk_widget_class_bind_template_child (widget_class, PrIntakePage, answer_list);
}

static void
pr_intake_page_init (PrIntakePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->check_record_button, "clicked", G_CALLBACK (check_record_clicked), self);
  g_signal_connect_swapped (self->record_entry, "activate", G_CALLBACK (check_record_clicked), self);
  g_signal_connect_swapped (self->check_button, "clicked", G_CALLBACK (check_clicked), self);
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (stop_clicked), self);
}

/**
 * pr_intake_page_new:
 * @session: the session, connected
 * @table: the table whose stored fingerprints are searched
 * @mapping: its mapping, as scanned
 *
 * Returns: (transfer full): the page
 */
GtkWidget *
pr_intake_page_new (PrSession       *session,
                    const char      *table,
                    const PrMapping *mapping)
{
  PrIntakePage *self = g_object_new (PR_TYPE_INTAKE_PAGE, NULL);

  self->session = g_object_ref (session);
  self->table = g_strdup (table);
  self->mapping = pr_mapping_copy (mapping);
  build_fields (self);
  {
    GtkWidget *popover = gtk_popover_new ();

    gtk_popover_set_child (GTK_POPOVER (popover), pr_timeline_view_new (session));
    g_signal_connect_object (popover, "show", G_CALLBACK (record_timeline_shown), self, G_CONNECT_SWAPPED);
    gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->record_timeline_button), popover);
  }
  start_preparing (self);
  return GTK_WIDGET (self);
}
