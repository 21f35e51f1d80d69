/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A record set is a table read once and fingerprinted: for every record its
 * id, its date, its fingerprint and whether it is too thin to pair. The text
 * itself is not kept (only an optional label of about 40 characters, for
 * printing), so ten million records fit in memory. Reading is streamed in
 * batches; while one batch is fingerprinted on all threads, the next is read.
 */
#define G_LOG_DOMAIN "pr-record-set"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row.h"
#include "pr-case-columns.h"
#include "pr-batch-fingerprinter.h"
#include "pr-csv-reader.h"
#include "pr-encoding-check.h"
#include "pr-date.h"
#include "pr-matches.h"
#include "pr-pair-judge.h"
#include "pr-part-spool.h"
#include "pr-simhash.h"
#include "pr-text-space.h"

#define XXH_INLINE_ALL
#include <xxhash.h>
#include "pr-record-set.h"
#include "pr-excel-number.h"
#include "pr-date-column.h"
#include "pr-memory-stop.h"

G_DEFINE_QUARK (pr-record-set-error-quark, pr_record_set_error)

#define BATCH_SIZE 4096
#define LABEL_CHARS 40

void
pr_record_set_free (PrRecordSet *set)
{
  if (set == NULL)
    return;

  g_clear_pointer (&set->ids, g_ptr_array_unref);
  g_clear_pointer (&set->labels, g_ptr_array_unref);
  g_clear_pointer (&set->texts, g_ptr_array_unref);
  g_clear_pointer (&set->text_file, pr_text_file_free);
  g_clear_pointer (&set->unreadable_date_ids, g_ptr_array_unref);
  g_clear_pointer (&set->bare_hour_date_ids, g_ptr_array_unref);
  for (guint i = 0; i < PR_DATE_N_DOUBTS; i++)
    g_clear_pointer (&set->doubt_date_ids[i], g_ptr_array_unref);
  g_clear_pointer (&set->bad_ids, g_ptr_array_unref);
  g_free (set->dates);
  g_free (set->date_hashes);
  g_free (set->date_micros);
  g_free (set->content_hashes);
  g_free (set->changed);
  g_free (set->fingerprints);
  g_free (set->sparse);
  g_clear_pointer (&set->parts, g_array_unref);
  g_free (set->part_offsets);
  g_free (set->part_counts);
  g_clear_pointer (&set->part_spool, pr_part_spool_free);
  g_clear_pointer (&set->identities, pr_identity_table_free);
  g_clear_pointer (&set->cases, pr_case_columns_free);
  g_free (set);
}

/* The parts of every record, one by one (to store them); empty unless the
 * set was loaded with parts and keep_part_table. */
/* A copy of @length bytes of @value and its NUL, or %NULL with an error
 * when memory runs out: under a memory limit (ulimit -v) GLib's own
 * allocation failure aborts, and its log of it can fault. */
static char *
copy_text (const char *value,
           gsize       length,
           guint64     kept,
           GError    **error)
{
  char *copy = PR_MEMORY_TRY (g_try_malloc (length + 1));

  if (copy == NULL)
    {
      g_autofree char *size = g_format_size (kept);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("not enough memory to keep the texts read (%s so far): raise the process's memory limit "
                     "(ulimit -v), or close other programs"), size);
      return NULL;
    }
  memcpy (copy, value, length + 1);
  return copy;
}

/* Returns: whether the set keeps its texts (keep_texts), in memory or in
 * a file, for the second stage. */
gboolean
pr_record_set_has_texts (const PrRecordSet *set)
{
  return set->texts != NULL || set->text_file != NULL;
}

PrPartTable
pr_record_set_get_parts (PrRecordSet *set)
{
  PrPartTable table = { 0 };

  if (set->parts == NULL)
    return table;
  table.n_records = set->n_records;
  table.offsets = set->part_offsets;
  table.counts = set->part_counts;
  table.parts = (PrPart *) (gpointer) set->parts->data;
  table.identities = set->identities;
  return table;
}

/**
 * pr_record_set_drop_parts:
 * @set: a record set
 *
 * Frees the records' parts. Once they are matched (and stored) nothing
 * needs them, and they are the largest thing a scan holds: 8 bytes each in
 * the table, 12 in the spool, some 55 to 85 a record.
 * pr_record_set_get_parts () is empty after, and
 * pr_record_set_find_part_pairs () finds none.
 */
void
pr_record_set_drop_parts (PrRecordSet *set)
{
  g_clear_pointer (&set->part_spool, pr_part_spool_free);
  g_clear_pointer (&set->parts, g_array_unref);
  g_clear_pointer (&set->part_offsets, g_free);
  g_clear_pointer (&set->part_counts, g_free);
}

/**
 * pr_record_set_compare_petitioners:
 * @set: a #PrRecordSet
 * @a: a record (a cluster's primary, say)
 * @b: another
 * @evidence: (out) (optional): why they are the same petitioner's, if they are
 *
 * Whether @b comes from the same petitioner as @a, by the evidence of the
 * identity columns (pr-identity-table.c), as the part matcher takes it;
 * unknown when the mapping has no identity column.
 */
PrPetitionerKind
pr_record_set_compare_petitioners (const PrRecordSet  *set,
                                   guint32             a,
                                   guint32             b,
                                   PrIdentityEvidence *evidence)
{
  if (evidence != NULL)
    *evidence = PR_IDENTITY_EVIDENCE_NONE;
  g_return_val_if_fail (a < set->n_records && b < set->n_records, PR_PETITIONER_UNKNOWN);

  return pr_identity_table_compare (set->identities, a, b, evidence);
}

/* pr_record_set_compare_petitioners() without the evidence. */
PrPetitionerKind
pr_record_set_petitioner_kind (const PrRecordSet *set,
                               guint32            a,
                               guint32            b)
{
  return pr_record_set_compare_petitioners (set, a, b, NULL);
}

/**
 * pr_record_set_find_part_pairs:
 * @set: a record set loaded with parts
 * @skip: (nullable): per record, 1 to leave it out (@set->sparse, say)
 * @options: thresholds
 * @n_threads: 0: one per processor
 * @func: called for each pair kept, by ascending first record
 * @user_data: passed to @func
 * @boilerplate: (nullable): see pr_part_spool_find_pairs ()
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The pairs of records that share enough parts (pr_part_spool_find_pairs ()),
 * with the set's petitioners.
 *
 * Returns: %FALSE if cancelled or the parts could not be read back
 */
