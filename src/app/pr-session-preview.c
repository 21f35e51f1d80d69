/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The mapping page's preview: the table's first rows as the mapping reads
 * them (dates, tokens), on the session's worker thread.
 */
#define G_LOG_DOMAIN "pr-session-preview"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-record-reader.h"

typedef struct {
  char      *table;
  PrMapping *mapping;
  guint      limit;
  PrDateOrder date_order;
  GPtrArray *lines;
  PrTokenizer *tokenizer;
} PreviewData;

static void
preview_data_free (PreviewData *data)
{
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_clear_pointer (&data->lines, g_ptr_array_unref);
  g_clear_pointer (&data->tokenizer, pr_tokenizer_free);
  g_free (data);
}

static void
append_token (const char *token,
              gsize       length,
              gpointer    user_data)
{
  GString *line = user_data;

  if (line->len > 0 && line->str[line->len - 1] != ' ')
    g_string_append (line, " | ");
  g_string_append_len (line, token, length);
}

static gboolean
preview_row (const char *const *values,
             const gsize       *lengths,
             gpointer           user_data)
{
  PreviewData *data = user_data;
  GString *line = g_string_new (NULL);

  for (guint c = 0; c < pr_mapping_get_n_columns (data->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (data->mapping, c);

      if (values[c] == NULL)
        continue;
      switch (column->role)
        {
        case PR_COLUMN_ROLE_ID:
          g_string_append_printf (line, "%.*s: ", (int) lengths[c], values[c]);
          break;
        case PR_COLUMN_ROLE_SHORT:
          g_string_append_printf (line, "[%s=%.*s] ", pr_mapping_column_get_label (column), (int) MIN (lengths[c], 64),
                                  values[c]);
          break;
        case PR_COLUMN_ROLE_TEXT:
          {
            g_autoptr(GError) error = NULL;
            GString *words = g_string_new (NULL);

            /* The words the fingerprint is made of, as the engine breaks
             * and normalises them. */
            if (!pr_tokenizer_tokenize (data->tokenizer, values[c], MIN (lengths[c], 600),
                                        append_token, words, &error))
              g_string_append_printf (words, "(%s)", error->message);
            g_string_append_printf (line, "%s ", words->str);
            g_string_free (words, TRUE);
          }
          break;
        case PR_COLUMN_ROLE_DATE:
          {
            gint64 seconds;
            int offset;
            g_autofree char *shown = NULL;
            PrDateStatus status = pr_date_read (values[c], data->date_order, &seconds, &offset);

            /* The date as the scan reads it, or why it reads none: a
             * wrong date column shows here, before the scan. */
            if (status == PR_DATE_OK)
              shown = pr_date_format (seconds);
            else if (status == PR_DATE_AMBIGUOUS)
              shown = g_strdup_printf (_("“%.*s”: day first or month first?"), (int) MIN (lengths[c], 64), values[c]);
            else if (lengths[c] > 0)
              shown = g_strdup_printf (_("“%.*s”: not a date"), (int) MIN (lengths[c], 64), values[c]);
            if (shown != NULL)
              g_string_append_printf (line, "[%s: %s] ", pr_mapping_column_get_label (column), shown);
          }
          break;
        default:
          break;
        }
    }
  g_ptr_array_add (data->lines, g_string_free (line, FALSE));
  return TRUE;
}

static void
preview_job (PrSession *self,
             GTask     *task)
{
  PreviewData *data = g_task_get_task_data (task);
  GError *error = NULL;

  data->lines = g_ptr_array_new_with_free_func (g_free);
  data->tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  if (data->tokenizer == NULL ||
      !pr_record_reader_head (self->connection, data->table, data->mapping, data->limit, PR_ADVICE_CONTROLS,
                              preview_row, data, &error))
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&data->lines), (GDestroyNotify) g_ptr_array_unref);
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
