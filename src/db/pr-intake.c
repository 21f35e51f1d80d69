/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check: a new petition (typed, or a record of the table)
 * against the stored fingerprints, and for each earlier record found, who
 * sent it (the identity evidence), the kind of repeat, its case's state and
 * dates, and what the rules say to do. The stored fingerprints are
 * searched through a block index held in memory (pr-stored-index.c) or the
 * store's block columns; only the few records found are read from the
 * table, and judged together with the new one as a small record set, so
 * that the answer is the scan's for the same pair. The scan also pairs
 * records that share passages, at any distance: so does the check, through
 * the stored passages (pr-stored-parts.c) and the scan's rule for them, so
 * that a new text is answered with the cases a scan would join it to:
 * the holders of its passages are asked of the store's index by part
 * (pr-store-passages.c), or, for a store without one, all are read into
 * memory at the first check. With the second stage, as the scan's, each
 * record found is judged with the new one by the same weights, and only
 * those at the scan's probability or above are answered.
 */
#define G_LOG_DOMAIN "pr-intake"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pr-case-columns.h"
#include "pr-fingerprinter.h"
#include "pr-date-column.h"
#include "pr-intake.h"
#include "pr-pair-judge.h"
#include "pr-scan-options.h"
#include "pr-store-judged.h"
#include "pr-record-reader.h"
#include "pr-store-cases.h"
#include "pr-stored-parts.h"
#include "pr-store-short-texts.h"

struct _PrIntake {
  PrConnection    *connection;
  PrStore         *store;
  char            *table;
  PrMapping       *mapping;
  PrLoadOptions    options;
  guint64          version;
  guint            k;
  const PrCaseRules *rules;
  PrFingerprinter *fingerprinter;
  PrRecordFetcher *fetcher;    /* the table read once: each check reads only records */
  PrStoredIndex   *index;      /* NULL: the server is asked */
  PrStoredParts   *passages;   /* the stored records' parts, by part; NULL until the first check */
  gboolean         passages_in_memory;  /* read them all at the first check */
  char            *notice;     /* (nullable): what the clerk should know of the check */
  PrPartMatchOptions part_options;
  gboolean         second_stage;  /* judge each record found, as the scan's second stage */
  PrPairModel      model;
  double           probability;
  int              id_column;
  gboolean         short_asked;  /* whether the store was asked of its short texts */
  gboolean         short_texts_missing; /* the last judged scan kept no short texts */
};

void
pr_intake_case_clear (PrIntakeCase *intake_case)
{
  g_clear_pointer (&intake_case->id, g_free);
  g_clear_pointer (&intake_case->primary_id, g_free);
  g_clear_pointer (&intake_case->status, g_free);
}

void
pr_intake_free (PrIntake *self)
{
  g_clear_pointer (&self->table, g_free);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  g_clear_pointer (&self->fingerprinter, pr_fingerprinter_free);
  g_clear_pointer (&self->fetcher, pr_record_fetcher_free);
  g_clear_pointer (&self->index, pr_stored_index_free);
  g_clear_pointer (&self->passages, pr_stored_parts_free);
  g_clear_pointer (&self->notice, g_free);
  g_free (self);
}

/**
 * pr_intake_new:
 * @connection: the table's server (kept, not owned)
 * @store: the application's tables (kept, not owned: it outlives the intake)
 * @table: the table
 * @mapping: its mapping, with an id column
 * @options: how its records are read and fingerprinted, as for the scan
 * @mapping_version: the stored fingerprints' version (pr_fingerprint_version())
 * @k: the largest distance that is a match
 * @rules: the office's rules (kept, not owned)
 * @in_memory: load the stored fingerprints into a block index now
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the intake check, or %NULL with @error set
 */