gboolean
pr_record_set_find_part_pairs (PrRecordSet              *set,
                               const guint8             *skip,
                               const PrPartMatchOptions *options,
                               guint                     n_threads,
                               PrPartPairFunc            func,
                               gpointer                  user_data,
                               GArray                   *boilerplate,
                               GCancellable             *cancellable,
                               GError                  **error)
{
  if (set->part_spool == NULL)
    return TRUE;
  return pr_part_spool_find_pairs (set->part_spool, set->n_records, skip, set->identities, options, n_threads, func,
                                   user_data, boilerplate, cancellable, error);
}

/**
 * pr_record_set_match_parts_too:
 * @set: a record set loaded with parts
 * @record: a record whose parts the set was not given (one reused)
 * @parts: (array length=n_parts): its parts
 * @n_parts: how many
 * @error: return location for a #GError
 *
 * Adds @record's parts to those pr_record_set_find_part_pairs () matches,
 * before it is called. The parts kept record by record (to store them)
 * do not get them: only a changed record's are stored.
 *
 * Returns: %FALSE if the temporary file could not be written
 */
gboolean
pr_record_set_match_parts_too (PrRecordSet  *set,
                               gsize         record,
                               const PrPart *parts,
                               gsize         n_parts,
                               GError      **error)
{
  g_return_val_if_fail (record < set->n_records && !set->changed[record], FALSE);

  if (set->part_spool == NULL)
    return TRUE;
  return pr_part_spool_add (set->part_spool, (guint32) record, parts, n_parts, error);
}

/* Takes a record's parts into the set, and frees them. */
static gboolean
take_parts (PrRecordSet   *set,
            gsize          record,
            PrFingerprint *fingerprint,
            GError       **error)
{
  gboolean ok = TRUE;

  if (set->part_spool != NULL)
    ok = pr_part_spool_add (set->part_spool, (guint32) record, fingerprint->parts, fingerprint->n_parts, error);
  if (set->parts != NULL)
    {
      set->part_offsets[record] = set->parts->len;
      set->part_counts[record] = fingerprint->n_parts;
      if (fingerprint->n_parts > 0)
        g_array_append_vals (set->parts, fingerprint->parts, fingerprint->n_parts);
    }
  g_clear_pointer (&fingerprint->parts, g_free);
  fingerprint->n_parts = 0;
  return ok;
}

/* Frees the parts and features a batch's results hold. */
static void
free_parts (GArray *results)
{
  for (guint i = 0; i < results->len; i++)
    {
      g_clear_pointer (&g_array_index (results, PrFingerprint, i).parts, g_free);
      g_clear_pointer (&g_array_index (results, PrFingerprint, i).features, g_free);
      g_clear_pointer (&g_array_index (results, PrFingerprint, i).words, g_free);
      g_clear_pointer (&g_array_index (results, PrFingerprint, i).column_words, g_free);
    }
}

/* The opening words of a text, on one line, for a person to recognise it. */
static char *
make_label (const char *text)
{
  g_autofree char *squeezed = g_strdup (text);
  GString *label = g_string_new (NULL);
  guint n_chars = 0;
  gboolean space = FALSE;

  for (const char *p = g_strstrip (squeezed); *p && n_chars < LABEL_CHARS; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c))
        {
          space = TRUE;
          continue;
        }
      if (space)
        g_string_append_c (label, ' ');
      space = FALSE;
      g_string_append_unichar (label, c);
      n_chars++;
    }
  if (n_chars == LABEL_CHARS)
    g_string_append (label, "…");

  return g_string_free (label, FALSE);
}

/* One batch of records: their mapped values, where each began, and the
 * fingerprints once computed. */
typedef struct {
  GPtrArray *values;     /* owned strings, n_columns per record */
  GArray    *lengths;
  GArray    *lines;      /* guint64: where each record is (a line, a row number) */
  GArray    *results;    /* PrFingerprint */
  GArray    *records;    /* gsize: the record index of each of the batch's rows */
} Batch;

/* Reading and fingerprinting overlap: while the worker thread fingerprints
 * one batch (on all cores, through the batch fingerprinter), the reading
 * thread fills the other. */
typedef struct {
  PrRecordSet          *set;
  PrBatchFingerprinter *fingerprinter;
  GCancellable         *cancellable;
  Batch                 batches[2];
  guint                 filling;            /* the batch being read */
  GThread              *worker;             /* fingerprinting the other one */
  GError               *worker_error;
  gsize                 failed;
  gint64                fingerprint_time;   /* summed over batches */
  gint64                wait_time;          /* the reader waiting for the worker */
  const char           *position_name;      /* "line", "row": how a record's place is named */
  const PrMapping      *mapping;
  GArray               *features;           /* PrFeature, every record's distinct ones, for IDF; or NULL */
  guint64              *feature_offsets;    /* per record, where its features start (n_records + 1 once loaded) */
  gsize                 feature_capacity;
} Loader;

static void
batch_init (Batch *batch)
{
  batch->values = g_ptr_array_new_with_free_func (g_free);
  batch->lengths = g_array_new (FALSE, FALSE, sizeof (gsize));
  batch->lines = g_array_new (FALSE, FALSE, sizeof (guint64));
  batch->records = g_array_new (FALSE, FALSE, sizeof (gsize));
  batch->results = g_array_new (FALSE, FALSE, sizeof (PrFingerprint));
}

static void
batch_clear (Batch *batch)
{
  g_clear_pointer (&batch->values, g_ptr_array_unref);
  g_clear_pointer (&batch->lengths, g_array_unref);
  g_clear_pointer (&batch->lines, g_array_unref);
  g_clear_pointer (&batch->records, g_array_unref);
  g_clear_pointer (&batch->results, g_array_unref);
}

static gpointer
fingerprint_batch (gpointer data)
{
  Loader *loader = data;
  Batch *batch = &loader->batches[1 - loader->filling];
  gint64 start = g_get_monotonic_time ();

  g_array_set_size (batch->results, batch->lines->len);
  /* Zeroed, so that a failed batch's parts can be freed. */
  memset (batch->results->data, 0, batch->lines->len * sizeof (PrFingerprint));
  pr_batch_fingerprinter_run (loader->fingerprinter, batch->lines->len,
                              (const char *const *) batch->values->pdata,
                              (const gsize *) batch->lengths->data,
                              (PrFingerprint *) batch->results->data,
                              &loader->failed, loader->cancellable, &loader->worker_error);
  loader->fingerprint_time += g_get_monotonic_time () - start;

  return NULL;
}

