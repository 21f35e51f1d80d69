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

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-pair-judge.h"
#include "pr-text-space.h"
#include "pr-pair-profile.h"
#include "pr-threads.h"
#include "pr-union-find.h"

/**
 * pr_pair_model_kind_of:
 *
 * Returns: whether @mapping has a subject to compare (two text columns or
 *   more: the first is the subject) or the body alone; the kind of
 *   weights its pairs are judged by.
 */
PrPairModelKind
pr_pair_model_kind_of (const PrMapping *mapping)
{
  return pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT) >= 2 ? PR_PAIR_MODEL_KIND_SUBJECT
                                                                   : PR_PAIR_MODEL_KIND_BODY;
}

/* Returns: the shipped weights for @mapping's kind. */
const PrPairModel *
pr_pair_model_for_mapping (const PrMapping *mapping)
{
  return pr_pair_model_shipped (pr_pair_model_kind_of (mapping));
}

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
  gboolean with_subject = pr_pair_model_kind_of (mapping) == PR_PAIR_MODEL_KIND_SUBJECT;
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
              /* Joined by a control character, not white space: white
               * space between two ideographs is nothing (pr-text-space.c),
               * and a word would cross from one column into the next. */
              if (body->len > 0)
                g_string_append_c (body, PR_PAIR_COLUMN_JOINER);
              /* As a scan keeps it (pr-record-set.c): a text read here
               * for one pair (explain, intake) is judged as in the scan. */
              pr_text_space_append_visible (body, value, strlen (value));
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
 * pr_pair_body_words:
 * @values: a record's values, one per mapping column, as loaded
 * @column_words: (nullable): how many words the fingerprint read of each
 *   text column (PrFingerprint.column_words)
 * @start: (out): where the body's words start in PrFingerprint.words
 * @n_words: (out): how many
 *
 * Which of the words the fingerprint read, column by column, are the
 * words of the body as pr_pair_record_from_texts () joins it: the text
 * columns but the subject, or the subject when they are empty. Words do
 * not cross the control character that joins two columns.
 *
 * Returns: %FALSE when they are not known (no counts, or a value holding
 *   a NUL, which the joined body ends at).
 */
gboolean
pr_pair_body_words (const PrMapping   *mapping,
                    const char *const *values,
                    const gsize       *lengths,
                    const guint32     *column_words,
                    gsize             *start,
                    gsize             *n_words)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  gboolean with_subject = pr_pair_model_kind_of (mapping) == PR_PAIR_MODEL_KIND_SUBJECT;
  gboolean first_text = TRUE, any_body = FALSE;
  gsize subject_words = 0, text = 0, all = 0;

  *start = *n_words = 0;
  if (column_words == NULL)
    return FALSE;
  for (guint c = 0; c < n_columns; c++)
    {
      gboolean filled = values[c] != NULL && lengths[c] > 0;

      if (pr_mapping_get_column (mapping, c)->role != PR_COLUMN_ROLE_TEXT)
        continue;
      if (filled && memchr (values[c], '\0', lengths[c]) != NULL)
        return FALSE;
      if (with_subject && first_text)
        subject_words = column_words[text];
      else
        any_body = any_body || filled;
      all += column_words[text];
      first_text = FALSE;
      text++;
    }
  if (any_body)
    {
      *start = with_subject ? subject_words : 0;
      *n_words = all - *start;
    }
  else
    *n_words = subject_words;
  return TRUE;
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
  char *const *texts;

  if (set->text_file != NULL)
    {
      /* The values point into the file's mapping, which outlives @record. */
      const char **read = g_newa (const char *, MAX (1, pr_mapping_get_n_columns (mapping)));
      PrTextFileRecord kept;

      pr_text_file_get (set->text_file, index, read, &kept);
      texts = (char *const *) read;
    }
  else
    texts = set->texts->pdata[index];
  pr_pair_record_from_texts (mapping, texts, set->dates[index],
                             0 /* told by the identity table: pr_pair_judge_features () */,
                             set->fingerprints[index], record, body, fields);
}

/**
 * pr_pair_judge_read_record:
 * @buffer: scratch for the record read, kept while @record is used
 * @kept: (out) (optional): the words kept with the record, when @set
 *   keeps its texts in a file (else none)
 *
 * pr_pair_judge_record (), read from @set's text file by
 * pr_text_file_read () rather than through its mapping: what a pass over
 * many records reads does not stay in the process's memory.
 *
 * Returns: %FALSE with @error set if the text file cannot be read.
 */