PrIntake *
pr_intake_new (PrConnection        *connection,
               PrStore             *store,
               const char          *table,
               const PrMapping     *mapping,
               const PrLoadOptions *options,
               guint64              mapping_version,
               guint                k,
               const PrCaseRules   *rules,
               gboolean             in_memory,
               GError             **error)
{
  g_autoptr(PrIntake) self = g_new0 (PrIntake, 1);
  gboolean has_passages = FALSE;
  gint64 start;

  self->connection = connection;
  self->store = store;
  self->table = g_strdup (table);
  self->mapping = pr_mapping_copy (mapping);
  self->options = *options;
  /* A handful of records: one thread, and only the pair's judgement. */
  self->options.n_threads = 1;
  self->options.parts = FALSE;
  self->options.idf = NULL;
  self->options.reuse = NULL;
  self->options.judge = NULL;
  self->options.skip_bad_rows = FALSE;
  /* The records found may be the few of the table whose dates the scan
   * could not read: they are answered undated, as the scan has them. */
  self->options.chosen_rows = TRUE;
  self->version = mapping_version;
  self->k = k;
  self->rules = rules;
  self->id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  if (self->id_column < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The intake check needs the table's id column: map one."));
      return NULL;
    }
  self->part_options = PR_PART_MATCH_OPTIONS_DEFAULT;
  self->fingerprinter = pr_fingerprinter_new (mapping, options->flags, options->min_tokens, error);
  if (self->fingerprinter == NULL)
    return NULL;
  /* Cut as the stored parts were: the method is part of the version. */
  pr_fingerprinter_set_parts (self->fingerprinter, TRUE);
  pr_fingerprinter_set_part_method (self->fingerprinter,
                                    (const PrPartMethod[]) { pr_part_method_resolve (&options->part_method) });
  if (!pr_store_check_scanned (store, table, mapping_version, error))
    return NULL;
  self->fetcher = pr_record_fetcher_new (connection, table, mapping, options->advice, error);
  if (self->fetcher == NULL)
    return NULL;
  /* The records found read their unmarked hours (3点) by the table's
   * column, as the scan did; the new record's date is read by it too. */
  if (!pr_record_reader_date_clocks (connection, table, mapping, &self->options, NULL, error))
    return NULL;
  start = g_get_monotonic_time ();
  if (in_memory)
    {
      self->index = pr_stored_index_new (store, table, mapping_version, k, error);
      if (self->index == NULL)
        return NULL;
    }
  /* The passages are asked of the store's index by part, which its last
   * scan wrote; a store whose last scan did not has them read whole into
   * memory at the first check. */
  if (!pr_store_has_passages (store, table, &has_passages, error))
    return NULL;
  if (!has_passages)
    {
      /* Said on the intake page; the command line's users have it in the
       * man page (scan --index-passages), not on every check. */
      self->notice = g_strdup_printf (_("The first check of “%s” reads every stored record's passages, which "
                                        "takes a while on a large table; an administrator can keep an index "
                                        "of them (administrator guide, “The passages' index”)."),
                                      table);
      g_debug ("%s", self->notice);
      self->passages_in_memory = TRUE;
    }
  g_debug ("stored fingerprints indexed in %.2f s", (g_get_monotonic_time () - start) / 1e6);

  return g_steal_pointer (&self);
}

/**
 * pr_intake_set_part_options:
 * @self: the intake check
 * @options: the thresholds of a match on passages the scan used
 *
 * By default those of a scan without options (PR_PART_MATCH_OPTIONS_DEFAULT).
 */
void
pr_intake_set_part_options (PrIntake                 *self,
                            const PrPartMatchOptions *options)
{
  self->part_options = *options;
}

/**
 * pr_intake_set_second_stage:
 * @self: the intake check
 * @model: (nullable): the weights the scan judged by; %NULL: no second stage
 * @probability: the probability from which a pair is a repeat, or a
 *   negative one for the scan's (the default one when the store does not
 *   hold it: a scan older than its keeping it)
 *
 * With a second stage, as a scan's, each stored record found (within k,
 * or by the passages' thresholds, which the caller sets to the second
 * stage's generous candidates as the scan does) is judged with the new
 * petition, and answered only at @probability or above. Off by default.
 */
void
pr_intake_set_second_stage (PrIntake          *self,
                            const PrPairModel *model,
                            double             probability)
{
  self->second_stage = model != NULL;
  if (model != NULL)
    self->model = *model;
  self->probability = probability;
  /* The judge reads the records' texts and short values. */
  self->options.keep_texts = self->second_stage;
}

/**
 * pr_intake_judge_as_scanned:
 * @self: the intake check
 * @probability: the probability from which the scan's pair is a repeat,
 *   or a negative number for the one the table's last scan used
 * @parts: (inout): the passages' thresholds, made the second stage's
 *   generous ones (unless changed from the defaults) when it judges
 * @judged: (out) (optional): whether the check now judges
 * @error: return location for a #GError
 *
 * Judges as the table's last stored scan did: with the second stage and
 * the weights learn kept for the table (or the shipped ones) if that scan
 * judged its pairs, without otherwise. The stored cases were formed so,
 * and a record joins one by the same rule. Sets the part options.
 *
 * Returns: %FALSE with @error set if the store cannot be read
 */
