/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The export's file chooser: it opens in the folder of the last report
 * while it is there, else in the Documents folder (the home folder if
 * there is none), with a name that says what the file is, for
 * which table and on which day, in the reviewer's language; and it asks
 * whether to export the cases the list shows or all of them. It offers
 * CSV and Excel workbooks (.xlsx).
 * It is GTK's own chooser, one of the application's windows, so that
 * Ctrl+Q and F1 work in it as in every other: GtkFileChooserNative's
 * stand-in is a window of its own, out of the application's reach, and
 * its desktop portal is another process.
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

/* Returns: (transfer full) (nullable): @name with .xlsx for its .csv, or
 * %NULL when it does not end in .csv */
static char *
csv_as_xlsx (const char *name)
{
  size_t n = name != NULL ? strlen (name) : 0;

  if (n > 4 && g_ascii_strcasecmp (name + n - 4, ".csv") == 0)
    return g_strdup_printf ("%.*s.xlsx", (int) (n - 4), name);
  return NULL;
}

/**
 * pr_export_file_for_type:
 * @chosen: the file named in the dialog
 * @xlsx_type: whether the workbook's file type was chosen
 *
 * The file to write: a name ending in .xlsx is a workbook whatever the
 * file type; otherwise the type chosen decides, and a workbook's name gets
 * .xlsx in place of .csv (or after the name), as when the type was chosen
 * before a name without an extension was typed.
 *
 * Returns: (transfer full): the file
 */
GFile *
pr_export_file_for_type (GFile    *chosen,
                         gboolean  xlsx_type)
{
  g_autofree char *name = g_file_get_basename (chosen);
  g_autofree char *renamed = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (chosen);

  if (!xlsx_type || pr_report_path_is_xlsx (name) || parent == NULL)
    return g_object_ref (chosen);
  if ((renamed = csv_as_xlsx (name)) == NULL)
    renamed = g_strconcat (name, ".xlsx", NULL);
  return g_file_get_child (parent, renamed);
}

/* Whether @filter is the workbooks' */
gboolean
pr_export_filter_is_xlsx (GtkFileFilter *filter)
{
  return filter != NULL && g_object_get_data (G_OBJECT (filter), "pr-xlsx") != NULL;
}

/* The name typed, its extension made the file type's: .csv and .xlsx
 * swapped; any other name as it is. Otherwise a workbook would be saved
 * after GTK asked whether to replace the CSV file of the same name (which
 * stays as it is). */
static void
name_follows_type (GtkFileChooser *inner,
                   GParamSpec     *pspec,
                   gpointer        user_data)
{
  g_autofree char *name = gtk_file_chooser_get_current_name (inner);
  gboolean xlsx = pr_export_filter_is_xlsx (gtk_file_chooser_get_filter (inner));
  g_autofree char *renamed = NULL;
  size_t n = name != NULL ? strlen (name) : 0;

  if (xlsx)
    renamed = csv_as_xlsx (name);
  else if (n > 5 && g_ascii_strcasecmp (name + n - 5, ".xlsx") == 0)
    renamed = g_strdup_printf ("%.*s.csv", (int) (n - 5), name);
  if (renamed != NULL)
    gtk_file_chooser_set_current_name (inner, renamed);
}

/* Returns: (transfer full) (nullable): the file to write, as
 * pr_export_file_for_type () makes it; %NULL if none was chosen */
GFile *
pr_export_dialog_get_file (GtkFileChooser *dialog)
{
  g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  if (chosen == NULL)
    return NULL;
  return pr_export_file_for_type (chosen, pr_export_filter_is_xlsx (gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog))));
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
 * pr_export_start_folder:
 * @last: (nullable): the URI of the last report's folder
 *
 * Returns: (transfer full): the folder @last names while it is one (a
 *   folder elsewhere than on this machine as it is, the chooser checking
 *   it), else pr_export_default_folder ()
 */
GFile *
pr_export_start_folder (const char *last)
{
  g_autoptr(GFile) folder = last != NULL && *last != '\0' ? g_file_new_for_uri (last) : NULL;

  /* A local folder is looked at here: a report's folder deleted since
   * (a USB stick taken out) would leave the chooser in an error. */
  if (folder != NULL && (!g_file_is_native (folder) ||
                         g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY))
    return g_steal_pointer (&folder);
  return pr_export_default_folder ();
}

/**
 * pr_export_dialog_new:
 * @last_folder: (nullable): the URI of the last report's folder
 * @n_shown: the cases the list shows (filtered)
 * @n_all: all the cases of the scan
 *
 * The choice starts at the cases shown, each time: what the reviewer
 * sees is what is exported unless they say otherwise.
 *
 * Returns: (transfer none): the export's save dialog, modal over
 *   @parent (nullable) and not shown yet; destroy it when done
 */
GtkWidget *
pr_export_dialog_new (GtkWindow  *parent,
                      const char *table,
                      const char *last_folder,
                      guint       n_shown,
                      guint       n_all)
{
  GtkWidget *dialog;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *name = pr_export_suggest_name (table, now);
  g_autoptr(GFile) folder = pr_export_start_folder (last_folder);
  g_autofree char *shown = NULL;
  g_autofree char *every = NULL;
  const char *options[] = { "shown", "all", NULL };
  const char *labels[3] = { NULL, NULL, NULL };

  dialog = gtk_file_chooser_dialog_new (_("Export the Duplicate Report"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
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
    g_object_set_data (G_OBJECT (xlsx), "pr-xlsx", GINT_TO_POINTER (TRUE));
  }
  shown = g_strdup_printf (ngettext ("The %u case shown", "The %u cases shown", n_shown), n_shown);
  every = g_strdup_printf (ngettext ("All %u case", "All %u cases", n_all), n_all);
  labels[0] = shown;
  labels[1] = every;
  /* Translators: the export dialog's choice: the cases shown or all */
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "scope", _("Export"), options, labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "scope", "shown");
  g_signal_connect (dialog, "notify::filter", G_CALLBACK (name_follows_type), NULL);
  return dialog;
}

/* Whether the reviewer chose all the cases rather than those shown. */
gboolean
pr_export_dialog_get_all (GtkFileChooser *dialog)
{
  return g_strcmp0 (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "scope"), "all") == 0;
}