/* Waits for the batch being fingerprinted, if any, and stores its results. */
static gboolean
finish_batch (Loader  *loader,
              GError **error)
{
  PrRecordSet *set = loader->set;
  Batch *batch = &loader->batches[1 - loader->filling];
  PrFingerprint *results;
  gint64 start = g_get_monotonic_time ();

  if (loader->worker == NULL)
    return TRUE;
  g_thread_join (g_steal_pointer (&loader->worker));
  loader->wait_time += g_get_monotonic_time () - start;

  if (loader->worker_error != NULL)
    {
      free_parts (batch->results);
      if (g_error_matches (loader->worker_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&loader->worker_error));
      else
        {
          g_autofree char *shown = pr_bad_row_show_id (set->ids->pdata[g_array_index (batch->records, gsize,
                                                                                      loader->failed)]);

          g_propagate_prefixed_error (error, g_steal_pointer (&loader->worker_error),
                                      /* Translators: “line” or “row”, its number, the id. */
                                      _("%s %llu (id “%s”): "), _(loader->position_name),
                                      (unsigned long long) g_array_index (batch->lines, guint64, loader->failed),
                                      shown);
        }
      return FALSE;
    }

  results = (PrFingerprint *) (gpointer) batch->results->data;
  for (gsize i = 0; i < batch->lines->len; i++)
    {
      gsize record = g_array_index (batch->records, gsize, i);

      set->fingerprints[record] = results[i].fingerprint;
      set->sparse[record] = results[i].sparse;
      set->n_sparse += results[i].sparse;
      if (!take_parts (set, record, &results[i], error))
        {
          free_parts (batch->results);
          return FALSE;
        }
      if (set->text_file != NULL)
        {
          guint n_columns = pr_mapping_get_n_columns (loader->mapping);
          const char *const *values = (const char *const *) batch->values->pdata + i * n_columns;
          const gsize *lengths = (const gsize *) (gpointer) batch->lengths->data + i * n_columns;
          gsize start = 0, n = 0;
          gboolean known = pr_pair_body_words (loader->mapping, values, lengths, results[i].column_words,
                                               &start, &n);

          if (!pr_text_file_add (set->text_file, record, values, lengths,
                                 known ? results[i].words + start : NULL, n, error))
            {
              free_parts (batch->results);
              return FALSE;
            }
          g_clear_pointer (&results[i].words, g_free);
          g_clear_pointer (&results[i].column_words, g_free);
        }
      if (loader->features != NULL)
        {
          /* Records come in order (no reuse with IDF), so each one's
           * features start where the previous one's end. */
          g_assert (record == 0 || loader->feature_offsets[record] == loader->features->len);
          if (record + 2 > loader->feature_capacity)
            {
              loader->feature_capacity = MAX (BATCH_SIZE, 2 * (record + 2));
              loader->feature_offsets = g_renew (guint64, loader->feature_offsets, loader->feature_capacity);
            }
          loader->feature_offsets[record] = loader->features->len;
          if (results[i].n_distinct > 0)
            g_array_append_vals (loader->features, results[i].features, results[i].n_distinct);
          loader->feature_offsets[record + 1] = loader->features->len;
          g_clear_pointer (&results[i].features, g_free);
        }
    }

  return TRUE;
}

/* With IDF: counts every record's words, then makes every fingerprint again
 * from its kept features with the table's weights. */
static gboolean
weigh_by_idf (Loader              *loader,
              const PrIdfOptions  *options,
              guint                n_text_columns,
              GCancellable        *cancellable,
              GError             **error)
{
  PrRecordSet *set = loader->set;
  const PrFeature *features = (const PrFeature *) (gpointer) loader->features->data;
  g_autoptr(PrIdf) idf = pr_idf_new (options);
  gint64 start = g_get_monotonic_time ();

  if (options->max_share > 0 && !pr_idf_check_max_share (options->max_share, set->n_records, error))
    return FALSE;
  for (gsize r = 0; r < set->n_records; r++)
    pr_idf_add_document (idf, features + loader->feature_offsets[r],
                         loader->feature_offsets[r + 1] - loader->feature_offsets[r]);
  pr_idf_freeze (idf);

  for (gsize r = 0; r < set->n_records; r++)
    {
      if (r % BATCH_SIZE == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      gsize n_weighed = 0;

      set->fingerprints[r] = pr_idf_fingerprint (idf, features + loader->feature_offsets[r],
                                                 loader->feature_offsets[r + 1] - loader->feature_offsets[r],
                                                 &n_weighed);
      /* Every word of it weighs nothing (all are in too many records):
       * such records would share one fingerprint (their short fields', or
       * 0) and pair with each other on nothing, as empty ones would. */
      if (n_text_columns > 0 && n_weighed == 0 && !set->sparse[r])
        {
          set->sparse[r] = TRUE;
          set->n_sparse++;
        }
    }
  set->n_idf_terms = pr_idf_get_n_terms (idf);
  set->idf_seconds = (g_get_monotonic_time () - start) / 1e6;
  g_debug ("IDF over %" G_GSIZE_FORMAT " records: %" G_GUINT64_FORMAT " words, %u features, %.3f s",
           set->n_records, set->n_idf_terms, loader->features->len, set->idf_seconds);

  return TRUE;
}

/* Hands the full batch to the worker and starts filling the other one. */
static gboolean
flush_batch (Loader  *loader,
             GError **error)
{
  Batch *next;

  if (!finish_batch (loader, error))
    return FALSE;
  if (loader->batches[loader->filling].lines->len == 0)
    return TRUE;

  loader->filling = 1 - loader->filling;
  loader->worker = g_thread_new ("pr-batch", fingerprint_batch, loader);

  next = &loader->batches[loader->filling];
  g_ptr_array_set_size (next->values, 0);
  g_array_set_size (next->lengths, 0);
  g_array_set_size (next->lines, 0);
  g_array_set_size (next->records, 0);

  return TRUE;
}

/* A hash of everything the mapping reads of a record but its id: equal
 * hashes mean the stored fingerprint (and date) still hold. Each value is
 * framed by a NULL flag and its length, so ("ab", "c") ≠ ("a", "bc"). */
static guint64
content_hash (const PrMapping    *mapping,
              const char *const  *values,
              const gsize        *lengths)
{
  XXH3_state_t state;

  XXH3_64bits_reset_withSeed (&state, PR_SIMHASH_SEED);
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;
      guint64 length = values[c] != NULL ? GUINT64_TO_LE ((guint64) lengths[c]) : G_MAXUINT64;

      /* A case's state moving on (办理中 to 办结) is no edit of the record. */
      if (role == PR_COLUMN_ROLE_ID || role == PR_COLUMN_ROLE_IGNORE || role == PR_COLUMN_ROLE_STATUS ||
          role == PR_COLUMN_ROLE_ACCEPTED || role == PR_COLUMN_ROLE_UNIT)
        continue;
      XXH3_64bits_update (&state, &length, sizeof length);
      if (values[c] != NULL)
        XXH3_64bits_update (&state, values[c], lengths[c]);
    }

  return XXH3_64bits_digest (&state);
}