gboolean
pr_pair_judge_read_record (const PrMapping   *mapping,
                           const PrRecordSet *set,
                           guint32            index,
                           PrPairRecord      *record,
                           GString           *body,
                           GPtrArray         *fields,
                           GByteArray        *buffer,
                           PrTextFileRecord  *kept,
                           GError           **error)
{
  PrTextFileRecord read = { NULL, NULL, 0 };

  if (set->text_file != NULL)
    {
      const char **texts = g_newa (const char *, MAX (1, pr_mapping_get_n_columns (mapping)));

      if (!pr_text_file_read (set->text_file, index, buffer, texts, &read, error))
        return FALSE;
      pr_pair_record_from_texts (mapping, (char *const *) texts, set->dates[index], 0, set->fingerprints[index],
                                 record, body, fields);
      /* The values are in @buffer; the array of them is gone. */
      read.texts = NULL;
    }
  else
    pr_pair_judge_record (mapping, set, index, record, body, fields);
  if (kept != NULL)
    *kept = read;
  return TRUE;
}

/* Who sent them, by the identity evidence the clusters use too. */
static void
petitioner_feature (const PrRecordSet *set,
                    guint32            a,
                    guint32            b,
                    double            *features)
{
  if (set->identities != NULL)
    {
      PrPetitionerKind kind = pr_record_set_compare_petitioners (set, a, b, NULL);

      features[PR_PAIR_FEATURE_SAME_PETITIONER] = kind == PR_PETITIONER_SAME ? 1 : kind == PR_PETITIONER_OTHER ? -1 : 0;
    }
}

/**
 * pr_pair_judge_features:
 * @set: loaded with keep_texts
 *
 * The features of the records @a and @b of @set, each read for this pair
 * alone; pr_pair_judge_all_features () reads each record once for many.
 */
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

  g_return_val_if_fail (pr_record_set_has_texts (set), FALSE);
  pr_pair_judge_record (mapping, set, a, &record_a, body_a, fields_a);
  pr_pair_judge_record (mapping, set, b, &record_b, body_b, fields_b);
  if (!pr_pair_features (tokenizer, &record_a, &record_b, features, error))
    return FALSE;
  petitioner_feature (set, a, b, features);
  return TRUE;
}

typedef struct {
  const PrMapping   *mapping;
  PrTokenizerFlags   flags;
  const PrPairModel *model;     /* (nullable): score with it */
  double             threshold; /* with @bounded: the probability from which a pair is a repeat */
  guint8            *bounded;   /* (nullable): by pair; 1 if its bound proved it below @threshold
                                 * without the diff (pr_pair_judge_score_linked ()) */
  double            *features;  /* (nullable): or keep the features here */
  const PrRecordSet *set;
  PrScoredPair      *pairs;
  gsize              n_pairs;
  const gsize       *block;     /* the pairs judged now, by index */
  gsize              n_block;
  guint32           *needed;    /* the records in those pairs, each once */
  guint32            n_needed;
  PrPairProfile    **profiles;  /* by record; NULL for those in no pair */
  gsize             *same_bodies;     /* by block position: an earlier one whose
                                       * bodies are the same, or G_MAXSIZE */
  double            *block_features;  /* by block position, when not @features */
  gboolean           copies;          /* judging the pairs that have same_bodies */
  guint              n_threads;
  guint              block_records;  /* records profiled at once, about */
  PrJudgeProgress   *progress;  /* (nullable) */
  GCancellable      *cancellable;
  GMutex             lock;
  GError            *error;     /* the first failure */
} Work;

static void
keep_error (Work   *work,
            GError *error)
{
  g_mutex_lock (&work->lock);
  if (work->error == NULL)
    work->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&work->lock);
}