gboolean
pr_intake_judge_as_scanned (PrIntake           *self,
                            double              probability,
                            PrPartMatchOptions *parts,
                            gboolean           *judged,
                            GError            **error)
{
  gboolean scan_judged = FALSE;
  double scan_probability;
  PrPairModel model;

  if (judged != NULL)
    *judged = FALSE;
  if (!pr_store_get_last_judged (self->store, self->table, &scan_judged, NULL, &scan_probability, error))
    return FALSE;
  if (probability < 0)
    probability = scan_probability >= 0 ? scan_probability : PR_PAIR_DEFAULT_PROBABILITY;
  if (scan_judged)
    {
      if (!pr_scan_options_second_stage (self->store, self->table, self->mapping, probability, &model, NULL, parts,
                                         error))
        return FALSE;
      pr_intake_set_second_stage (self, &model, probability);
    }
  else
    pr_intake_set_second_stage (self, NULL, probability);
  pr_intake_set_part_options (self, parts);
  if (judged != NULL)
    *judged = scan_judged;
  return TRUE;
}

/**
 * pr_intake_short_texts_missing:
 *
 * Returns: whether a judged check found that the table's last scan kept
 *   no short texts (a scan made before the store kept them), so that it
 *   could not find short texts reworded
 */
gboolean
pr_intake_short_texts_missing (PrIntake *self)
{
  return self->short_texts_missing;
}

/**
 * pr_intake_get_notice:
 * @self: an intake
 *
 * Returns: (nullable): what the clerk should know of the checks, such as
 *   a store without an index of the passages (logged at debug level
 *   when the intake is made)
 */
const char *
pr_intake_get_notice (PrIntake *self)
{
  return self->notice;
}

/**
 * pr_intake_set_passages_in_memory:
 * @self: the intake check, before its first check
 * @in_memory: read every stored record's passages into memory at the
 *   first check, rather than asking the store's index of them
 *
 * The answers are the same either way; the index is the default when the
 * store has one for the table.
 */
void
pr_intake_set_passages_in_memory (PrIntake *self,
                                  gboolean  in_memory)
{
  g_return_if_fail (self->passages == NULL);

  self->passages_in_memory = in_memory;
}

static gboolean
ensure_passages (PrIntake  *self,
                 GError   **error)
{
  if (self->passages != NULL)
    return TRUE;
  /* One check asks the store's index for the counts it needs. */
  if (!self->passages_in_memory)
    {
      self->passages = pr_stored_parts_new_for_store (self->store, self->table, self->version);
      return TRUE;
    }
  return pr_intake_load_passages (self, NULL, NULL, NULL, error);
}

/**
 * pr_intake_needs_loading:
 * @self: the intake check
 *
 * Returns: whether the first check would read every stored record's
 *   passages into memory, or the store's boilerplate passages
 *   (pr_intake_load_passages () does it beforehand)
 */
gboolean
pr_intake_needs_loading (PrIntake *self)
{
  return self->passages == NULL;
}

/**
 * pr_intake_load_passages:
 * @self: the intake check
 * @progress: (nullable): told how many stored records were read, every
 *   few thousand, of about how many (on the calling thread)
 * @user_data: for @progress
 * @cancellable: (nullable): stops the reading; the next check reads them
 * @error: return location for a #GError
 *
 * Reads what the checks need, ahead of the first: with the passages read
 * into memory, every stored record's, which the first check would read
 * (half a minute at a million records); asked of the store's index, the
 * passages so many records hold that they are boilerplate, which each
 * check would otherwise ask for; so that a caller of many checks can do
 * it when the intake opens, off the thread that waits for an answer.
 * Nothing to do when they are read.
 *
 * Returns: %FALSE with @error set on failure or when cancelled
 */
gboolean
pr_intake_load_passages (PrIntake             *self,
                         PrIntakeProgressFunc  progress,
                         gpointer              user_data,
                         GCancellable         *cancellable,
                         GError              **error)
{
  if (self->passages_in_memory)
    {
      if (self->passages == NULL)
        self->passages = pr_stored_parts_new_full (self->store, self->table, self->version,
                                                   self->index != NULL ? pr_stored_index_get_size (self->index) : 0,
                                                   progress, user_data, cancellable, error);
      return self->passages != NULL;
    }
  if (self->passages == NULL)
    self->passages = pr_stored_parts_new_for_store (self->store, self->table, self->version);
  return pr_stored_parts_read_boilerplate (self->passages, self->part_options.max_records_per_part, error);
}