/**
 * pr_record_set_date_hash:
 * @text: (nullable): a date's text, as the table holds it
 *
 * Returns: a hash of @text, by which a date read later from the table
 *   tells whether its text is still the one a scan read its day from
 */
guint32
pr_record_set_date_hash (const char *text)
{
  return text != NULL ? g_str_hash (text) : 0;
}

/* The fraction of @text's second, in microseconds: written after the
 * seconds, or the milliseconds of a 13-digit number, which are a date
 * only in a column of Unix time in milliseconds (else it is no date, and
 * the fraction is not asked). */
static guint32
date_micros (const char  *text,
             PrDateOrder  order)
{
  const char *digits = text;

  if (text == NULL)
    return 0;
  while (g_ascii_isspace (*digits))
    digits++;
  if (strspn (digits, "0123456789") == 13)
    {
      const char *end = digits + 13;

      while (g_ascii_isspace (*end))
        end++;
      if (*end == '\0')
        return ((digits[10] - '0') * 100 + (digits[11] - '0') * 10 + (digits[12] - '0')) * 1000;
    }
  return pr_date_microseconds (text, order);
}

static void
grow_set (PrRecordSet *set,
          gsize       *capacity)
{
  if (set->n_records < *capacity)
    return;

  *capacity = MAX (BATCH_SIZE, *capacity * 2);
  set->dates = g_renew (gint64, set->dates, *capacity);
  set->date_hashes = g_renew (guint32, set->date_hashes, *capacity);
  set->date_micros = g_renew (guint32, set->date_micros, *capacity);
  set->content_hashes = g_renew (guint64, set->content_hashes, *capacity);
  set->changed = g_renew (guint8, set->changed, *capacity);
  set->fingerprints = g_renew (guint64, set->fingerprints, *capacity);
  set->sparse = g_renew (guint8, set->sparse, *capacity);
  if (set->parts != NULL)
    {
      set->part_offsets = g_renew (guint64, set->part_offsets, *capacity);
      set->part_counts = g_renew (guint32, set->part_counts, *capacity);
    }
}

/**
 * pr_record_set_petitioner_key:
 *
 * Who sent a record, as a hash of a petitioner value: compatibility
 * normalised, case folded, white space removed, so that "138 0000 1111"
 * and "１３８００００１１１１" agree.
 *
 * Returns: the key; 0 for an empty value or one that is not UTF-8
 */
guint64
pr_record_set_petitioner_key (const char *value,
                              gsize       length)
{
  g_autofree char *normal = NULL, *folded = NULL;
  g_autoptr(GString) compact = NULL;

  if (value == NULL || !g_utf8_validate (value, length, NULL))
    return 0;
  normal = g_utf8_normalize (value, length, G_NORMALIZE_ALL);
  folded = g_utf8_casefold (normal, -1);
  compact = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_string_append_unichar (compact, g_utf8_get_char (p));
  return compact->len > 0 ? pr_feature_hash (compact->str, compact->len) | 1 /* never 0 */ : 0;
}

/* Who sent a record: its identity values, normalised and counted. */
static void
add_identities (PrIdentityTable   *identities,
                const PrMapping   *mapping,
                const char *const *values,
                const gsize       *lengths)
{
  pr_identity_table_add_record (identities);
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      PrIdentityRole role = pr_mapping_get_column (mapping, c)->identity;

      if (role != PR_IDENTITY_NONE && values[c] != NULL)
        pr_identity_table_add_value (identities, role, values[c], lengths[c]);
    }
}

/* A record's text and short values, as the second stage reads them:
 * one block, a pointer per mapping column before the values. */
static char **
copy_texts (const PrMapping    *mapping,
            const char *const  *values,
            const gsize        *lengths)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  gsize size = (n_columns + 1) * sizeof (char *);
  char **texts;
  char *at;

  for (guint c = 0; c < n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      if ((role == PR_COLUMN_ROLE_TEXT || role == PR_COLUMN_ROLE_SHORT) && values[c] != NULL && lengths[c] > 0)
        size += lengths[c] + 1;
    }
  texts = g_malloc (size);
  at = (char *) (texts + n_columns + 1);
  for (guint c = 0; c < n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      texts[c] = NULL;
      if ((role == PR_COLUMN_ROLE_TEXT || role == PR_COLUMN_ROLE_SHORT) && values[c] != NULL && lengths[c] > 0)
        {
          memcpy (at, values[c], lengths[c]);
          at[lengths[c]] = '\0';
          texts[c] = at;
          at += lengths[c] + 1;
        }
    }
  texts[n_columns] = NULL;
  return texts;
}

static void
texts_free (gpointer texts)
{
  g_free (texts);
}

/* A number id written as another form of the same number: Excel's text
 * formula ="0100" is 0100, and then a plus sign, thousands separators
 * (1,000), a zero fraction (DECIMAL's 1000.00) and leading zeros (07025,
 * a code padded by one system, 7025 by another, or by Excel, which drops
 * them) are dropped. @kept is changed in place. */
static void
number_as_read (GString *kept)
{
  const char *s;
  gsize digits;

  if (kept->len >= 3 && kept->str[0] == '=' && kept->str[1] == '"' && kept->str[kept->len - 1] == '"')
    {
      g_string_truncate (kept, kept->len - 1);
      g_string_erase (kept, 0, 2);
    }
  if (kept->len >= 2 && kept->str[0] == '+' && g_ascii_isdigit (kept->str[1]))
    g_string_erase (kept, 0, 1);
  /* 1,000 and 12,345,678: groups of three after the first. */
  s = kept->str;
  digits = strspn (s, "0123456789");
  if (digits >= 1 && digits <= 3 && s[digits] == ',')
    {
      const char *p = s + digits;

      while (p[0] == ',' && strspn (p + 1, "0123456789") >= 3 && !g_ascii_isdigit (p[4]))
        p += 4;
      if (*p == '\0' || *p == '.')
        {
          GString *plain = g_string_sized_new (kept->len);

          for (const char *q = s; *q != '\0'; q++)
            if (*q != ',' || q >= p)
              g_string_append_c (plain, *q);
          g_string_assign (kept, plain->str);
          g_string_free (plain, TRUE);
        }
    }
  s = strchr (kept->str, '.');
  if (s != NULL && s > kept->str && strspn (kept->str, "0123456789") == (gsize) (s - kept->str) &&
      strspn (s + 1, "0") == strlen (s + 1))
    g_string_truncate (kept, s - kept->str);
  digits = strspn (kept->str, "0123456789");
  if (digits == kept->len && digits > 1 && kept->str[0] == '0')
    {
      gsize zeros = strspn (kept->str, "0");

      g_string_erase (kept, 0, MIN (zeros, digits - 1));
    }
}

