/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The export's file chooser: it opens in the Documents folder (the home
 * folder if there is none), with a name that says what the file is, for
 * which table and on which day, in the reviewer's language; and it asks
 * whether to export the cases the list shows or all of them. It offers
 * CSV and Excel workbooks (.xlsx): the name's extension says which is
 * written, and choosing the other file type changes the extension.
 */
#define G_LOG_DOMAIN "pr-export-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "pr-export-dialog.h"
#include "pr-report-table.h"

/**
 * pr_export_suggest_name:
 * @table: the table scanned
 * @now: the moment of the export; its local day goes in the name
 *
 * Returns: (transfer full): "repeat-petition-report-<table>-YYYY-MM-DD.csv",
 *   translated; characters a file name cannot hold in @table made "_"
 */
char *
pr_export_suggest_name (const char *table,
                        GDateTime  *now)
{
  g_autofree char *safe = g_strdelimit (g_strdup (table != NULL ? table : ""), "/\\:*?\"<>|", '_');
  g_autoptr(GDateTime) local = g_date_time_to_local (now);
  g_autofree char *day = g_date_time_format (local, "%Y-%m-%d");

  /* Translators: the report's file name: the table, then the day
   * (YYYY-MM-DD); keep .csv (重复信访报告-%s-%s.csv) */
  return g_strdup_printf (_("repeat-petition-report-%s-%s.csv"), safe, day);
}

/* The chosen file type changes the name's extension, where the dialog
 * lets its name be read (GTK's own; a portal's says nothing until it
 * closes): what is written is what the name says. */
static void
filter_changed (GtkFileChooser *chooser,
                GParamSpec     *pspec,
                gpointer        user_data)
{
  GtkFileFilter *xlsx = user_data;
  gboolean want_xlsx = gtk_file_chooser_get_filter (chooser) == xlsx;
  g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
  g_autofree char *renamed = NULL;
  size_t n;

  if (name == NULL)
    return;
  n = strlen (name);
  if (want_xlsx && n > 4 && g_ascii_strcasecmp (name + n - 4, ".csv") == 0)
    renamed = g_strdup_printf ("%.*s.xlsx", (int) (n - 4), name);
  else if (!want_xlsx && pr_report_path_is_xlsx (name))
    renamed = g_strdup_printf ("%.*s.csv", (int) (n - 5), name);
  if (renamed != NULL)
    gtk_file_chooser_set_current_name (chooser, renamed);
}

/* Returns: (transfer full): the Documents folder, or the home folder */
GFile *
pr_export_default_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

/**
 * pr_export_dialog_new:
 * @n_shown: the cases the list shows (filtered)
 * @n_all: all the cases of the scan
 *
 * The choice starts at the cases shown, each time: what the reviewer
 * sees is what is exported unless they say otherwise.
 *
 * Returns: (transfer full): the export's save dialog, not shown yet
 */
GtkFileChooserNative *
pr_export_dialog_new (GtkWindow  *parent,
                      const char *table,
                      guint       n_shown,
                      guint       n_all)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *name = pr_export_suggest_name (table, now);
  g_autoptr(GFile) folder = pr_export_default_folder ();
  g_autofree char *shown = NULL;
  g_autofree char *every = NULL;
  const char *options[] = { "shown", "all", NULL };
  const char *labels[3] = { NULL, NULL, NULL };

  dialog = gtk_file_chooser_native_new (_("Export the Duplicate Report"), parent,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  /* Without a filter GTK's chooser shows an empty "(None)" beside the choice. */
  {
    g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
    g_autoptr(GtkFileFilter) xlsx = gtk_file_filter_new ();

    gtk_file_filter_set_name (csv, _("CSV files (open in Excel or WPS)"));
    gtk_file_filter_add_pattern (csv, "*.csv");
    gtk_file_filter_add_pattern (csv, "*.CSV");
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), csv);
    /* Translators: the export's other file type (表格 (.xlsx，Excel 或 WPS)) */
    gtk_file_filter_set_name (xlsx, _("Spreadsheet (.xlsx, for Excel or WPS)"));
    gtk_file_filter_add_pattern (xlsx, "*.xlsx");
    gtk_file_filter_add_pattern (xlsx, "*.XLSX");
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), xlsx);
    gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), csv);
    /* The dialog holds the filter as long as it lives. */
    g_signal_connect (dialog, "notify::filter", G_CALLBACK (filter_changed), xlsx);
  }
  shown = g_strdup_printf (ngettext ("The %u case shown", "The %u cases shown", n_shown), n_shown);
  every = g_strdup_printf (ngettext ("All %u case", "All %u cases", n_all), n_all);
  labels[0] = shown;
  labels[1] = every;
  /* Translators: the export dialog's choice: the cases shown or all */
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "scope", _("Export"), options, labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "scope", "shown");
  return dialog;
}

/* Whether the reviewer chose all the cases rather than those shown. */
gboolean
pr_export_dialog_get_all (GtkFileChooserNative *dialog)
{
  return g_strcmp0 (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "scope"), "all") == 0;
}