static void
profile_share (gpointer data,
               guint    index)
{
  Work *work = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (work->flags, &error);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  const PrTextFile *file = work->set->text_file;
  /* The words the fingerprint read, when it read them as this judge would. */
  gboolean read_words = file != NULL && pr_text_file_get_flags (file) == work->flags;
  g_autoptr(GByteArray) buffer = g_byte_array_new ();

  for (gsize i = index; tokenizer != NULL && i < work->n_needed; i += work->n_threads)
    {
      guint32 r = work->needed[i];
      PrPairRecord record;
      PrTextFileRecord kept = { NULL, NULL, 0 };

      if ((i & 1023) == 0 && g_cancellable_set_error_if_cancelled (work->cancellable, &error))
        break;
      if (!pr_pair_judge_read_record (work->mapping, work->set, r, &record, body, fields, buffer, &kept, &error))
        break;
      if ((work->profiles[r] = pr_pair_profile_new_with_words (tokenizer, &record, read_words ? kept.words : NULL,
                                                               kept.n_words, &error)) == NULL)
        break;
    }
  if (error != NULL)
    keep_error (work, g_steal_pointer (&error));
}

/* Where the features of the pair at @j in the block are kept. */
static double *
block_features (Work  *work,
                gsize  j)
{
  if (work->features != NULL)
    return work->features + work->block[j] * PR_PAIR_N_FEATURES;
  return work->block_features + j * PR_PAIR_N_FEATURES;
}

static int
compare_by_bodies (gconstpointer x,
                   gconstpointer y,
                   gpointer      user_data)
{
  const guint64 *hashes = user_data;
  gsize i = *(const gsize *) x, j = *(const gsize *) y;

  for (guint side = 0; side < 2; side++)
    if (hashes[2 * i + side] != hashes[2 * j + side])
      return hashes[2 * i + side] < hashes[2 * j + side] ? -1 : 1;
  return (i > j) - (i < j);
}

/* Finds the pairs of the block whose two bodies, in order, are those of
 * an earlier pair: their diff would be the same. Bodies that are the same
 * text as each other are compared without a diff anyway. */
static void
find_same_bodies (Work *work)
{
  g_autofree guint64 *hashes = g_new (guint64, 2 * MAX (1, work->n_block));
  g_autofree gsize *order = g_new (gsize, MAX (1, work->n_block));
  gsize n = 0;

  for (gsize j = 0; j < work->n_block; j++)
    {
      const PrScoredPair *pair = &work->pairs[work->block[j]];
      guint64 a = pr_pair_profile_get_body_hash (work->profiles[pair->a]);
      guint64 b = pr_pair_profile_get_body_hash (work->profiles[pair->b]);

      work->same_bodies[j] = G_MAXSIZE;
      hashes[2 * j] = a;
      hashes[2 * j + 1] = b;
      if (a != 0 && b != 0 && a != b)
        order[n++] = j;
    }
  g_qsort_with_data (order, n, sizeof *order, compare_by_bodies, hashes);
  for (gsize k = 1; k < n; k++)
    if (hashes[2 * order[k]] == hashes[2 * order[k - 1]] &&
        hashes[2 * order[k] + 1] == hashes[2 * order[k - 1] + 1])
      work->same_bodies[order[k]] = work->same_bodies[order[k - 1]] != G_MAXSIZE ? work->same_bodies[order[k - 1]]
                                                                                  : order[k - 1];
}

/* Whether a probability at most @bound is below @threshold once kept as
 * the float PrScoredPair holds: rounding is monotone, and the margin is
 * for the logit's own rounding at the bound's corner. */
static gboolean
below (double bound,
       double threshold)
{
  return (double) (float) (bound + 1e-9) < threshold;
}

/* Judges @pair into @out; with work->bounded, leaves it unjudged (−1)
 * when the model cannot reach the threshold whatever the diff says. */
static gboolean
score_pair (Work         *work,
            gsize         i,
            const double *bodies_as,
            double       *out,
            GError      **error)
{
  PrScoredPair *pair = &work->pairs[i];
  const PrPairProfile *a = work->profiles[pair->a], *b = work->profiles[pair->b];

  if (work->bounded != NULL && bodies_as == NULL)
    {
      gboolean diff = pr_pair_profile_compare_but_diff (a, b, NULL, out);

      petitioner_feature (work->set, pair->a, pair->b, out);
      if (diff && below (pr_pair_profile_diff_bound (a, b, work->model, out), work->threshold))
        {
          work->bounded[i] = 1;
          pair->probability = -1;
          return TRUE;
        }
      if (diff && !pr_pair_profile_add_diff (a, b, out, error))
        return FALSE;
    }
  else
    {
      /* Without work->bounded every pair is diffed, even one a bound
       * would prove below the threshold: its number is kept or written,
       * and average linkage sums them. A copy (@bodies_as) takes the
       * diff of the pair it copies. */
      if (!pr_pair_profile_compare_as (a, b, bodies_as, out, error))
        return FALSE;
      petitioner_feature (work->set, pair->a, pair->b, out);
    }
  if (work->model != NULL)
    pair->probability = (float) pr_pair_model_probability (work->model, out);
  return TRUE;
}

