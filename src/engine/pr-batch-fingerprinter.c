/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Fingerprints a batch of records on several threads. Reading stays on one
 * thread (a CSV file, a database cursor); the tokenizer is the cost, so the
 * batch is shared out to one fingerprinter per thread. Threads take small
 * runs of records from a shared counter, because petition bodies vary from
 * ten characters to ten thousand.
 */
#define G_LOG_DOMAIN "pr-batch-fingerprinter"

#include "config.h"

#include "pr-batch-fingerprinter.h"
#include "pr-threads.h"

#define RUN_LENGTH 32

struct _PrBatchFingerprinter
{
  guint             n_threads;
  guint             n_columns;
  PrFingerprinter **fingerprinters;
};

typedef struct {
  PrBatchFingerprinter *self;
  gsize                 n_records;
  const char *const    *values;
  const gsize          *lengths;
  PrFingerprint        *results;
  GCancellable         *cancellable;
  gssize                next;       /* atomic: first record not yet taken */
  gssize                failed;     /* atomic: lowest failed record, or G_MAXSSIZE */
  GMutex                lock;
  GError               *error;      /* the error of the lowest failed record */
} Job;

typedef struct {
  Job             *job;
  PrFingerprinter *fingerprinter;
} Worker;

/**
 * pr_batch_fingerprinter_new:
 * @mapping: the columns; values come in its order
 * @flags: tokenizer flags
 * @min_tokens: see pr_fingerprinter_new()
 * @n_threads: threads to use, 0 for one per processor
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a batch fingerprinter
 */
PrBatchFingerprinter *
pr_batch_fingerprinter_new (const PrMapping   *mapping,
                            PrTokenizerFlags   flags,
                            guint              min_tokens,
                            guint              n_threads,
                            GError           **error)
{
  g_autoptr(PrBatchFingerprinter) self = g_new0 (PrBatchFingerprinter, 1);

  g_return_val_if_fail (mapping != NULL, NULL);

  self->n_threads = pr_threads_resolve (n_threads);
  self->n_columns = pr_mapping_get_n_columns (mapping);
  self->fingerprinters = g_new0 (PrFingerprinter *, self->n_threads);
  for (guint i = 0; i < self->n_threads; i++)
    {
      self->fingerprinters[i] = pr_fingerprinter_new (mapping, flags, min_tokens, error);
      if (self->fingerprinters[i] == NULL)
        return NULL;
    }

  return g_steal_pointer (&self);
}

void
pr_batch_fingerprinter_free (PrBatchFingerprinter *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->n_threads; i++)
    pr_fingerprinter_free (self->fingerprinters[i]);
  g_free (self->fingerprinters);
  g_free (self);
}

/* With @parts, every record's parts come with its fingerprint
 * (pr_fingerprinter_set_parts ()); the caller frees them. */
void
pr_batch_fingerprinter_set_parts (PrBatchFingerprinter *self,
                                  gboolean              parts)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->n_threads; i++)
    pr_fingerprinter_set_parts (self->fingerprinters[i], parts);
}

/* How every fingerprinter cuts the parts (pr_fingerprinter_set_part_method ()). */
void
pr_batch_fingerprinter_set_part_method (PrBatchFingerprinter *self,
                                        const PrPartMethod   *method)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->n_threads; i++)
    pr_fingerprinter_set_part_method (self->fingerprinters[i], method);
}

/* With @keep, every record's distinct features come with its fingerprint
 * (pr_fingerprinter_set_keep_features ()); the caller frees them. */
void
pr_batch_fingerprinter_set_keep_features (PrBatchFingerprinter *self,
                                          gboolean              keep)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->n_threads; i++)
    pr_fingerprinter_set_keep_features (self->fingerprinters[i], keep);
}

/* With @keep, every record's words come with its fingerprint
 * (pr_fingerprinter_set_keep_words ()); the caller frees them. */
void
pr_batch_fingerprinter_set_keep_words (PrBatchFingerprinter *self,
                                       gboolean              keep)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->n_threads; i++)
    pr_fingerprinter_set_keep_words (self->fingerprinters[i], keep);
}

guint
pr_batch_fingerprinter_get_n_threads (PrBatchFingerprinter *self)
{
  g_return_val_if_fail (self != NULL, 1);

  return self->n_threads;
}

static void
work (gpointer data,
      guint    index)
{
  Worker *worker = (Worker *) data + index;
  Job *job = worker->job;
  guint n_columns = job->self->n_columns;

  for (;;)
    {
      gssize start = g_atomic_pointer_add (&job->next, RUN_LENGTH);
      gssize end = MIN (start + RUN_LENGTH, (gssize) job->n_records);

      if (start >= (gssize) job->n_records || g_cancellable_is_cancelled (job->cancellable))
        break;
      /* Records after a failure are not needed: the caller stops there. */
      if (start > g_atomic_pointer_get (&job->failed))
        break;

      for (gssize r = start; r < end; r++)
        {
          GError *error = NULL;

          if (pr_fingerprinter_compute (worker->fingerprinter,
                                        job->values + r * n_columns,
                                        job->lengths != NULL ? job->lengths + r * n_columns : NULL,
                                        &job->results[r], &error))
            continue;

          g_mutex_lock (&job->lock);
          if (r < job->failed)
            {
              g_clear_error (&job->error);
              job->error = g_steal_pointer (&error);
              g_atomic_pointer_set (&job->failed, r);
            }
          g_mutex_unlock (&job->lock);
          g_clear_error (&error);
          break;
        }
    }
}

/**
 * pr_batch_fingerprinter_run:
 * @self: a #PrBatchFingerprinter
 * @n_records: records in the batch
 * @values: @n_records × the mapping's columns, row after row; %NULL is SQL NULL
 * @lengths: (nullable): their lengths, in the same layout
 * @results: (out caller-allocates): @n_records fingerprints
 * @failed_record: (out) (optional): on error, the index of the first record
 *   that failed
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Returns: %FALSE if a record could not be fingerprinted (the error is that
 *   of the first such record) or the work was cancelled.
 */
gboolean
pr_batch_fingerprinter_run (PrBatchFingerprinter  *self,
                            gsize                  n_records,
                            const char *const     *values,
                            const gsize           *lengths,
                            PrFingerprint         *results,
                            gsize                 *failed_record,
                            GCancellable          *cancellable,
                            GError               **error)
{
  Job job = { self, n_records, values, lengths, results, cancellable, 0, G_MAXSSIZE };
  g_autofree Worker *workers = NULL;
  guint n_threads;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (values != NULL || n_records == 0, FALSE);

  /* Thread start-up costs more than a few records do. */
  n_threads = MIN (self->n_threads, MAX (1, n_records / (RUN_LENGTH * 2)));
  workers = g_new (Worker, n_threads);
  g_mutex_init (&job.lock);

  for (guint i = 0; i < n_threads; i++)
    {
      workers[i].job = &job;
      workers[i].fingerprinter = self->fingerprinters[i];
    }
  pr_threads_run ("pr-fingerprint", n_threads, work, workers);
  g_mutex_clear (&job.lock);

  if (job.error != NULL)
    {
      if (failed_record != NULL)
        *failed_record = job.failed;
      g_propagate_error (error, job.error);
      return FALSE;
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  return TRUE;
}