/* An id as an office reads it: NFKC (full-width digits and letters as
 * ASCII), without invisible characters (zero-width space and joiners, the
 * word joiner, a BOM, the soft hyphen), without white space around it, and
 * a number as the number (see number_as_read ()). Returns %NULL when that
 * is @id as written, the usual case. */
static char *
id_as_read (const char *id)
{
  static const gunichar invisible[] = { 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD };
  g_autofree char *normal = NULL;
  GString *kept;
  gboolean plain = id[0] != '0' && id[0] != '+' && id[0] != '=';

  for (const guchar *b = (const guchar *) id; *b != '\0'; b++)
    if (*b >= 0x80 || *b == '.' || *b == ',')
      plain = FALSE;
  if (plain && !g_ascii_isspace (id[0]) && !g_ascii_isspace (id[strlen (id) - 1]))
    return NULL;

  normal = g_utf8_normalize (id, -1, G_NORMALIZE_NFKC);
  if (normal == NULL)
    return NULL;   /* not UTF-8: compared as written */
  kept = g_string_sized_new (strlen (normal));
  for (const char *p = normal; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean drop = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (invisible); i++)
        drop |= c == invisible[i];
      if (!drop)
        g_string_append_unichar (kept, c);
    }
  /* White space around: ASCII and Unicode (the ideographic space is a
   * space after NFKC). */
  while (kept->len > 0 && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (kept->str + kept->len))))
    g_string_truncate (kept, g_utf8_prev_char (kept->str + kept->len) - kept->str);
  {
    gsize lead = 0;

    while (lead < kept->len && g_unichar_isspace (g_utf8_get_char (kept->str + lead)))
      lead = g_utf8_next_char (kept->str + lead) - kept->str;
    g_string_erase (kept, 0, lead);
  }
  number_as_read (kept);
  if (g_str_equal (kept->str, id))
    {
      g_string_free (kept, TRUE);
      return NULL;
    }
  return g_string_free (kept, FALSE);
}

static gboolean
refuse_same_id (GError     **error,
                const char  *position_name,
                guint64      position,
                const char  *column,
                const char  *id,
                const char  *other)
{
  g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
               _("%s %llu, column “%s”: the ids “%s” and “%s” differ only in white space around them, invisible characters, "
                 "full-width characters or the way a number is written (leading zeros, a plus sign, thousands "
                 "separators, Excel's =\"…\", a zero fraction), so a reader (and the server) takes them for one: "
                 "correct one of them, or write every id of the column the same way"),
               _(position_name), (unsigned long long) position, column, id, other);
  return FALSE;
}

/* An id of white space (or invisible characters) alone is as empty as
 * none; ids that differ only in what an office does not read — white
 * space around them (“1011 ” and “1011”), a zero-width space, full-width
 * digits, a zero fraction (1000.00 and 1000) — name one record to a
 * reader, and the server may compare them as equal: both are refused
 * rather than read as two records. @padded maps the ids written so, as
 * read, to themselves; it is made at the first. */
static gboolean
check_padded_id (GHashTable  **padded,
                 GHashTable   *seen,
                 const char   *id,
                 const char   *position_name,
                 guint64       position,
                 const char   *column,
                 GError      **error)
{
  const char *other = NULL;
  g_autofree char *read = NULL;

  if (strpbrk (id, "Ee") != NULL && pr_excel_is_scientific (id, -1))
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                   _("%s %llu: the id “%s” in column “%s” is a number in scientific notation, as Excel shows a long "
                     "number id in a General cell, with its last digits lost: format the id column as Text in "
                     "Excel (or export the table again) and save the file again"),
                   _(position_name), (unsigned long long) position, id, column);
      return FALSE;
    }
  read = id_as_read (id);
  if (read == NULL)
    {
      if (*padded != NULL)
        other = g_hash_table_lookup (*padded, id);
      if (other == NULL)
        return TRUE;
      return refuse_same_id (error, position_name, position, column, id, other);
    }
  if (read[0] == '\0')
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                   _("%s %llu: the id column “%s” holds only white space or invisible characters"), _(position_name),
                   (unsigned long long) position, column);
      return FALSE;
    }
  if (g_hash_table_contains (seen, read) ||
      (*padded != NULL && (other = g_hash_table_lookup (*padded, read)) != NULL))
    /* The same id written the same way is a repeated id, said so next. */
    return (other != NULL && g_str_equal (other, id)) ||
           refuse_same_id (error, position_name, position, column, id, other != NULL ? other : read);
  if (*padded == NULL)
    *padded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_insert (*padded, g_steal_pointer (&read), g_strdup (id));
  return TRUE;
}

/* The text columns of a row as they show, without default-ignorable
 * code points (pr-text-space.c): everything the scan reads of them (the
 * content hash, the kept texts, the identities, the fingerprint) then
 * reads the text as the tokenizer does, so that a zero-width space or a
 * BOM inside a body changes nothing. The row's own arrays are kept when
 * no text column holds such a point. */
typedef struct {
  guint        n_columns;
  GString    **texts;
  const char **values;
  gsize       *lengths;
} VisibleRow;

static void
visible_row_init (VisibleRow *row,
                  guint       n_columns)
{
  row->n_columns = n_columns;
  row->texts = g_new (GString *, n_columns);
  for (guint c = 0; c < n_columns; c++)
    row->texts[c] = g_string_new (NULL);
  row->values = g_new0 (const char *, n_columns + 1);
  row->lengths = g_new0 (gsize, n_columns + 1);
}

static void
visible_row_clear (VisibleRow *row)
{
  for (guint c = 0; row->texts != NULL && c < row->n_columns; c++)
    g_string_free (row->texts[c], TRUE);
  g_clear_pointer (&row->texts, g_free);
  g_clear_pointer (&row->values, g_free);
  g_clear_pointer (&row->lengths, g_free);
}