static void
score_share (gpointer data,
             guint    index)
{
  Work *work = data;
  g_autoptr(GError) error = NULL;

  for (gsize j = index; j < work->n_block; j += work->n_threads)
    {
      const double *bodies_as = NULL;

      if ((j & 1023) == 0 && g_cancellable_set_error_if_cancelled (work->cancellable, &error))
        break;
      if ((work->same_bodies[j] != G_MAXSIZE) != work->copies)
        continue;
      /* A copy of a pair left to its bound is bounded afresh: its other
       * features (dates, petitioner, subject) are its own. */
      if (work->copies && (work->bounded == NULL || !work->bounded[work->block[work->same_bodies[j]]]))
        bodies_as = block_features (work, work->same_bodies[j]);
      if (!score_pair (work, work->block[j], bodies_as, block_features (work, j), &error))
        break;
    }
  if (error != NULL)
    keep_error (work, g_steal_pointer (&error));
}

/* Reads each record of the block's pairs once (pr-pair-profile.c), in
 * threads, then judges those pairs from what was read. */
static gboolean
judge_block (Work    *work,
             guint8  *in_block,
             guint    n_threads)
{
  g_autoptr(PrPairWords) words = pr_pair_words_new ();

  work->n_needed = 0;
  for (gsize j = 0; j < work->n_block; j++)
    for (guint side = 0; side < 2; side++)
      {
        const PrScoredPair *pair = &work->pairs[work->block[j]];
        guint32 r = side == 0 ? pair->a : pair->b;

        if (!in_block[r])
          {
            in_block[r] = 1;
            work->needed[work->n_needed++] = r;
          }
      }
  work->n_threads = MAX (1, MIN (n_threads, work->n_needed / 64 + 1));
  pr_threads_run ("pr-profile", work->n_threads, profile_share, work);
  if (work->error == NULL)
    {
      /* One thread numbers the words, so that equal words get equal
       * numbers whichever thread read them. */
      for (guint32 i = 0; i < work->n_needed; i++)
        {
          pr_pair_profile_number (work->profiles[work->needed[i]], words);
          if (work->bounded != NULL)
            pr_pair_profile_sort_words (work->profiles[work->needed[i]]);
        }
      work->same_bodies = g_new (gsize, MAX (1, work->n_block));
      if (work->features == NULL)
        work->block_features = g_new (double, MAX (1, work->n_block) * PR_PAIR_N_FEATURES);
      find_same_bodies (work);
      work->n_threads = MAX (1, MIN (n_threads, work->n_block / 64 + 1));
      /* The pairs whose bodies are new first, then those that copy them. */
      work->copies = FALSE;
      pr_threads_run ("pr-judge", work->n_threads, score_share, work);
      work->copies = TRUE;
      if (work->error == NULL)
        pr_threads_run ("pr-judge", work->n_threads, score_share, work);
      g_clear_pointer (&work->same_bodies, g_free);
      g_clear_pointer (&work->block_features, g_free);
    }
  for (guint32 i = 0; i < work->n_needed; i++)
    {
      g_clear_pointer (&work->profiles[work->needed[i]], pr_pair_profile_free);
      in_block[work->needed[i]] = 0;
    }
  return work->error == NULL;
}

static int
compare_by_root (gconstpointer x,
                 gconstpointer y,
                 gpointer      user_data)
{
  const guint32 *roots = user_data;
  gsize i = *(const gsize *) x, j = *(const gsize *) y;

  if (roots[i] != roots[j])
    return roots[i] < roots[j] ? -1 : 1;
  return (i > j) - (i < j);
}

/* Judges the pairs in blocks of about PROFILE_BLOCK records, the pairs of
 * one connected group of records together: each record is read once
 * unless its group is larger than a block, and the profiles in memory at
 * once stay bounded (a 3-gram set takes more bytes than the text). */
#define PROFILE_BLOCK 16384