/* The rows to judge together: the records found, then the new one. */
typedef struct {
  GPtrArray  *rows;     /* char **, one value per mapping column */
  guint       n_columns;
  guint       next;
  gsize      *lengths;
} RowArray;

static gboolean
row_array_next (gpointer             source,
                const char *const  **values,
                const gsize        **lengths,
                guint64             *position,
                GCancellable        *cancellable,
                GError             **error)
{
  RowArray *self = source;
  char **row;

  if (self->next >= self->rows->len)
    return FALSE;
  row = self->rows->pdata[self->next];
  for (guint c = 0; c < self->n_columns; c++)
    self->lengths[c] = row[c] != NULL ? strlen (row[c]) : 0;
  *values = (const char *const *) row;
  *lengths = self->lengths;
  *position = ++self->next;
  return TRUE;
}

static void
row_array_progress (gpointer  source,
                    guint64  *done,
                    guint64  *total)
{
  RowArray *self = source;

  *done = self->next;
  *total = self->rows->len;
}

static const PrRowSourceClass row_array_class = {
  row_array_next,
  row_array_progress,
  N_("row"),
};

static void
free_row (gpointer data,
          gpointer user_data)
{
  char **row = data;
  guint n_columns = GPOINTER_TO_UINT (user_data);

  for (guint c = 0; c < n_columns; c++)
    g_free (row[c]);
  g_free (row);
}

/* A record found: within k, sharing passages (then kept only if the
 * scan's rule for its petitioners holds), or a short text reworded. */
typedef struct {
  const char        *record_id;  /* (transfer none) */
  guint              distance;   /* within k; that of the fingerprints made with the check otherwise */
  PrStoredPartMatch *passages;   /* NULL: within k or a short text */
  gboolean           short_text; /* found by the short texts' 3-grams, at any distance */
} Found;

/* The stored records whose short bodies a judged scan pairs with the
 * petition's, by the scan's rule (pr-short-pairs.c) over the short
 * bodies the last scan kept, read by the petition's own 3-grams. */
static GPtrArray *
find_short_texts (PrIntake          *self,
                  const char *const *values,
                  const char        *record_id,
                  GError           **error)
{
  PrShortPairOptions options;
  PrPairRecord record;
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  GPtrArray *found = NULL;
  gboolean kept = FALSE;

  pr_short_pair_options_default (&options);
  pr_pair_record_from_texts (self->mapping, (char *const *) values, PR_DATE_NONE, 0, 0, &record, body, fields);
  pr_short_pairs_body_grams (&options, record.body, -1, grams);
  if (!pr_store_find_short_texts (self->store, self->table, &options, (const guint64 *) (gpointer) grams->data,
                                  grams->len, record_id, &found, &kept, error))
    return NULL;
  /* The last scan judged (else no second stage here) but kept no short
   * texts: made before the store kept them. Said once, not silent: the
   * next scan finds short texts reworded that this check cannot. */
  if (!kept && !self->short_asked)
    {
      g_autofree char *said = g_strdup_printf (_("The last scan of “%s” with the store kept no short texts, so "
                                                 "this check cannot find short texts reworded as a scan does; "
                                                 "scan the table with the store again."), self->table);
      char *both = self->notice != NULL ? g_strdup_printf ("%s\n%s", self->notice, said) : g_strdup (said);

      g_free (self->notice);
      self->notice = both;
      self->short_texts_missing = TRUE;
    }
  self->short_asked = TRUE;
  return found;
}

/* The second stage's summed probability of the new petition with the
 * members of each stored case, by case number: a member that was no
 * candidate counts 0, as in the scan's linkage (pr-pair-linkage.c). */
static GHashTable *
sum_by_case (GArray             *found,
             GHashTable         *case_of,
             const PrScoredPair *judged,
             const gboolean     *candidate,
             guint32             n_found)
{
  GHashTable *sums = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);

  for (guint32 i = 0; i < n_found; i++)
    {
      const PrStoredCase *stored = g_hash_table_lookup (case_of, g_array_index (found, Found, i).record_id);
      double *sum;

      if (stored == NULL || !candidate[i])
        continue;
      sum = g_hash_table_lookup (sums, GUINT_TO_POINTER (stored->number));
      if (sum == NULL)
        {
          sum = g_new0 (double, 1);
          g_hash_table_insert (sums, GUINT_TO_POINTER (stored->number), sum);
        }
      *sum += MAX (judged[i].probability, 0.0f);
    }
  return sums;
}