static void
visible_row_read (VisibleRow          *row,
                  const PrMapping     *mapping,
                  const char *const  **values,
                  const gsize        **lengths)
{
  gboolean copied = FALSE;

  for (guint c = 0; c < row->n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;
      const char *value = (*values)[c];

      if (value == NULL || (role != PR_COLUMN_ROLE_SHORT && role != PR_COLUMN_ROLE_TEXT))
        continue;
      g_string_truncate (row->texts[c], 0);
      if (!pr_text_space_append_visible (row->texts[c], value, (*lengths)[c]))
        continue;
      if (!copied)
        {
          memcpy (row->values, *values, row->n_columns * sizeof *row->values);
          memcpy (row->lengths, *lengths, row->n_columns * sizeof *row->lengths);
          copied = TRUE;
        }
      row->values[c] = row->texts[c]->str;
      row->lengths[c] = row->texts[c]->len;
    }
  if (copied)
    {
      *values = row->values;
      *lengths = row->lengths;
    }
}

/**
 * pr_record_set_load:
 * @mapping: the columns; the source gives values in its order
 * @options: tokenizer flags, threads, labels (the encoding is the source's)
 * @source_class: how to read @source
 * @source: rows of values
 * @progress: (nullable): called after each batch
 * @progress_data: passed to @progress
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads and fingerprints every row of @source. The CSV reader and the
 * database reader are both such sources.
 *
 * Returns: (transfer full) (nullable): the record set, or %NULL with @error
 *   naming the row at fault (an empty or repeated id, text that is not
 *   valid UTF-8) or the source's own error
 */