static gboolean
judge (Work    *work,
       GError **error)
{
  guint n_records = work->set->n_records;
  guint n_threads = pr_threads_resolve (work->n_threads);
  g_autofree guint32 *parent = g_new (guint32, MAX (1, n_records));
  g_autofree guint32 *roots = g_new (guint32, MAX (1, work->n_pairs));
  g_autofree gsize *order = g_new (gsize, MAX (1, work->n_pairs));
  g_autofree guint8 *in_block = g_new0 (guint8, MAX (1, n_records));
  g_autofree guint8 *counted = g_new0 (guint8, MAX (1, n_records));
  gsize start = 0;
  guint32 n_counted = 0;

  g_return_val_if_fail (pr_record_set_has_texts (work->set), FALSE);
  pr_union_find_init (parent, n_records);
  for (gsize i = 0; i < work->n_pairs; i++)
    {
      g_return_val_if_fail (work->pairs[i].a < n_records && work->pairs[i].b < n_records, FALSE);
      pr_union_find_join_lowest (parent, work->pairs[i].a, work->pairs[i].b);
    }
  for (gsize i = 0; i < work->n_pairs; i++)
    {
      roots[i] = pr_union_find_root (parent, work->pairs[i].a);
      order[i] = i;
    }
  g_qsort_with_data (order, work->n_pairs, sizeof *order, compare_by_root, roots);

  work->profiles = g_new0 (PrPairProfile *, MAX (1, n_records));
  work->needed = g_new (guint32, MAX (1, MIN ((gsize) n_records, 2 * work->n_pairs)));
  g_mutex_init (&work->lock);
  for (gsize i = 0; i <= work->n_pairs && work->error == NULL; i++)
    {
      /* A block ends before a new group that would not fit, or at the end. */
      gboolean new_group = i == work->n_pairs || i == 0 || roots[order[i]] != roots[order[i - 1]];

      if (i > start && (i == work->n_pairs || (new_group && n_counted >= work->block_records) ||
                         n_counted >= 4 * work->block_records))
        {
          work->block = order + start;
          work->n_block = i - start;
          judge_block (work, in_block, n_threads);
          if (work->progress != NULL)
            g_atomic_int_add (&work->progress->done, (gint) (i - start));
          for (gsize j = start; j < i; j++)
            counted[work->pairs[order[j]].a] = counted[work->pairs[order[j]].b] = 0;
          start = i;
          n_counted = 0;
        }
      if (i < work->n_pairs)
        for (guint side = 0; side < 2; side++)
          {
            guint32 r = side == 0 ? work->pairs[order[i]].a : work->pairs[order[i]].b;

            if (!counted[r])
              counted[r] = 1, n_counted++;
          }
    }
  g_clear_pointer (&work->profiles, g_free);
  g_clear_pointer (&work->needed, g_free);
  g_mutex_clear (&work->lock);
  if (work->error != NULL)
    {
      g_propagate_error (error, work->error);
      return FALSE;
    }
  return TRUE;
}

/* pr_pair_judge_all_features () with blocks of about @block_records
 * records (for tests). */
gboolean
_pr_pair_judge_all_features_in_blocks (const PrMapping    *mapping,
                                       PrTokenizerFlags    flags,
                                       const PrRecordSet  *set,
                                       const PrScoredPair *pairs,
                                       gsize               n_pairs,
                                       double             *features,
                                       guint               n_threads,
                                       guint               block_records,
                                       GCancellable       *cancellable,
                                       GError            **error)
{
  Work work = { .mapping = mapping, .flags = flags, .features = features, .set = set,
                .pairs = (PrScoredPair *) pairs, .n_pairs = n_pairs, .n_threads = n_threads,
                .block_records = MAX (1, block_records), .cancellable = cancellable };

  return judge (&work, error);
}