/* Whether the scan's average linkage joins the new petition to @stored:
 * the mean of its probabilities with every member reaches @probability.
 * A record joins a case when it repeats most of it, not one member. */
static gboolean
joins_case (GHashTable         *case_sums,
            const PrStoredCase *stored,
            double              probability)
{
  const double *sum = g_hash_table_lookup (case_sums, GUINT_TO_POINTER (stored->number));

  return sum != NULL && stored->n_members > 0 && *sum / stored->n_members >= probability;
}

static int
compare_cases (gconstpointer a,
               gconstpointer b)
{
  const PrIntakeCase *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return g_strcmp0 (x->id, y->id);
}

/**
 * pr_intake_check_full:
 * @self: the intake check
 * @values: the new petition's values, one per mapping column in mapping
 *   order (%NULL for none); its id may be empty
 * @record_id: (nullable): the id of the stored record @values are, which
 *   is not its own earlier case; %NULL for a petition not in the table
 * @own_case: (out) (optional) (transfer full) (nullable): the open case
 *   the store holds @record_id in, %NULL when none (or no @record_id)
 * @sparse: (out) (optional): set when the petition is too short to be
 *   matched (the answer is then empty)
 * @error: return location for a #GError
 *
 * The stored records a scan would pair the petition with: its fingerprint
 * within k, or passages shared as the scan's rule for them asks, with the
 * case the store put each in.
 *
 * Returns: (element-type PrIntakeCase): the stored records found, nearest
 *   first, or %NULL with @error set
 */