PrRecordSet *
pr_record_set_load (const PrMapping          *mapping,
                    const PrLoadOptions      *options,
                    const PrRowSourceClass   *source_class,
                    gpointer                  source,
                    PrLoadProgressFunc        progress,
                    gpointer                  progress_data,
                    GCancellable             *cancellable,
                    GError                  **error)
{
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrBatchFingerprinter) fingerprinter = NULL;
  g_autoptr(GHashTable) seen_ids = NULL;
  g_autoptr(GHashTable) padded_ids = NULL;  /* an id with white space around it, by the id without */
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PrDateColumn) date_reader = NULL;
  Loader loader = { 0 };
  VisibleRow visible = { 0 };
  guint n_columns;
  int id_column, date_column, label_column;
  gsize capacity = 0;
  guint64 done = 0, total = 0;
  gint64 start = g_get_monotonic_time ();
  gboolean ok = FALSE;

  g_return_val_if_fail (mapping != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (source_class != NULL && source_class->next != NULL, NULL);
  g_return_val_if_fail (options->idf == NULL || options->reuse == NULL, NULL);

  n_columns = pr_mapping_get_n_columns (mapping);
  if (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_SHORT) + pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT) == 0)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("no column to fingerprint: map at least one text or short column"));
      return NULL;
    }

  fingerprinter = pr_batch_fingerprinter_new (mapping, options->flags, options->min_tokens,
                                              options->n_threads, error);
  if (fingerprinter == NULL)
    return NULL;
  pr_batch_fingerprinter_set_parts (fingerprinter, options->parts);
  pr_batch_fingerprinter_set_part_method (fingerprinter, &options->part_method);
  pr_batch_fingerprinter_set_keep_features (fingerprinter, options->idf != NULL);

  id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  date_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_DATE);
  label_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_TEXT);
  if (label_column < 0)
    label_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_SHORT);
  if (date_column >= 0)
    date_reader = pr_date_column_new (pr_mapping_get_column (mapping, date_column)->name, options->date_order,
                                      source_class->position_name);
  if (date_reader != NULL)
    {
      pr_date_column_set_advice (date_reader, options->advice);
      pr_date_column_set_allow_unreadable (date_reader, options->skip_bad_rows || options->chosen_rows);
      pr_date_column_set_skippable (date_reader, options->skippable);
      pr_date_column_set_now (date_reader, options->now);
      if (options->chosen_rows)
        pr_date_column_add_clock_evidence (date_reader, options->date_clock);
    }

  set = g_new0 (PrRecordSet, 1);
  set->ids = g_ptr_array_new_with_free_func (g_free);
  set->bad_ids = g_ptr_array_new_with_free_func (g_free);
  if (options->parts)
    set->part_spool = pr_part_spool_new (options->part_memory != 0 ? options->part_memory
                                                                 : PR_PART_SPOOL_DEFAULT_MEMORY);
  if (options->parts && options->keep_part_table)
    set->parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  if (pr_mapping_count_petitioner (mapping) > 0)
    set->identities = pr_identity_table_new ();
  set->cases = pr_case_columns_new (mapping, options->date_order, options->advice, source_class->position_name);
  if (set->cases != NULL)
    {
      pr_case_columns_set_allow_unreadable (set->cases, options->skip_bad_rows || options->chosen_rows);
      pr_case_columns_set_skippable (set->cases, options->skippable);
      pr_case_columns_set_now (set->cases, options->now);
      if (options->chosen_rows)
        pr_case_columns_add_clock_evidence (set->cases, options->accepted_clock);
    }
  if (options->keep_labels)
    set->labels = g_ptr_array_new_with_free_func (g_free);
  if (options->keep_texts && options->texts_in_file)
    {
      set->text_file = pr_text_file_new (mapping, options->flags, error);
      if (set->text_file == NULL)
        return NULL;
      pr_batch_fingerprinter_set_keep_words (fingerprinter, TRUE);
    }
  else if (options->keep_texts)
    set->texts = g_ptr_array_new_with_free_func (texts_free);
  seen_ids = g_hash_table_new (g_str_hash, g_str_equal);
  visible_row_init (&visible, n_columns);

  loader.set = set;
  loader.fingerprinter = fingerprinter;
  loader.cancellable = cancellable;
  loader.position_name = source_class->position_name;
  loader.mapping = mapping;
  if (options->idf != NULL)
    {
      loader.features = g_array_new (FALSE, FALSE, sizeof (PrFeature));
      loader.feature_capacity = 1;
      loader.feature_offsets = g_new0 (guint64, 1);
    }
  batch_init (&loader.batches[0]);
  batch_init (&loader.batches[1]);

  for (;;)
    {
      Batch *batch = &loader.batches[loader.filling];
      const char *const *values = NULL;
      const gsize *lengths = NULL;
      guint64 position = 0;
      gsize index;
      g_autofree char *reason = NULL;
      int bad_column;
      char *id;

      if (!source_class->next (source, &values, &lengths, &position, cancellable, &local_error))
        {
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              goto out;
            }
          break;
        }

      bad_column = -1;
      if (source_class->unreadable != NULL)
        {
          const char *unreadable = source_class->unreadable (source, &bad_column);

          if (unreadable != NULL)
            reason = g_strdup (unreadable);
          else
            bad_column = -1;
        }
      if (bad_column < 0)
        bad_column = pr_bad_row_check_known (mapping, values, lengths,
                                             source_class->known != NULL ? source_class->known (source) : NULL,
                                             options->advice, &reason);
      if (bad_column >= 0)
        {
          const char *column = pr_mapping_get_column (mapping, bad_column)->name;
          const char *bad_id = id_column >= 0 && bad_column != id_column && values[id_column] != NULL &&
                               values[id_column][0] != '\0' ? values[id_column] : NULL;

          if (!options->skip_bad_rows)
            {
              g_autofree char *what = pr_bad_row_describe (bad_id, loader.position_name, position, column, reason);

              pr_bad_row_set_refusal (error, what, options->advice, options->skippable);
              goto out;
            }
          /* The row is still in the source: its id is kept, so that a store
           * does not take it for a record that left the table. */
          set->n_bad_rows++;
          if (bad_id != NULL)
            {
              char *kept = g_strdup (bad_id);

              g_ptr_array_add (set->bad_ids, kept);
              g_hash_table_add (seen_ids, kept);
            }
          else
            set->bad_row_without_id = TRUE;
          if (options->bad_row != NULL)
            options->bad_row (bad_id, loader.position_name, position, column, reason, options->bad_row_data);
          continue;
        }
      visible_row_read (&visible, mapping, &values, &lengths);

      index = set->n_records;
      grow_set (set, &capacity);

      if (id_column >= 0)
        {
          if (values[id_column] == NULL || values[id_column][0] == '\0')
            {
              g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                           _("%s %llu: the id column “%s” is empty"),
                           _(loader.position_name), (unsigned long long) position, pr_mapping_get_column (mapping, id_column)->name);
              goto out;
            }
          /* A NUL would end the id early: "A\0B" would be stored, shown
           * and looked up as "A". */
          if (memchr (values[id_column], '\0', lengths[id_column]) != NULL)
            {
              g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                           _("%s %llu: the id in column “%s” holds a NUL byte (character 0), which no id may "
                             "hold; correct the value in the table"),
                           _(loader.position_name), (unsigned long long) position,
                           pr_mapping_get_column (mapping, id_column)->name);
              goto out;
            }
          if ((id = copy_text (values[id_column], lengths[id_column], set->text_bytes, error)) == NULL)
            goto out;
        }
      else
        /* The row's number among the rows, skipped ones too. */
        id = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) index + 1 + set->n_bad_rows);

      if (id_column >= 0 && !check_padded_id (&padded_ids, seen_ids, id, loader.position_name, position,
                                              pr_mapping_get_column (mapping, id_column)->name, error))
        {
          g_free (id);
          goto out;
        }
      if (!g_hash_table_add (seen_ids, id))
        {
          g_autofree char *shown = pr_bad_row_show_id (id);

          g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                       _("%s %llu, column “%s”: the id “%s” appears a second time; ids must be unique: correct one "
                         "of the two rows, or map a column whose values are unique as the id"),
                       _(loader.position_name), (unsigned long long) position,
                       pr_mapping_get_column (mapping, id_column)->name, shown);
          g_free (id);
          goto out;
        }
      g_ptr_array_add (set->ids, id);

      set->dates[index] = PR_DATE_NONE;
      set->date_hashes[index] = pr_record_set_date_hash (date_reader != NULL ? values[date_column] : NULL);
      if (date_reader != NULL &&
          !pr_date_column_add (date_reader, values[date_column], id, position, &set->dates[index], error))
        goto out;
      set->date_micros[index] = date_reader != NULL ? date_micros (values[date_column], options->date_order) : 0;

      if (set->labels != NULL)
        g_ptr_array_add (set->labels, make_label (values[label_column] != NULL ? values[label_column] : ""));

      if (set->cases != NULL && !pr_case_columns_add (set->cases, index, values, lengths, id, position, error))
        goto out;
      if (set->texts != NULL)
        g_ptr_array_add (set->texts, copy_texts (mapping, values, lengths));

      set->content_hashes[index] = content_hash (mapping, values, lengths);
      if (set->identities != NULL)
        add_identities (set->identities, mapping, values, lengths);
      set->changed[index] = TRUE;
      if (options->reuse != NULL)
        {
          PrFingerprint stored = { 0 };

          /* Unchanged since it was stored: its fingerprint still holds. */
          if (options->reuse (id, set->content_hashes[index], &stored, options->reuse_data))
            {
              set->fingerprints[index] = stored.fingerprint;
              set->sparse[index] = stored.sparse;
              set->n_sparse += stored.sparse;
              set->changed[index] = FALSE;
              if (!take_parts (set, index, &stored, error))
                goto out;
              /* Not read again: its words are not known. */
              if (set->text_file != NULL &&
                  !pr_text_file_add (set->text_file, index, values, lengths, NULL, 0, error))
                goto out;
              set->n_reused++;
              set->n_records++;
              continue;
            }
        }

      for (guint c = 0; c < n_columns; c++)
        {
          PrColumnRole role = pr_mapping_get_column (mapping, c)->role;
          const char *value = values[c];
          gsize length = value != NULL ? lengths[c] : 0;

          /* Only what the fingerprint reads is copied. */
          if (role != PR_COLUMN_ROLE_SHORT && role != PR_COLUMN_ROLE_TEXT)
            {
              value = NULL;
              length = 0;
            }
          if (value != NULL && (value = copy_text (value, length, set->text_bytes, error)) == NULL)
            goto out;
          g_ptr_array_add (batch->values, (char *) value);
          g_array_append_val (batch->lengths, length);
          set->text_bytes += length;
        }
      g_array_append_val (batch->lines, position);
      g_array_append_val (batch->records, index);
      set->n_records++;

      if (batch->lines->len == BATCH_SIZE)
        {
          if (!flush_batch (&loader, error))
            goto out;
          if (progress != NULL && source_class->progress != NULL)
            {
              source_class->progress (source, &done, &total);
              progress (set->n_records, done, total, progress_data);
            }
        }
    }

  if (!flush_batch (&loader, error) || !finish_batch (&loader, error))
    goto out;
  if (set->text_file != NULL && !pr_text_file_finish (set->text_file, set->n_records, error))
    goto out;
  if (progress != NULL && source_class->progress != NULL)
    {
      source_class->progress (source, &done, &total);
      progress (set->n_records, done, total, progress_data);
    }

  if (date_reader != NULL &&
      !pr_date_column_finish (date_reader, set->dates, set->n_records, &set->n_unreadable_dates,
                              &set->unreadable_date_ids, error))
    goto out;
  if (set->identities != NULL)
    pr_identity_table_finish (set->identities);
  if (date_reader != NULL)
    {
      PrDateNumbers kind;

      set->n_serial_dates = pr_date_column_get_n_serial (date_reader);
      set->n_roc_dates = pr_date_column_get_n_roc (date_reader);
      set->n_placeholder_dates = pr_date_column_get_n_placeholder (date_reader);
      set->n_bare_hour_dates = pr_date_column_get_n_bare_hours (date_reader);
      for (PrDateDoubt d = 0; d < PR_DATE_N_DOUBTS; d++)
        {
          set->n_doubt_dates[d] = pr_date_column_get_n_doubts (date_reader, d);
          set->doubt_date_ids[d] = pr_date_column_get_doubt_ids (date_reader, d);
        }
      set->bare_hour_date_ids = pr_date_column_get_bare_hour_ids (date_reader);
      set->n_unmarked_hour_dates = pr_date_column_get_n_unmarked_hours (date_reader);
      set->n_dates_taken_as_office = pr_date_column_get_n_taken_as_office (date_reader);
      set->n_dates_from_numbers = pr_date_column_get_n_from_numbers (date_reader, &kind);
      set->dates_numbers_kind = kind;
    }
  if (set->cases != NULL && !pr_case_columns_finish (set->cases, set->n_records, error))
    goto out;
  set->fingerprint_seconds = loader.fingerprint_time / 1e6;
  set->read_seconds = (g_get_monotonic_time () - start - loader.wait_time) / 1e6;
  if (loader.features != NULL && !weigh_by_idf (&loader, options->idf, pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT),
                                                cancellable, error))
    goto out;
  ok = TRUE;