/**
 * pr_pair_judge_all_features:
 * @set: loaded with keep_texts
 * @features: (out caller-allocates): n_pairs × PR_PAIR_N_FEATURES numbers
 *
 * pr_pair_judge_features () of every pair, each record read once.
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_all_features (const PrMapping    *mapping,
                            PrTokenizerFlags    flags,
                            const PrRecordSet  *set,
                            const PrScoredPair *pairs,
                            gsize               n_pairs,
                            double             *features,
                            guint               n_threads,
                            GCancellable       *cancellable,
                            GError            **error)
{
  return _pr_pair_judge_all_features_in_blocks (mapping, flags, set, pairs, n_pairs, features, n_threads,
                                                PROFILE_BLOCK, cancellable, error);
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
  Work work = { .mapping = mapping, .flags = flags, .model = model, .set = set, .pairs = pairs,
                .n_pairs = n_pairs, .n_threads = n_threads, .block_records = PROFILE_BLOCK,
                .cancellable = cancellable };

  return judge (&work, error);
}

/* pr_pair_judge_score_some (), counting the pairs done in @progress. */
static gboolean
score_some (const PrMapping   *mapping,
            PrTokenizerFlags   flags,
            const PrPairModel *model,
            const PrRecordSet *set,
            PrScoredPair      *pairs,
            const gsize       *at,
            gsize              n_at,
            guint              n_threads,
            PrJudgeProgress   *progress,
            GCancellable      *cancellable,
            GError           **error)
{
  g_autofree PrScoredPair *some = NULL;
  Work work = { .mapping = mapping, .flags = flags, .model = model, .set = set, .n_pairs = n_at,
                .n_threads = n_threads, .block_records = PROFILE_BLOCK, .progress = progress,
                .cancellable = cancellable };

  if (n_at == 0)
    return TRUE;
  work.pairs = some = g_new (PrScoredPair, n_at);
  for (gsize i = 0; i < n_at; i++)
    some[i] = pairs[at[i]];
  if (!judge (&work, error))
    return FALSE;
  for (gsize i = 0; i < n_at; i++)
    pairs[at[i]].probability = some[i].probability;
  return TRUE;
}

/**
 * pr_pair_judge_score_some:
 * @pairs: (inout): candidates; those at @at have their probability filled in
 * @at: (array length=n_at): the indices in @pairs of the pairs to judge
 *
 * pr_pair_judge_score () of some of @pairs (those whose number is not
 * known yet), the others left as they are.
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_score_some (const PrMapping   *mapping,
                          PrTokenizerFlags   flags,
                          const PrPairModel *model,
                          const PrRecordSet *set,
                          PrScoredPair      *pairs,
                          const gsize       *at,
                          gsize              n_at,
                          guint              n_threads,
                          GCancellable      *cancellable,
                          GError           **error)
{
  return score_some (mapping, flags, model, set, pairs, at, n_at, n_threads, NULL, cancellable, error);
}

/**
 * pr_pair_judge_score_linked:
 * @threshold: the probability from which a pair is a repeat
 * @pairs: (inout): the candidates; their probability is filled in, or
 *   left −1 (not judged)
 *
 * pr_pair_judge_score () of every pair that can change the clusters
 * pr_pair_linkage () makes of @pairs at @threshold, the same clusters as
 * if every pair were judged. A pair whose probability is proved below
 * @threshold without the word diff (pr_pair_profile_diff_bound ()) is
 * judged only if its two records are joined by pairs at or above
 * @threshold: average linkage joins two clusters only through a cross
 * pair at or above it, so its clusters lie within those groups, and a
 * pair between two groups weighs only in means that stay below the
 * threshold whatever it is. The others are left −1: not judged, as
 * PrScoredPair says, and to be judged by whoever needs their number.
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_score_linked (const PrMapping   *mapping,
                            PrTokenizerFlags   flags,
                            const PrPairModel *model,
                            double             threshold,
                            const PrRecordSet *set,
                            PrScoredPair      *pairs,
                            gsize              n_pairs,
                            guint              n_threads,
                            GCancellable      *cancellable,
                            GError           **error)
{
  return pr_pair_judge_score_linked_some (mapping, flags, model, threshold, set, pairs, n_pairs, NULL, n_pairs,
                                          n_threads, NULL, cancellable, error);
}

/**
 * pr_pair_judge_score_bounded_some:
 * @threshold: the probability a pair's bound must reach to be judged
 * @pairs: (inout): the candidates; those at @at get their probability,
 *   or −1 when their bound proves it below @threshold
 * @at: (array length=n_at) (nullable): the indices in @pairs of the pairs
 *   to judge; %NULL for the first @n_at, judged where they are
 * @progress: (nullable): counts the pairs done, for another thread to read
 *
 * pr_pair_judge_score () of the pairs at @at whose bound without the word
 * diff (pr_pair_profile_diff_bound ()) reaches @threshold; the others are
 * left −1, not judged, as PrScoredPair says.
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_score_bounded_some (const PrMapping   *mapping,
                                  PrTokenizerFlags   flags,
                                  const PrPairModel *model,
                                  double             threshold,
                                  const PrRecordSet *set,
                                  PrScoredPair      *pairs,
                                  const gsize       *at,
                                  gsize              n_at,
                                  guint              n_threads,
                                  PrJudgeProgress   *progress,
                                  GCancellable      *cancellable,
                                  GError           **error)
{
  g_autofree PrScoredPair *some = NULL;
  g_autofree guint8 *bounded = g_new0 (guint8, MAX (1, n_at));
  gsize n_bounded = 0;
  Work work = { .mapping = mapping, .flags = flags, .model = model, .threshold = threshold,
                .bounded = bounded, .set = set, .pairs = pairs, .n_pairs = n_at, .n_threads = n_threads,
                .block_records = PROFILE_BLOCK, .progress = progress, .cancellable = cancellable };

  g_return_val_if_fail (model != NULL, FALSE);
  if (at != NULL)
    {
      work.pairs = some = g_new (PrScoredPair, MAX (1, n_at));
      for (gsize i = 0; i < n_at; i++)
        some[i] = pairs[at[i]];
    }
  if (n_at > 0 && !judge (&work, error))
    return FALSE;
  for (gsize i = 0; i < n_at; i++)
    {
      if (at != NULL)
        pairs[at[i]].probability = some[i].probability;
      n_bounded += bounded[i];
    }
  g_debug ("%zu of %zu pairs proved below %.3f without the diff", n_bounded, n_at, threshold);
  return TRUE;
}

/**
 * pr_pair_judge_score_linked_some:
 * @pairs: (inout): the candidates; those not at @at keep their number,
 *   −1 for one known to be below @threshold without its number
 * @at: (array length=n_at) (nullable): the indices in @pairs of the pairs
 *   to judge; %NULL for the first @n_at, judged where they are, with no
 *   copy of them
 * @progress: (nullable): counts the pairs at @at done, for another thread
 *   to read, and those judged again after them: its total, the caller's
 *   count of the pairs at @at, grows by those before they are counted
 *
 * pr_pair_judge_score_linked () of the pairs at @at, the others known
 * already (a store's): a pair left −1, here or before, is judged when
 * the pairs at or above @threshold join its two records.
 *
 * Returns: %FALSE with @error set if a text is refused or on cancel.
 */
