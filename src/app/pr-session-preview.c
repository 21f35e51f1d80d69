/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The mapping page's preview: the table's first rows as the mapping reads
 * them (dates, tokens), on the session's worker thread.
 */
#define G_LOG_DOMAIN "pr-session-preview"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-date-column.h"
#include "pr-record-reader.h"

typedef struct {
  char      *table;
  PrMapping *mapping;
  guint      limit;
  PrDateOrder date_order;
  GPtrArray *rows;        /* each record's parts (GPtrArray of strings) */
  PrTokenizer *tokenizer;
  int        date_column;
  GPtrArray *date_texts;  /* each line's date, shown once the column is read */
  GArray    *date_at;     /* gsize: which of its parts */
} PreviewData;

static void
preview_data_free (PreviewData *data)
{
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_clear_pointer (&data->rows, g_ptr_array_unref);
  g_clear_pointer (&data->tokenizer, pr_tokenizer_free);
  g_clear_pointer (&data->date_texts, g_ptr_array_unref);
  g_clear_pointer (&data->date_at, g_array_unref);
  g_free (data);
}

/* The words of a text field, apart as the engine breaks them; a middle
 * dot between, not a sign a clerk would read as part of the text. */
static void
append_token (const char *token,
              gsize       length,
              gpointer    user_data)
{
  GString *words = user_data;

  if (words->len > 0)
    g_string_append (words, " · ");
  g_string_append_len (words, token, length);
}

/* A field as the clerk reads it: its name, then its value. */
static char *
field_text (const PrMappingColumn *column,
            const char            *value)
{
  /* Translators: a field of the mapping page's preview: its name, then its value */
  return g_strdup_printf (_("%s: %s"), pr_mapping_column_get_label (column),
                          *value != '\0' ? value : _("(empty)"));
}

static gboolean
preview_row (const char *const *values,
             const gsize       *lengths,
             gpointer           user_data)
{
  PreviewData *data = user_data;
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
  gsize date_at = G_MAXSIZE;

  for (guint c = 0; c < pr_mapping_get_n_columns (data->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (data->mapping, c);

      if (values[c] == NULL && column->role != PR_COLUMN_ROLE_SHORT && column->role != PR_COLUMN_ROLE_TEXT)
        continue;
      switch (column->role)
        {
        case PR_COLUMN_ROLE_ID:
          /* Translators: the first part of a record in the mapping page's preview: its id */
          g_ptr_array_insert (parts, 0, g_strdup_printf (_("Record %.*s"), (int) lengths[c], values[c]));
          if (date_at != G_MAXSIZE)
            date_at++;
          break;
        case PR_COLUMN_ROLE_SHORT:
          {
            g_autofree char *value = values[c] != NULL ? g_strndup (values[c], MIN (lengths[c], 64)) : g_strdup ("");

            g_ptr_array_add (parts, field_text (column, g_strstrip (value)));
          }
          break;
        case PR_COLUMN_ROLE_TEXT:
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(GString) words = g_string_new (NULL);

            /* The words the fingerprint is made of, as the engine breaks
             * and normalises them. */
            if (values[c] != NULL &&
                !pr_tokenizer_tokenize (data->tokenizer, values[c], MIN (lengths[c], 600),
                                        append_token, words, &error))
              g_string_printf (words, "(%s)", error->message);
            g_ptr_array_add (parts, field_text (column, words->str));
          }
          break;
        case PR_COLUMN_ROLE_DATE:
          /* Put in once the column is read (show_dates ()). */
          data->date_column = c;
          g_ptr_array_add (data->date_texts, g_strndup (values[c], lengths[c]));
          date_at = parts->len;
          break;
        default:
          break;
        }
    }
  if (data->date_texts->len < data->rows->len + 1)
    g_ptr_array_add (data->date_texts, NULL);
  g_array_append_val (data->date_at, date_at);
  g_ptr_array_add (data->rows, parts);
  return TRUE;
}