out:
  /* On an early exit the worker may still run: it must finish before its
   * batch is freed. Its error, if any, is dropped for the first one. */
  if (loader.worker != NULL)
    g_thread_join (g_steal_pointer (&loader.worker));
  g_clear_error (&loader.worker_error);
  /* A batch fingerprinted but not taken in holds parts. */
  free_parts (loader.batches[0].results);
  free_parts (loader.batches[1].results);
  batch_clear (&loader.batches[0]);
  batch_clear (&loader.batches[1]);
  g_clear_pointer (&loader.features, g_array_unref);
  g_free (loader.feature_offsets);
  visible_row_clear (&visible);

  return ok ? g_steal_pointer (&set) : NULL;
}

static int
compare_primary (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const PrRecordSet *sort_set = user_data;
  guint32 i = *(const guint32 *) a;
  guint32 j = *(const guint32 *) b;

  if (sort_set->dates[i] != sort_set->dates[j])
    return sort_set->dates[i] < sort_set->dates[j] ? -1 : 1;
  /* Two letters of one second (DATETIME(6)): the fraction tells. */
  if (sort_set->dates[i] != PR_DATE_NONE && sort_set->date_micros[i] != sort_set->date_micros[j])
    return sort_set->date_micros[i] < sort_set->date_micros[j] ? -1 : 1;

  return pr_id_compare (sort_set->ids->pdata[i], sort_set->ids->pdata[j]);
}

/**
 * pr_record_set_is_before:
 * @set: a #PrRecordSet
 * @a: a record
 * @b: another record
 *
 * Whether @a comes before @b in the order pr_record_set_rank () gives: the
 * earlier date, to the microsecond, then the lower id. Whatever tells the
 * earlier of two records (a pair's kind and disposition) asks this, so
 * that it never names another than the cluster's primary.
 *
 * Returns: %TRUE if @a comes first
 */
gboolean
pr_record_set_is_before (const PrRecordSet *set,
                         guint32            a,
                         guint32            b)
{
  return compare_primary (&a, &b, (gpointer) set) < 0;
}

/**
 * pr_record_set_rank:
 * @set: a #PrRecordSet
 *
 * Orders the records for the choice of a cluster's primary record: the
 * earliest date first (records without one last), to the microsecond,
 * then the lowest id.
 *
 * Returns: (transfer full): rank[i] for each record i, 0 for the first.
 */
guint32 *
pr_record_set_rank (PrRecordSet *set)
{
  g_autofree guint32 *order = g_new (guint32, set->n_records);
  guint32 *rank = g_new (guint32, set->n_records);

  for (gsize i = 0; i < set->n_records; i++)
    order[i] = i;
  g_qsort_with_data (order, set->n_records, sizeof (guint32), compare_primary, set);
  for (gsize i = 0; i < set->n_records; i++)
    rank[order[i]] = i;

  return rank;
}

static void
append_pair (guint32  a,
             guint32  b,
             guint32  distance,
             gpointer user_data)
{
  PrPair pair = { a, b, distance };

  g_array_append_val ((GArray *) user_data, pair);
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const PrPair *x = a, *y = b;

  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : (x->b > y->b);
}

/**
 * pr_record_set_find_pairs:
 * @set: a #PrRecordSet
 * @k: the largest Hamming distance of a pair
 * @n_threads: threads for the block index, 0 for all
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Lists every pair of records within @k bits, sparse records left out.
 * The list can be quadratic in a group of identical records: for anything
 * but small sets, use pr_matches_find() and expand only what is needed.
 *
 * Returns: (transfer full) (nullable): #PrPair with record indices, sorted
 */
GArray *
pr_record_set_find_pairs (PrRecordSet   *set,
                          guint          k,
                          guint          n_threads,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(PrMatches) matches = NULL;
  GArray *pairs;

  /* Sparse records would all pair with each other (an empty text has one
   * fingerprint), so they are left out before the index sees them. */
  matches = pr_matches_find (set->fingerprints, set->sparse, set->n_records, k, n_threads,
                             cancellable, error);
  if (matches == NULL)
    return NULL;

  pairs = g_array_sized_new (FALSE, FALSE, sizeof (PrPair), pr_matches_count_pairs (matches));
  pr_matches_foreach_pair (matches, append_pair, pairs);
  g_array_sort (pairs, compare_pairs);

  return pairs;
}