gboolean
pr_pair_judge_score_linked_some (const PrMapping   *mapping,
                                 PrTokenizerFlags   flags,
                                 const PrPairModel *model,
                                 double             threshold,
                                 const PrRecordSet *set,
                                 PrScoredPair      *pairs,
                                 gsize              n_pairs,
                                 const gsize       *at,
                                 gsize              n_at,
                                 guint              n_threads,
                                 PrJudgeProgress   *progress,
                                 GCancellable      *cancellable,
                                 GError           **error)
{
  g_autofree guint32 *parent = NULL;
  g_autoptr(GArray) again_at = g_array_new (FALSE, FALSE, sizeof (gsize));

  if (!pr_pair_judge_score_bounded_some (mapping, flags, model, threshold, set, pairs, at, n_at, n_threads, progress,
                                         cancellable, error))
    return FALSE;
  parent = g_new (guint32, MAX (1, set->n_records));
  pr_union_find_init (parent, set->n_records);
  for (gsize i = 0; i < n_pairs; i++)
    if (pairs[i].probability >= threshold)
      pr_union_find_join_lowest (parent, pairs[i].a, pairs[i].b);
  for (gsize i = 0; i < n_pairs; i++)
    if (pairs[i].probability < 0 && pr_union_find_root (parent, pairs[i].a) == pr_union_find_root (parent, pairs[i].b))
      g_array_append_val (again_at, i);
  g_debug ("%u unjudged pairs judged, in groups of repeats", again_at->len);
  /* The total grows before the count does, so that a reader who reads
   * the count first never sees it past the total. */
  if (progress != NULL)
    g_atomic_int_add (&progress->total, (gint) again_at->len);
  return score_some (mapping, flags, model, set, pairs, (const gsize *) (gpointer) again_at->data, again_at->len,
                     n_threads, progress, cancellable, error);
}
