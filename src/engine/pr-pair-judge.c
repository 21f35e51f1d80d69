/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage over a record set: reads each record of a candidate
 * pair as the features want it (pr-pair-features.c) and scores it with a
 * model (pr-pair-model.c), on several threads.
 *
 * Which value is which: with two text columns or more the first is the
 * subject, compared as a field of its own, and the others together are
 * the body; with one, it is the body. A record whose body is empty is
 * read by its subject. The short columns but the petitioner's are the
 * fields compared as equal or not (a category, a place).
 */
#define G_LOG_DOMAIN "pr-pair-judge"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-pair-judge.h"
#include "pr-threads.h"

/**
 * pr_pair_record_from_texts:
 * @texts: one value per mapping column (NULL for none), as
 *   PrRecordSet.texts keeps them
 * @body: scratch for the body, kept while @record is used
 * @fields: scratch for the fields, kept while @record is used
 */
void
pr_pair_record_from_texts (const PrMapping   *mapping,
                           char *const       *texts,
                           gint64             date,
                           guint64            petitioner,
                           guint64            fingerprint,
                           PrPairRecord      *record,
                           GString           *body,
                           GPtrArray         *fields)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  gboolean with_subject = pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT) >= 2;
  const char *subject = NULL;
  gboolean first_text = TRUE;

  g_string_truncate (body, 0);
  g_ptr_array_set_size (fields, 0);
  for (guint c = 0; c < n_columns; c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      const char *value = texts[c] != NULL && texts[c][0] != '\0' ? texts[c] : NULL;

      if (column->role == PR_COLUMN_ROLE_TEXT)
        {
          if (with_subject && first_text)
            subject = value;
          else if (value != NULL)
            {
              if (body->len > 0)
                g_string_append_c (body, '\n');
              g_string_append (body, value);
            }
          first_text = FALSE;
        }
      else if (column->role == PR_COLUMN_ROLE_SHORT && column->identity == PR_IDENTITY_NONE)
        g_ptr_array_add (fields, (gpointer) value);
    }

  *record = (PrPairRecord) {
    body->len > 0 ? body->str : subject,
    subject,
    date,
    petitioner,
    fingerprint,
    (const char *const *) fields->pdata,
    fields->len,
  };
}

/**
 * pr_pair_judge_record:
 * @set: loaded with keep_texts
 *
 * pr_pair_record_from_texts () of the record @index of @set.
 */
void
pr_pair_judge_record (const PrMapping   *mapping,
                      const PrRecordSet *set,
                      guint32            index,
                      PrPairRecord      *record,
                      GString           *body,
                      GPtrArray         *fields)
{
  pr_pair_record_from_texts (mapping, set->texts->pdata[index], set->dates[index],
                             0 /* told by the identity table: pr_pair_judge_features () */,
                             set->fingerprints[index], record, body, fields);
}

gboolean
pr_pair_judge_features (PrTokenizer       *tokenizer,
                        const PrMapping   *mapping,
                        const PrRecordSet *set,
                        guint32            a,
                        guint32            b,
                        double            *features,
                        GError           **error)
{
  g_autoptr(GString) body_a = g_string_new (NULL);
  g_autoptr(GString) body_b = g_string_new (NULL);
  g_autoptr(GPtrArray) fields_a = g_ptr_array_new ();
  g_autoptr(GPtrArray) fields_b = g_ptr_array_new ();
  PrPairRecord record_a, record_b;

  g_return_val_if_fail (set->texts != NULL, FALSE);
  pr_pair_judge_record (mapping, set, a, &record_a, body_a, fields_a);
  pr_pair_judge_record (mapping, set, b, &record_b, body_b, fields_b);
  if (!pr_pair_features (tokenizer, &record_a, &record_b, features, error))
    return FALSE;
  /* Who sent them, by the identity evidence the clusters use too. */
  if (set->identities != NULL)
    {
      PrPetitionerKind kind = pr_record_set_compare_petitioners (set, a, b, NULL);

      features[PR_PAIR_FEATURE_SAME_PETITIONER] = kind == PR_PETITIONER_SAME ? 1 : kind == PR_PETITIONER_OTHER ? -1 : 0;
    }
  return TRUE;
}

typedef struct {
  const PrMapping   *mapping;
  PrTokenizerFlags   flags;
  const PrPairModel *model;
  const PrRecordSet *set;
  PrScoredPair      *pairs;
  gsize              n_pairs;
  guint              n_threads;
  GCancellable      *cancellable;
  GMutex             lock;
  GError            *error;   /* the first failure */
} Work;

static void
score_share (gpointer data,
             guint    index)
{
  Work *work = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (work->flags, &error);
  double features[PR_PAIR_N_FEATURES];

  for (gsize i = index; tokenizer != NULL && i < work->n_pairs; i += work->n_threads)
    {
      PrScoredPair *pair = &work->pairs[i];

      if ((i & 1023) == 0 && g_cancellable_set_error_if_cancelled (work->cancellable, &error))
        break;
      if (!pr_pair_judge_features (tokenizer, work->mapping, work->set, pair->a, pair->b, features, &error))
        break;
      pair->probability = (float) pr_pair_model_probability (work->model, features);
    }
  if (error != NULL)
    {
      g_mutex_lock (&work->lock);
      if (work->error == NULL)
        work->error = g_steal_pointer (&error);
      g_mutex_unlock (&work->lock);
    }
}

/**
 * pr_pair_judge_score:
 * @set: loaded with keep_texts
 * @pairs: (inout): the candidates; their probability is filled in
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_score (const PrMapping   *mapping,
                     PrTokenizerFlags   flags,
                     const PrPairModel *model,
                     const PrRecordSet *set,
                     PrScoredPair      *pairs,
                     gsize              n_pairs,
                     guint              n_threads,
                     GCancellable      *cancellable,
                     GError           **error)
{
  Work work = { mapping, flags, model, set, pairs, n_pairs, 0, cancellable, { 0 }, NULL };

  g_return_val_if_fail (set->texts != NULL, FALSE);
  work.n_threads = MAX (1, MIN (pr_threads_resolve (n_threads), n_pairs / 64 + 1));
  g_mutex_init (&work.lock);
  pr_threads_run ("pr-judge", work.n_threads, score_share, &work);
  g_mutex_clear (&work.lock);
  if (work.error != NULL)
    {
      g_propagate_error (error, work.error);
      return FALSE;
    }
  return TRUE;
}