GArray *
pr_intake_check_full (PrIntake          *self,
                      const char *const *values,
                      const char        *record_id,
                      PrStoredCase     **own_case,
                      gboolean          *sparse,
                      GError           **error)
{
  guint n_columns = pr_mapping_get_n_columns (self->mapping);
  g_autoptr(GArray) matches = NULL;
  g_autoptr(GArray) passages = NULL;
  g_autoptr(GPtrArray) shorts = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Found));
  g_autoptr(GArray) answer = g_array_new (FALSE, TRUE, sizeof (PrIntakeCase));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) asked = g_ptr_array_new ();     /* (transfer none): the records whose cases are read */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) case_of = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autofree PrScoredPair *judged = NULL;
  g_autofree gboolean *candidate = NULL;
  g_autofree PrIdentityEvidence *evidence = NULL;   /* of each candidate, as pr_record_set_compare_petitioners() tells */
  g_autoptr(GHashTable) case_sums = NULL;
  guint32 own_number = 0;
  /* Whether the store holds @record_id as the last scan fingerprinted it:
   * that scan saw the record, and a case it is in no more is its answer. */
  gboolean own_stored = FALSE;
  g_autofree gsize *lengths = g_new0 (gsize, MAX (n_columns, 1));
  g_autofree char *new_id = NULL;
  /* The table's key of the record's own case, stolen with it. */
  g_autofree char *own_key = NULL;
  RowArray source = { 0 };
  PrFingerprint fp = { 0 };
  guint32 last;
  /* Where a slow check spent its time (G_MESSAGES_DEBUG=pr-intake). */
  gint64 t_start = g_get_monotonic_time (), t_found, t_fetched, t_cases;

  g_array_set_clear_func (answer, (GDestroyNotify) pr_intake_case_clear);
  if (sparse != NULL)
    *sparse = FALSE;
  if (own_case != NULL)
    *own_case = NULL;
  if (!pr_fingerprinter_compute (self->fingerprinter, values, NULL, &fp, error))
    return NULL;
  /* Too short for a fingerprint, but a judged scan still pairs a short
   * body by its 3-grams (pr_short_pairs_find_in_set () reads sparse
   * records too): only the short texts are asked then. */
  if (fp.sparse && self->second_stage)
    {
      g_free (g_steal_pointer (&fp.parts));
      if (sparse != NULL)
        *sparse = TRUE;
      matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
      passages = g_array_new (FALSE, FALSE, sizeof (PrStoredPartMatch));
    }
  else if (fp.sparse)
    {
      g_free (fp.parts);
      if (sparse != NULL)
        *sparse = TRUE;
      /* A short record is in no pair, but it may still be a case's. */
      if (own_case != NULL && record_id != NULL)
        {
          g_ptr_array_add (asked, (gpointer) record_id);
          case_of = pr_store_find_open_cases (self->store, self->table, asked, error);
          if (case_of == NULL)
            return NULL;
          g_hash_table_steal_extended (case_of, record_id, (gpointer *) &own_key, (gpointer *) own_case);
        }
      return g_steal_pointer (&answer);
    }
  else
    {
      matches = pr_stored_index_find (self->index, self->store, self->table, self->version,
                                      fp.fingerprint, self->k, error);
      if (matches == NULL)
        {
          g_free (fp.parts);
          return NULL;
        }
      passages = ensure_passages (self, error)
                 ? pr_stored_parts_find (self->passages, fp.parts, fp.n_parts, record_id, &self->part_options, error)
                 : NULL;
      g_free (fp.parts);
      if (passages == NULL)
        return NULL;
    }
  t_found = g_get_monotonic_time ();
  g_debug ("fingerprint %016" G_GINT64_MODIFIER "x: %u stored within %u, %u sharing passages",
           fp.fingerprint, matches->len, self->k, passages->len);

  for (guint i = 0; i < matches->len; i++)
    {
      const PrStoreMatch *match = &g_array_index (matches, PrStoreMatch, i);
      Found one = { match->record_id, match->distance, NULL, FALSE };

      if (record_id != NULL && g_str_equal (match->record_id, record_id))
        {
          own_stored = TRUE;
          continue;
        }
      if (!g_hash_table_add (seen, (gpointer) match->record_id))
        continue;
      g_array_append_val (found, one);
    }
  for (guint i = 0; i < passages->len; i++)
    {
      PrStoredPartMatch *match = &g_array_index (passages, PrStoredPartMatch, i);
      Found one = { match->record_id, G_MAXUINT, match, FALSE };

      /* Within k the fingerprints pair them already. */
      if (!g_hash_table_add (seen, (gpointer) match->record_id))
        continue;
      g_array_append_val (found, one);
    }
  /* As the scan's, the second stage's candidates only. */
  if (self->second_stage)
    {
      if ((shorts = find_short_texts (self, values, record_id, error)) == NULL)
        return NULL;
      for (guint i = 0; i < shorts->len; i++)
        {
          Found one = { shorts->pdata[i], G_MAXUINT, NULL, TRUE };

          if (g_hash_table_add (seen, (gpointer) one.record_id))
            g_array_append_val (found, one);
          else
            /* Found by passages too few for their rule: a candidate still. */
            for (guint f = 0; f < found->len; f++)
              if (g_str_equal (g_array_index (found, Found, f).record_id, one.record_id))
                g_array_index (found, Found, f).short_text = TRUE;
        }
    }

  for (guint i = 0; i < found->len; i++)
    {
      const Found *one = &g_array_index (found, Found, i);
      g_autoptr(GError) local_error = NULL;
      char **row = pr_record_fetcher_fetch (self->fetcher, one->record_id, &local_error);

      if (row == NULL)
        {
          g_ptr_array_foreach (rows, free_row, GUINT_TO_POINTER (n_columns));
          /* The id is the store's, exact: not found, the record was
           * deleted or its id or columns changed since the last stored
           * scan; "check the id" would point at the wrong one. */
          if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE))
            g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                         /* The database's message last: it ends in the server's own words. */
                         _("record “%s” of table “%s”, which the store holds as a match, cannot be read from "
                           "the table: the table changed since its last scan with --store; scan it with "
                           "--store again, then check; %s"),
                         one->record_id, self->table, local_error->message);
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      /* The server found the store's id loosely: another record ("a766"
       * for a deleted "A766" in a case-insensitive column) is not it. */
      if (g_strcmp0 (row[self->id_column], one->record_id) != 0)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                       _("record “%s” of table “%s”, which the store holds as a match, is not in the table (the "
                         "server found “%s” for it): the table changed since its last scan with --store; scan it "
                         "with --store again, then check"),
                       one->record_id, self->table, row[self->id_column] != NULL ? row[self->id_column] : "");
          free_row (row, GUINT_TO_POINTER (n_columns));
          g_ptr_array_foreach (rows, free_row, GUINT_TO_POINTER (n_columns));
          return NULL;
        }
      g_ptr_array_add (rows, row);
      g_ptr_array_add (asked, (gpointer) one->record_id);
    }
  t_fetched = g_get_monotonic_time ();
  /* The cases of the records found only, not every case of the table,
   * and of the record itself. */
  if (record_id != NULL)
    g_ptr_array_add (asked, (gpointer) record_id);
  case_of = pr_store_find_open_cases (self->store, self->table, asked, error);
  if (case_of == NULL)
    {
      g_ptr_array_foreach (rows, free_row, GUINT_TO_POINTER (n_columns));
      return NULL;
    }
  if (record_id != NULL && g_hash_table_contains (case_of, record_id))
    own_number = ((const PrStoredCase *) g_hash_table_lookup (case_of, record_id))->number;
  if (own_case != NULL && record_id != NULL)
    g_hash_table_steal_extended (case_of, record_id, (gpointer *) &own_key, (gpointer *) own_case);
  t_cases = g_get_monotonic_time ();

  /* The new petition last, under an id no stored record has. */
  {
    char **row = g_new0 (char *, MAX (n_columns, 1));

    for (guint c = 0; c < n_columns; c++)
      row[c] = g_strdup (values[c]);
    new_id = record_id != NULL ? g_strdup (record_id) : g_strdup ("\x01new");
    g_free (row[self->id_column]);
    row[self->id_column] = g_strdup (new_id);
    g_ptr_array_add (rows, row);
  }

  /* A table whose dates are numbers (Excel's day numbers, Unix time), as
   * the scan read them: the few records found, read beside a new record
   * whose date is written, would be undated. */
  {
    const PrColumnRole roles[] = { PR_COLUMN_ROLE_DATE, PR_COLUMN_ROLE_ACCEPTED };

    for (guint r = 0; r < G_N_ELEMENTS (roles); r++)
      {
        int column = pr_mapping_find (self->mapping, roles[r]);

        if (column >= 0)
          pr_date_column_rewrite_numbers (rows, 0, record_id != NULL ? rows->len : rows->len - 1, column,
                                          pr_mapping_get_column (self->mapping, column)->name, self->options.now);
      }
  }
  source.rows = rows;
  source.n_columns = n_columns;
  source.lengths = lengths;
  set = pr_record_set_load (self->mapping, &self->options, &row_array_class, &source,
                            NULL, NULL, NULL, error);
  g_ptr_array_foreach (rows, free_row, GUINT_TO_POINTER (n_columns));
  if (set == NULL)
    return NULL;

  last = set->n_records - 1;
  /* The second stage's judgement of each record found with the new one. */
  if (self->second_stage && last > 0)
    {
      judged = g_new (PrScoredPair, last);
      for (guint32 i = 0; i < last; i++)
        judged[i] = (PrScoredPair) { i, last, (guint32) __builtin_popcountll (set->fingerprints[i] ^ set->fingerprints[last]),
                                     -1 };
      if (!pr_pair_judge_score (self->mapping, self->options.flags, &self->model, set, judged, last, 1, NULL, error))
        return NULL;
    }
  /* The candidates: the passages' threshold is the lower one for one
   * petitioner's. */
  candidate = g_new (gboolean, MAX (last, 1));
  evidence = g_new0 (PrIdentityEvidence, MAX (last, 1));
  for (guint32 i = 0; i < last; i++)
    {
      const Found *one = &g_array_index (found, Found, i);
      PrPetitionerKind petitioner = pr_record_set_compare_petitioners (set, i, last, &evidence[i]);

      candidate[i] = one->passages == NULL || one->short_text ||
                     pr_stored_part_match_accepts (one->passages, &self->part_options, petitioner == PR_PETITIONER_SAME);
    }
  if (judged != NULL)
    case_sums = sum_by_case (found, case_of, judged, candidate, last);
  for (guint32 i = 0; i < last; i++)
    {
      const Found *one = &g_array_index (found, Found, i);
      PrIntakeCase c = { 0 };
      const PrStoredCase *stored = g_hash_table_lookup (case_of, one->record_id);
      gboolean earlier = set->dates[i] == PR_DATE_NONE || set->dates[last] == PR_DATE_NONE ||
                         set->dates[i] < set->dates[last] ||
                         (set->dates[i] == set->dates[last] && set->date_micros[i] <= set->date_micros[last]);

      if (!candidate[i])
        continue;
      c.evidence = evidence[i];
      c.probability = judged != NULL ? judged[i].probability : -1;
      if (judged != NULL)
        g_debug ("record %s: probability %.3f, case %u of %u", one->record_id, c.probability,
                 stored != NULL ? stored->number : 0, stored != NULL ? stored->n_members : 0);
      /* As the scan's linkage joins: a case only when the new petition
       * repeats most of it. A stored record in a case was kept apart from
       * every record outside it by the scan itself, which had them all;
       * one it put in no case, from every record. */
      if (judged != NULL &&
          (c.probability < self->probability ||
           (own_number != 0 && (stored == NULL || stored->number != own_number)) ||
           (own_number == 0 && own_stored) ||
           (own_number == 0 && stored != NULL && !joins_case (case_sums, stored, self->probability))))
        continue;
      c.id = g_strdup (set->ids->pdata[i]);
      /* Of the fingerprints made now: the stored one is the same. */
      c.distance = one->passages != NULL || one->short_text
                   ? (guint) __builtin_popcountll (set->fingerprints[i] ^ set->fingerprints[last])
                   : one->distance;
      c.by_passages = one->passages != NULL;
      c.by_short_text = one->short_text && one->passages == NULL && one->distance == G_MAXUINT;
      c.case_number = stored != NULL ? stored->number : 0;
      c.primary_id = stored != NULL ? g_strdup (stored->primary_id) : NULL;
      c.kind = earlier ? pr_repeat_kind_of_pair (set, self->rules, i, last)
                       : pr_repeat_kind_of_pair (set, self->rules, last, i);
      c.status = g_strdup (pr_case_columns_get_status (set->cases, i));
      c.state = pr_case_rules_state_of (self->rules, c.status);
      c.date = set->dates[i];
      c.accepted = pr_case_columns_get_accepted (set->cases, i);
      /* Only an earlier case tells what to do with the new one. */
      c.due = PR_DATE_NONE;
      c.disposition = earlier ? pr_repeat_disposition (set, self->rules, c.kind, i, last, &c.due)
                              : PR_DISPOSITION_NONE;
      g_array_append_val (answer, c);
    }

  /* Those found by their passages are placed by their distance too. */
  g_array_sort (answer, compare_cases);
  g_debug ("check: found %.1f ms, %u records read %.1f ms, their cases %.1f ms, judged %.1f ms; %u answered",
           (t_found - t_start) / 1e3, found->len, (t_fetched - t_found) / 1e3, (t_cases - t_fetched) / 1e3,
           (g_get_monotonic_time () - t_cases) / 1e3, answer->len);
  return g_steal_pointer (&answer);
}

