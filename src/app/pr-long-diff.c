/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pr-long-diff.c — the word diffs of a record's long texts against the
 * primary's, made on a worker.
 *
 * Two petitions of 10,000 and 20,000 characters take from 10 to over
 * 100 ms to tokenize and diff (more when they differ much): too long for
 * the turn that shows the record. The compare view shows the record's
 * own text meanwhile and marks it when the diffs come. The diffs kept
 * are of one record against one primary (the values' arrays, held, say
 * which); asking about another cancels those under way.
 */
#define G_LOG_DOMAIN "pr-long-diff"

#include "config.h"

#include "pr-long-diff.h"

#include "pr-long-text.h"

struct _PrLongDiff
{
  PrLongDiffReady  ready;
  gpointer         data;
  GCancellable    *diffing;   /* the diffs under way */
  GPtrArray       *diffed[2]; /* the primary's and the record's values they are of, or are for */
  GPtrArray       *diffs;     /* PrDiff, per column (NULL for a short one); nullable */
};

typedef struct
{
  GPtrArray *primary; /* char *, per column; owned copies */
  GPtrArray *values;
  gboolean  *columns; /* which to diff */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_ptr_array_unref (job->primary);
  g_ptr_array_unref (job->values);
  g_free (job->columns);
  g_free (job);
}

static GPtrArray *
copy_strings (GPtrArray *strings)
{
  GPtrArray *copy = g_ptr_array_new_full (strings->len, g_free);

  for (guint i = 0; i < strings->len; i++)
    g_ptr_array_add (copy, g_strdup (strings->pdata[i]));
  return copy;
}

static void
diff_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(GPtrArray) diffs = g_ptr_array_new_full (job->values->len, (GDestroyNotify) pr_diff_free);

  for (guint c = 0; c < job->values->len; c++)
    {
      const char *primary = c < job->primary->len ? job->primary->pdata[c] : NULL;
      const char *value = job->values->pdata[c];

      if (g_task_return_error_if_cancelled (task))
        return;
      g_ptr_array_add (diffs, job->columns[c] && tokenizer != NULL
                                ? pr_diff_words (tokenizer, primary != NULL ? primary : "", -1,
                                                 value != NULL ? value : "", -1, NULL, NULL)
                                : NULL);
    }
  g_task_return_pointer (task, g_steal_pointer (&diffs), (GDestroyNotify) g_ptr_array_unref);
}

static void
diffs_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(GPtrArray) diffs = g_task_propagate_pointer (G_TASK (result), NULL);
  PrLongDiff *self;

  /* Cancelled: another record or case was asked about, or the view went. */
  if (diffs == NULL || g_cancellable_is_cancelled (cancellable))
    return;
  self = g_object_get_data (G_OBJECT (cancellable), "pr-long-diff");
  g_clear_object (&self->diffing);
  self->diffs = g_steal_pointer (&diffs);
  self->ready (self->data);
}

PrLongDiff *
pr_long_diff_new (PrLongDiffReady ready,
                  gpointer        data)
{
  PrLongDiff *self = g_new0 (PrLongDiff, 1);

  self->ready = ready;
  self->data = data;
  return self;
}

/* Drops the diffs, and cancels those under way. */
void
pr_long_diff_forget (PrLongDiff *self)
{
  g_cancellable_cancel (self->diffing);
  g_clear_object (&self->diffing);
  g_clear_pointer (&self->diffed[0], g_ptr_array_unref);
  g_clear_pointer (&self->diffed[1], g_ptr_array_unref);
  g_clear_pointer (&self->diffs, g_ptr_array_unref);
}

/* Whether @self's diffs are, or are being made, of @values against @primary. */
gboolean
pr_long_diff_is_for (PrLongDiff *self,
                     GPtrArray  *primary,
                     GPtrArray  *values)
{
  return self->diffed[0] == primary && self->diffed[1] == values;
}

void
pr_long_diff_free (PrLongDiff *self)
{
  pr_long_diff_forget (self);
  g_free (self);
}

/**
 * pr_long_diff_get:
 * @primary: (element-type utf8): the primary's values, in @mapping's order
 * @values: (element-type utf8): the record's
 *
 * Returns: (nullable): the diff of @column of @values against @primary's,
 *   if made; else NULL, and the diffs of all their long texts are made on
 *   a worker (once), @self's ready function called when they are
 */
const PrDiff *
pr_long_diff_get (PrLongDiff      *self,
                  const PrMapping *mapping,
                  GPtrArray       *primary,
                  GPtrArray       *values,
                  guint            column)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (pr_long_diff_is_for (self, primary, values))
    return self->diffs != NULL && column < self->diffs->len ? self->diffs->pdata[column] : NULL;
  pr_long_diff_forget (self);
  self->diffed[0] = g_ptr_array_ref (primary);
  self->diffed[1] = g_ptr_array_ref (values);
  self->diffing = g_cancellable_new ();
  g_object_set_data (G_OBJECT (self->diffing), "pr-long-diff", self);
  job = g_new0 (Job, 1);
  job->primary = copy_strings (primary);
  job->values = copy_strings (values);
  job->columns = g_new0 (gboolean, values->len);
  for (guint c = 0; c < values->len && c < primary->len && c < pr_mapping_get_n_columns (mapping); c++)
    job->columns[c] = pr_mapping_get_column (mapping, c)->role == PR_COLUMN_ROLE_TEXT &&
                      (pr_long_text_is_long (primary->pdata[c]) || pr_long_text_is_long (values->pdata[c]));
  task = g_task_new (NULL, self->diffing, diffs_done, g_object_ref (self->diffing));
  g_task_set_task_data (task, job, job_free);
  g_task_set_source_tag (task, pr_long_diff_get);
  g_task_run_in_thread (task, diff_in_thread);
  return NULL;
}