/* Each line's date as the scan reads it, or why it reads none: a wrong
 * date column shows here, before the scan. The dates that read alone are
 * read as the scan reads the column: one may be no date there (3点 in a
 * column that writes 下午 elsewhere). The others say why alone, and are
 * left out of the column's reading (a date that needs its order would
 * stop it); where the column as a whole cannot be read, each date is
 * read alone. */
static void
show_dates (PreviewData *data)
{
  const PrMappingColumn *column;
  g_autofree const char **readable = NULL;
  g_autofree gint64 *dates = NULL;
  guint n = data->date_texts->len;

  if (data->date_column < 0)
    return;
  column = pr_mapping_get_column (data->mapping, data->date_column);
  readable = g_new0 (const char *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const char *text = data->date_texts->pdata[i];
      gint64 seconds;
      int offset;

      if (text != NULL && pr_date_read (text, data->date_order, &seconds, &offset) == PR_DATE_OK)
        readable[i] = text;
    }
  dates = pr_date_column_read_texts (column->name, data->date_order, PR_ADVICE_CONTROLS, N_("record"),
                                     readable, NULL, n, 0, NULL);
  for (guint i = 0; i < n; i++)
    {
      const char *text = data->date_texts->pdata[i];
      gsize at = g_array_index (data->date_at, gsize, i);
      gint64 seconds = PR_DATE_NONE;
      int offset;
      PrDateStatus status;
      g_autofree char *shown = NULL;

      if (text == NULL || at == G_MAXSIZE)
        continue;
      status = pr_date_read (text, data->date_order, &seconds, &offset);
      if (status == PR_DATE_OK && dates != NULL)
        seconds = dates[i];
      if (status == PR_DATE_OK && seconds != PR_DATE_NONE)
        shown = pr_date_format (seconds);
      else if (status == PR_DATE_AMBIGUOUS)
        shown = g_strdup_printf (_("“%.*s”: day first or month first?"), (int) MIN (strlen (text), 64), text);
      else if (*text != '\0')
        shown = g_strdup_printf (_("“%.*s”: not a date"), (int) MIN (strlen (text), 64), text);
      else
        continue;
      g_ptr_array_insert (data->rows->pdata[i], at, field_text (column, shown));
    }
}

/* Each record on a line of its own, its parts apart. */
static GPtrArray *
join_rows (PreviewData *data)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < data->rows->len; i++)
    {
      GPtrArray *parts = data->rows->pdata[i];

      g_ptr_array_add (parts, NULL);
      /* Translators: between the fields of a record in the mapping page's preview */
      g_ptr_array_add (lines, g_strjoinv (_("; "), (char **) parts->pdata));
      g_ptr_array_set_size (parts, parts->len - 1);
    }
  return lines;
}

static void
preview_job (PrSession *self,
             GTask     *task)
{
  PreviewData *data = g_task_get_task_data (task);
  GError *error = NULL;

  data->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  data->date_texts = g_ptr_array_new_with_free_func (g_free);
  data->date_at = g_array_new (FALSE, FALSE, sizeof (gsize));
  data->date_column = -1;
  data->tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  if (data->tokenizer == NULL ||
      !pr_record_reader_head (self->connection, data->table, data->mapping, data->limit, PR_ADVICE_CONTROLS,
                              preview_row, data, &error))
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  show_dates (data);
  g_task_return_pointer (task, join_rows (data), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * pr_session_preview_async:
 * @limit: how many records
 *
 * The first records of @table as the engine sees them with @mapping: the
 * id, the short fields whole, and the words of the text fields.
 */
void
pr_session_preview_async (PrSession           *self,
                          const char          *table,
                          const PrMapping     *mapping,
                          guint                limit,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  PreviewData *data = g_new0 (PreviewData, 1);

  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->limit = MAX (limit, 1);
  data->date_order = self->date_order;
  g_task_set_task_data (task, data, (GDestroyNotify) preview_data_free);
  _pr_session_push_job (self, task, preview_job);
}

/* Returns: (transfer full) (element-type utf8): one line per record */
GPtrArray *
pr_session_preview_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