/**
 * pr_intake_check:
 * @self: the intake check
 * @values: as for pr_intake_check_full()
 * @record_id: (nullable): as for pr_intake_check_full()
 * @sparse: (out) (optional): as for pr_intake_check_full()
 * @error: return location for a #GError
 *
 * pr_intake_check_full() without the record's own case.
 *
 * Returns: (element-type PrIntakeCase): as pr_intake_check_full()
 */
GArray *
pr_intake_check (PrIntake          *self,
                 const char *const *values,
                 const char        *record_id,
                 gboolean          *sparse,
                 GError           **error)
{
  return pr_intake_check_full (self, values, record_id, NULL, sparse, error);
}

/**
 * pr_intake_check_record:
 * @self: the intake check
 * @record_id: a record of the table, by its id
 * @own_case: (out) (optional) (transfer full) (nullable): as for
 *   pr_intake_check_full()
 * @sparse: (out) (optional): as for pr_intake_check()
 * @error: return location for a #GError
 *
 * pr_intake_check_full() for a record already in the table, which is left
 * out of its own answer.
 *
 * Returns: (element-type PrIntakeCase): as pr_intake_check()
 */
GArray *
pr_intake_check_record (PrIntake      *self,
                        const char    *record_id,
                        PrStoredCase **own_case,
                        gboolean      *sparse,
                        GError       **error)
{
  guint n_columns = pr_mapping_get_n_columns (self->mapping);
  char **values;
  GArray *answer;

  if (own_case != NULL)
    *own_case = NULL;
  values = pr_record_fetcher_fetch (self->fetcher, record_id, error);
  if (values == NULL)
    return NULL;
  /* The id as the server found it: "0536" typed is 536. */
  answer = pr_intake_check_full (self, (const char *const *) values, values[self->id_column], own_case,
                                 sparse, error);
  free_row (values, GUINT_TO_POINTER (n_columns));
  return answer;
}
