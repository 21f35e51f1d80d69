/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The stored passages of one mapping version, indexed by part in memory,
 * so that an intake check finds the records a scan would pair with a new
 * text through shared passages, not only those within k bits. Counted as
 * the scan counts (pr-part-spool.c): each distinct part once per record,
 * sparse records left out, and a part that more than the cap of records
 * hold — the new text among them — is boilerplate on both sides; the pair
 * is then judged by the scan's own rule (pr_part_match_accepts ()).
 */
#define G_LOG_DOMAIN "pr-stored-parts"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-part-entries.h"
#include "pr-stored-parts.h"

struct _PrStoredParts {
  /* Asked of the store at each find (pr_passages), but the boilerplate: */
  PrStore    *store;
  char       *table;
  guint64     mapping_version;
  GHashTable *frequent;      /* part hash → holders, for those held by more than frequent_cap */
  guint       frequent_cap;
  /* Or read whole into memory: */
  GPtrArray  *ids;           /* (element-type utf8), one per record */
  GHashTable *record_of;     /* id → record + 1 */
  GPtrArray  *parts;         /* (element-type PrPart *), one per record */
  GArray     *n_parts;       /* guint, one per record */
  guint64    *all_words;     /* per record, in its distinct parts */
  PrPartEntry *entries;      /* by hash, then record; one per part and record */
  gsize       n_entries;
};

static int
compare_hashes (const void *a,
                const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

void
pr_stored_parts_free (PrStoredParts *self)
{
  g_clear_pointer (&self->table, g_free);
  g_clear_pointer (&self->frequent, g_hash_table_unref);
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_pointer (&self->record_of, g_hash_table_unref);
  g_clear_pointer (&self->parts, g_ptr_array_unref);
  g_clear_pointer (&self->n_parts, g_array_unref);
  g_clear_pointer (&self->entries, g_free);
  g_clear_pointer (&self->all_words, g_free);
  g_free (self);
}

typedef struct {
  PrStoredParts        *self;
  GArray               *entries;
  guint64               total;
  PrStoredPartsProgress progress;
  gpointer              user_data;
  GCancellable         *cancellable;
} Loading;

/* Progress and cancelling are looked at every so many records. */
#define LOADING_STEP 4096

static gboolean
add_record (const char  *record_id,
            PrPart      *parts,
            guint        n_parts,
            gpointer     user_data,
            GError     **error)
{
  Loading *loading = user_data;
  PrStoredParts *self = loading->self;
  guint32 record = self->ids->len;

  g_ptr_array_add (self->ids, g_strdup (record_id));
  g_hash_table_insert (self->record_of, self->ids->pdata[record], GUINT_TO_POINTER (record + 1));
  for (guint i = 0; i < n_parts; i++)
    {
      PrPartEntry entry = { .hash = parts[i].hash, .words = parts[i].n_tokens, .record = record };

      g_array_append_val (loading->entries, entry);
    }
  g_ptr_array_add (self->parts, parts);
  g_array_append_val (self->n_parts, n_parts);
  if ((record + 1) % LOADING_STEP == 0)
    {
      if (g_cancellable_set_error_if_cancelled (loading->cancellable, error))
        return FALSE;
      if (loading->progress != NULL)
        loading->progress (record + 1, loading->total, loading->user_data);
    }
  return TRUE;
}

/**
 * pr_stored_parts_new:
 * @store: the application's tables
 * @table: the source table
 * @mapping_version: the fingerprints' version whose parts are compared
 * @error: return location for a #GError
 *
 * Reads the parts every record of @table was stored with under
 * @mapping_version (none when the scan made none) and indexes them.
 *
 * Returns: (transfer full): the index, or %NULL with @error set
 */
PrStoredParts *
pr_stored_parts_new (PrStore     *store,
                     const char  *table,
                     guint64      mapping_version,
                     GError     **error)
{
  return pr_stored_parts_new_full (store, table, mapping_version, 0, NULL, NULL, NULL, error);
}

/**
 * pr_stored_parts_new_full:
 * @total: about how many records there are, for @progress; 0: not known
 * @progress: (nullable): told how many records were read, every few
 *   thousand, on the calling thread
 * @cancellable: (nullable): stops the reading
 *
 * pr_stored_parts_new (), for a caller that shows the reading's progress
 * and lets it be stopped (a large table takes half a minute).
 *
 * Returns: (transfer full): the index, or %NULL with @error set
 */
PrStoredParts *
pr_stored_parts_new_full (PrStore               *store,
                          const char            *table,
                          guint64                mapping_version,
                          guint64                total,
                          PrStoredPartsProgress  progress,
                          gpointer               user_data,
                          GCancellable          *cancellable,
                          GError               **error)
{
  g_autoptr(PrStoredParts) self = g_new0 (PrStoredParts, 1);
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (PrPartEntry));
  Loading loading = { self, entries, total, progress, user_data, cancellable };
  gint64 start = g_get_monotonic_time (), read;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->record_of = g_hash_table_new (g_str_hash, g_str_equal);
  self->parts = g_ptr_array_new_with_free_func (g_free);
  self->n_parts = g_array_new (FALSE, FALSE, sizeof (guint));
  /* Sparse records are left out, as the scan leaves them out of the passages. */
  if (!pr_store_read_passages (store, table, mapping_version, add_record, &loading, error))
    return NULL;

  read = g_get_monotonic_time ();
  pr_part_entries_sort ((PrPartEntry *) (gpointer) entries->data, entries->len);
  /* One entry per part and record: a record may repeat a sentence. */
  self->n_entries = pr_part_entries_unique ((PrPartEntry *) (gpointer) entries->data, entries->len);
  /* The array grew by doubling: what it kept beyond the entries goes back. */
  self->entries = g_renew (PrPartEntry, g_array_free (g_steal_pointer (&entries), FALSE), MAX (self->n_entries, 1));
  self->all_words = g_new0 (guint64, MAX (self->ids->len, 1));
  for (gsize i = 0; i < self->n_entries; i++)
    self->all_words[self->entries[i].record] += self->entries[i].words;
  g_debug ("%u records' passages indexed, %" G_GSIZE_FORMAT " parts: read in %.1f s, sorted in %.1f s",
           self->ids->len, self->n_entries, (read - start) / 1e6, (g_get_monotonic_time () - read) / 1e6);

  return g_steal_pointer (&self);
}

/**
 * pr_stored_parts_new_for_store:
 * @store: the application's tables (kept, not owned)
 * @table: the source table, whose last scan kept its passages
 *   (pr_store_has_passages())
 * @mapping_version: the fingerprints' version whose parts are compared
 *
 * The same answers as pr_stored_parts_new()'s, with nothing read in
 * advance: each find asks the store for the holders of the text's parts
 * and the parts of the records that share them.
 *
 * Returns: (transfer full): the stored passages
 */
PrStoredParts *
pr_stored_parts_new_for_store (PrStore    *store,
                               const char *table,
                               guint64     mapping_version)
{
  PrStoredParts *self = g_new0 (PrStoredParts, 1);

  self->store = store;
  self->table = g_strdup (table);
  self->mapping_version = mapping_version;
  return self;
}

/**
 * pr_stored_parts_get_n_records:
 * @self: the stored passages
 *
 * Returns: how many records were read into memory; 0 for those asked of
 *   the store
 */
gsize
pr_stored_parts_get_n_records (const PrStoredParts *self)
{
  return self->ids != NULL ? self->ids->len : 0;
}

/* The entries of @hash: [*start, return value). */
static gsize
find_run (const PrStoredParts *self,
          guint64              hash,
          gsize               *start)
{
  gsize lo = 0, hi = self->n_entries, end;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (self->entries[mid].hash < hash)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (end = lo; end < self->n_entries && self->entries[end].hash == hash; end++)
    ;
  *start = lo;
  return end;
}

/* How many records hold @hash once the text asked about stands in for
 * @self_record (G_MAXUINT32: it is not in the table): the scan's count. */
static gsize
count_holders (const PrStoredParts *self,
               guint64              hash,
               guint32              self_record,
               gboolean             text_has_it)
{
  gsize start, end = find_run (self, hash, &start), n = text_has_it ? 1 : 0;

  for (gsize i = start; i < end; i++)
    if (self->entries[i].record != self_record)
      n++;
  return n;
}

static int
compare_parts_by_hash (const void *a,
                       const void *b)
{
  const PrPart *x = a, *y = b;

  return x->hash < y->hash ? -1 : x->hash > y->hash;
}

static gboolean
has_hash (const GArray *sorted,
          guint64       hash)
{
  /* An empty array's data may be NULL, which bsearch () and qsort () must not get. */
  return sorted->len > 0 && bsearch (&hash, sorted->data, sorted->len, sizeof (guint64), compare_hashes) != NULL;
}

/* The text asked about: its distinct parts sorted, the most words it has
 * for each, and their sum. */
typedef struct {
  const PrPart *parts;
  gsize         n_parts;
  GArray       *hashes;       /* guint64, sorted, distinct */
  GHashTable   *words;        /* part hash → the text's most words */
  guint64       all_words;
  GArray       *boilerplate;  /* guint64: its parts held by too many records */
} Text;

static void
text_init (Text         *text,
           const PrPart *parts,
           gsize         n_parts)
{
  guint kept = 0;

  text->parts = parts;
  text->n_parts = n_parts;
  text->hashes = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_parts);
  text->words = g_hash_table_new (NULL, NULL);
  text->all_words = 0;
  text->boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (gsize i = 0; i < n_parts; i++)
    {
      guint64 hash = parts[i].hash;
      gpointer part = GSIZE_TO_POINTER ((gsize) hash);
      guint words = GPOINTER_TO_UINT (g_hash_table_lookup (text->words, part));

      g_array_append_val (text->hashes, hash);
      if (parts[i].n_tokens > words)
        {
          text->all_words += parts[i].n_tokens - words;
          g_hash_table_insert (text->words, part, GUINT_TO_POINTER (parts[i].n_tokens));
        }
    }
  if (text->hashes->len > 1)
    qsort (text->hashes->data, text->hashes->len, sizeof (guint64), compare_hashes);
  for (guint i = 0; i < text->hashes->len; i++)
    if (kept == 0 || g_array_index (text->hashes, guint64, i) != g_array_index (text->hashes, guint64, kept - 1))
      g_array_index (text->hashes, guint64, kept++) = g_array_index (text->hashes, guint64, i);
  g_array_set_size (text->hashes, kept);
}

static void
text_clear (Text *text)
{
  g_clear_pointer (&text->hashes, g_array_unref);
  g_clear_pointer (&text->words, g_hash_table_unref);
  g_clear_pointer (&text->boilerplate, g_array_unref);
}

static guint
text_words_of (const Text *text,
               guint64     hash)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (text->words, GSIZE_TO_POINTER ((gsize) hash)));
}

/* Whether the table holds @hash as boilerplate, the text not having it. */
typedef gboolean (*IsBoilerplateFunc) (guint64  hash,
                                       gpointer user_data);

/* The words of a record's distinct parts, each by its most. */
static guint64
all_words_of (const PrPart *parts,
              guint         n_parts)
{
  g_autofree PrPart *sorted = g_memdup2 (parts, n_parts * sizeof (PrPart));
  guint64 all = 0, best = 0;

  if (n_parts > 1)
    qsort (sorted, n_parts, sizeof (PrPart), compare_parts_by_hash);
  for (guint i = 0; i < n_parts; i++)
    {
      if (i > 0 && sorted[i].hash != sorted[i - 1].hash)
        {
          all += best;
          best = 0;
        }
      best = MAX (best, sorted[i].n_tokens);
    }
  return all + best;
}

/* A candidate sharing @shared words with the text in parts that are not
 * boilerplate: judged as the scan judges the pair, and added to @found
 * when it passes for one petitioner or another. */
static void
judge_candidate (GArray                   *found,
                 const char               *record_id,
                 guint64                   shared,
                 guint64                   all_words,
                 const PrPart             *theirs,
                 guint                     n_theirs,
                 const Text               *text,
                 IsBoilerplateFunc         is_boilerplate,
                 gpointer                  user_data,
                 const PrPartMatchOptions *options)
{
  g_autoptr(GArray) boilerplate = NULL;
  PrStoredPartMatch match = { 0 };

  /* The words shared are counted already, as pr_part_overlap () counts
   * them: too few for the rule's minimum, the pair is not one. */
  if (shared < pr_part_match_min_shared (options, text->all_words, all_words))
    return;
  boilerplate = g_array_copy (text->boilerplate);
  /* Their parts the text lacks are boilerplate by the table alone. */
  for (guint i = 0; i < n_theirs; i++)
    {
      guint64 hash = theirs[i].hash;

      if (!has_hash (text->hashes, hash) && is_boilerplate (hash, user_data))
        g_array_append_val (boilerplate, hash);
    }
  if (boilerplate->len > 1)
    qsort (boilerplate->data, boilerplate->len, sizeof (guint64), compare_hashes);
  pr_part_overlap (text->parts, text->n_parts, theirs, n_theirs, boilerplate, &match.overlap);
  if (pr_stored_part_match_accepts (&match, options, FALSE) ||
      pr_stored_part_match_accepts (&match, options, TRUE))
    {
      match.record_id = g_strdup (record_id);
      g_array_append_val (found, match);
    }
}

static void
stored_part_match_clear (PrStoredPartMatch *match)
{
  g_clear_pointer (&match->record_id, g_free);
}

typedef struct {
  const PrStoredParts      *self;
  guint32                   self_record;
  const PrPartMatchOptions *options;
} InMemory;

static gboolean
in_memory_is_boilerplate (guint64  hash,
                          gpointer user_data)
{
  InMemory *in = user_data;

  return count_holders (in->self, hash, in->self_record, FALSE) > in->options->max_records_per_part;
}

static void
find_in_memory (PrStoredParts            *self,
                const Text               *text,
                const char               *record_id,
                const PrPartMatchOptions *options,
                GArray                   *found)
{
  g_autoptr(GHashTable) candidates = g_hash_table_new (NULL, NULL);  /* record + 1 → words shared */
  InMemory in = { self, G_MAXUINT32, options };
  gpointer at;
  GHashTableIter iter;
  gpointer key, value;

  if (record_id != NULL && (at = g_hash_table_lookup (self->record_of, record_id)) != NULL)
    in.self_record = GPOINTER_TO_UINT (at) - 1;

  /* The records holding one of the text's parts that is not boilerplate. */
  for (guint i = 0; i < text->hashes->len; i++)
    {
      guint64 hash = g_array_index (text->hashes, guint64, i);
      gsize start, end;

      if (count_holders (self, hash, in.self_record, TRUE) > options->max_records_per_part)
        {
          g_array_append_val (text->boilerplate, hash);
          continue;
        }
      end = find_run (self, hash, &start);
      for (gsize e = start; e < end; e++)
        if (self->entries[e].record != in.self_record)
          {
            gpointer record = GUINT_TO_POINTER (self->entries[e].record + 1);
            guint shared = GPOINTER_TO_UINT (g_hash_table_lookup (candidates, record));

            g_hash_table_insert (candidates, record,
                                 GUINT_TO_POINTER (shared + MIN (text_words_of (text, hash), self->entries[e].words)));
          }
    }

  g_hash_table_iter_init (&iter, candidates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint32 record = GPOINTER_TO_UINT (key) - 1;

      judge_candidate (found, self->ids->pdata[record], GPOINTER_TO_UINT (value), self->all_words[record],
                       self->parts->pdata[record], g_array_index (self->n_parts, guint, record),
                       text, in_memory_is_boilerplate, &in, options);
    }
}

/* Holders read from the store. */
typedef struct {
  char  *record_id;
  guint  words;
} Holder;

static void
holder_free (gpointer data)
{
  Holder *holder = data;

  g_free (holder->record_id);
  g_free (holder);
}

/* part hash → the records holding it but the one asked about */
typedef struct {
  const char *record_id;     /* (nullable) */
  GHashTable *holders;       /* part hash → GPtrArray of Holder */
  GHashTable *counts;        /* part hash → how many records hold it */
  GHashTable *holds_self;    /* part hashes the record asked about holds */
} Reading;

static void
add_holder (guint64     hash,
            const char *record_id,
            guint       words,
            gpointer    user_data)
{
  Reading *reading = user_data;
  gpointer part = GSIZE_TO_POINTER ((gsize) hash);
  GPtrArray *list;
  Holder *holder;

  if (reading->record_id != NULL && strcmp (record_id, reading->record_id) == 0)
    return;
  list = g_hash_table_lookup (reading->holders, part);
  if (list == NULL)
    {
      list = g_ptr_array_new_with_free_func (holder_free);
      g_hash_table_insert (reading->holders, part, list);
    }
  holder = g_new (Holder, 1);
  holder->record_id = g_strdup (record_id);
  holder->words = words;
  g_ptr_array_add (list, holder);
}

static void
add_shared (guint64     hash,
            const char *record_id,
            guint       count,
            guint       words,
            gpointer    user_data)
{
  Reading *reading = user_data;
  gpointer part = GSIZE_TO_POINTER ((gsize) hash);

  g_hash_table_insert (reading->counts, part, GUINT_TO_POINTER (count));
  if (record_id == NULL)
    return;
  if (reading->record_id != NULL && strcmp (record_id, reading->record_id) == 0)
    g_hash_table_add (reading->holds_self, part);
  add_holder (hash, record_id, words, user_data);
}

/* A holder of a passage the boilerplate read ahead has not: its count is
 * that of its holders. */
static void
add_held (guint64     hash,
          const char *record_id,
          guint       words,
          gpointer    user_data)
{
  Reading *reading = user_data;
  gpointer part = GSIZE_TO_POINTER ((gsize) hash);

  g_hash_table_insert (reading->counts, part,
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (reading->counts, part)) + 1));
  if (reading->record_id != NULL && strcmp (record_id, reading->record_id) == 0)
    g_hash_table_add (reading->holds_self, part);
  add_holder (hash, record_id, words, user_data);
}

/* The text's passages' counts and, when at most @cap, holders (Reading).
 * With the boilerplate read ahead for @cap, its passages' counts are
 * known, and the others' holders alone are asked: their count is how
 * many are read. */
static gboolean
read_shared (PrStoredParts  *self,
             const GArray   *hashes,
             guint           cap,
             Reading        *reading,
             GError        **error)
{
  g_autoptr(GArray) rare = NULL;

  if (self->frequent == NULL || self->frequent_cap != cap)
    return pr_store_find_shared_passages (self->store, self->table, (const guint64 *) (gpointer) hashes->data,
                                          hashes->len, cap, add_shared, reading, error);
  rare = g_array_sized_new (FALSE, FALSE, sizeof (guint64), hashes->len);
  for (guint i = 0; i < hashes->len; i++)
    {
      guint64 hash = g_array_index (hashes, guint64, i);
      gpointer part = GSIZE_TO_POINTER ((gsize) hash);
      gpointer count = g_hash_table_lookup (self->frequent, part);

      if (count != NULL)
        g_hash_table_insert (reading->counts, part, count);
      else
        g_array_append_val (rare, hash);
    }
  return rare->len == 0 ||
         pr_store_read_passage_holders (self->store, self->table, (const guint64 *) (gpointer) rare->data, rare->len,
                                        add_held, reading, error);
}

/* part hash → how many records hold it, the one asked about left out */
static void
add_count (guint64     hash,
           const char *record_id,
           guint       count,
           gpointer    user_data)
{
  g_hash_table_insert (user_data, GSIZE_TO_POINTER ((gsize) hash), GUINT_TO_POINTER (count));
}

static guint
count_of (GHashTable *counts,
          guint64     hash)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (counts, GSIZE_TO_POINTER ((gsize) hash)));
}

/**
 * pr_stored_parts_read_boilerplate:
 * @self: stored passages asked of the store
 * @cap: the scan's boilerplate cap (#PrPartMatchOptions)
 * @error: return location for a #GError
 *
 * Reads, once for @cap, which passages more than @cap stored records hold
 * and how many: what a find needs to know of the thousands of passages
 * its candidates have and the text lacks, which it asks of the server
 * otherwise. For many checks (the intake page, a list of records): a few
 * seconds at a million records, then tens of milliseconds less for a
 * long text's check. Read as the store held them then: a later scan's
 * are read by new stored passages.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_stored_parts_read_boilerplate (PrStoredParts  *self,
                                  guint           cap,
                                  GError        **error)
{
  g_autoptr(GHashTable) frequent = NULL;
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (self->store != NULL, FALSE);

  if (self->frequent != NULL && self->frequent_cap == cap)
    return TRUE;
  frequent = g_hash_table_new (NULL, NULL);
  if (!pr_store_read_frequent_passages (self->store, self->table, cap, add_count, frequent, error))
    return FALSE;
  g_clear_pointer (&self->frequent, g_hash_table_unref);
  self->frequent = g_steal_pointer (&frequent);
  self->frequent_cap = cap;
  g_debug ("%u passages held by more than %u records read in %.1f ms", g_hash_table_size (self->frequent), cap,
           (g_get_monotonic_time () - start) / 1e3);
  return TRUE;
}

/* A candidate read from the store. */
typedef struct {
  guint64  shared;
  PrPart  *parts;
  guint    n_parts;
  gboolean read;
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *candidate = data;

  g_free (candidate->parts);
  g_free (candidate);
}

/* The candidates' parts, and those of the record asked about. */
typedef struct {
  GHashTable *candidates;
  const char *record_id;     /* (nullable) */
  GHashTable *own;           /* part hashes of record_id as stored */
} PartsReading;

static gboolean
keep_candidate_parts (const char  *record_id,
                      PrPart      *parts,
                      guint        n_parts,
                      gpointer     user_data,
                      GError     **error)
{
  PartsReading *reading = user_data;
  Candidate *candidate = g_hash_table_lookup (reading->candidates, record_id);

  if (reading->record_id != NULL && strcmp (record_id, reading->record_id) == 0)
    {
      for (guint i = 0; i < n_parts; i++)
        g_hash_table_add (reading->own, GSIZE_TO_POINTER ((gsize) parts[i].hash));
      g_free (parts);
      return TRUE;
    }

  /* Not asked for: the id as the server matched it in another spelling. */
  if (candidate == NULL || candidate->read)
    {
      g_free (parts);
      return TRUE;
    }
  candidate->parts = parts;
  candidate->n_parts = n_parts;
  candidate->read = TRUE;
  return TRUE;
}

/* The parts the text lacks, with how many records hold each. */
typedef struct {
  GHashTable *counts;   /* part hash → holders */
  GHashTable *own;      /* part hashes the record asked about holds, not counted */
  guint       cap;
} Lacked;

static gboolean
store_is_boilerplate (guint64  hash,
                      gpointer user_data)
{
  const Lacked *lacked = user_data;

  guint n = count_of (lacked->counts, hash);

  if (n > 0 && g_hash_table_contains (lacked->own, GSIZE_TO_POINTER ((gsize) hash)))
    n--;
  return n > lacked->cap;
}

/* The in-memory search's answer, from the store: each of the text's parts
 * with its count of holders and, when that is at most the cap, its
 * holders, in one statement, so that a part held by more than the cap (the
 * text among them) is boilerplate without its holders being read; then the
 * parts of the records sharing them and of the record asked about, and
 * how many hold those the text lacks. */
static gboolean
find_in_store (PrStoredParts            *self,
               const Text               *text,
               const char               *record_id,
               const PrPartMatchOptions *options,
               GArray                   *found,
               GError                  **error)
{
  guint cap = options->max_records_per_part;
  g_autoptr(GHashTable) candidates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, candidate_free);
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) holders = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) lacked_counts = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) holds_self = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) own = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) lacked = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  Reading reading = { record_id, holders, counts, holds_self };
  Lacked by_table = { lacked_counts, own, cap };
  PartsReading parts_reading = { candidates, record_id, own };
  GHashTableIter iter;
  gpointer key, value;
  /* What a slow check spent its time on (G_MESSAGES_DEBUG=pr-stored-parts). */
  gint64 t0 = g_get_monotonic_time (), t_shared = t0, t_parts = t0;
  guint n_holders = 0;

  if (!read_shared (self, text->hashes, cap, &reading, error))
    return FALSE;
  t_shared = g_get_monotonic_time ();
  for (guint i = 0; i < text->hashes->len; i++)
    {
      guint64 hash = g_array_index (text->hashes, guint64, i);
      gpointer part = GSIZE_TO_POINTER ((gsize) hash);
      GPtrArray *list = g_hash_table_lookup (holders, part);
      /* Held by the record asked about, its count leaves it out. */
      guint n = count_of (counts, hash);

      if (n > 0 && g_hash_table_contains (reading.holds_self, part))
        n--;

      /* The text holds it too; a count over the cap read no holders. */
      if (n + 1 > cap)
        {
          g_array_append_val (text->boilerplate, hash);
          continue;
        }
      for (guint h = 0; list != NULL && h < list->len; h++)
        {
          const Holder *holder = list->pdata[h];
          Candidate *candidate = g_hash_table_lookup (candidates, holder->record_id);

          if (candidate == NULL)
            {
              candidate = g_new0 (Candidate, 1);
              g_hash_table_insert (candidates, g_strdup (holder->record_id), candidate);
            }
          candidate->shared += MIN (text_words_of (text, hash), holder->words);
          n_holders++;
        }
    }
  if (g_hash_table_size (candidates) == 0)
    {
      g_debug ("passages: %u of the text's, %u boilerplate, no holder; %.1f ms", text->hashes->len,
               text->boilerplate->len, (t_shared - t0) / 1e3);
      return TRUE;
    }

  g_hash_table_iter_init (&iter, candidates);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, key);
  /* And the record asked about's, so that the counts below need not leave
   * it out on the server. */
  if (record_id != NULL && !g_hash_table_contains (candidates, record_id))
    g_ptr_array_add (ids, (gpointer) record_id);
  if (!pr_store_read_parts_of (self->store, self->table, self->mapping_version, ids,
                               keep_candidate_parts, &parts_reading, error))
    return FALSE;
  t_parts = g_get_monotonic_time ();

  /* The parts that the candidates that may pass have and the text lacks. */
  {
    g_autoptr(GHashTable) asked = g_hash_table_new (NULL, NULL);

    g_hash_table_iter_init (&iter, candidates);
    while (g_hash_table_iter_next (&iter, &key, &value))
      {
        Candidate *candidate = value;

        if (!candidate->read ||
            candidate->shared < pr_part_match_min_shared (options, text->all_words,
                                                          all_words_of (candidate->parts, candidate->n_parts)))
          continue;
        for (guint i = 0; i < candidate->n_parts; i++)
          {
            guint64 hash = candidate->parts[i].hash;

            if (!has_hash (text->hashes, hash) && g_hash_table_add (asked, GSIZE_TO_POINTER ((gsize) hash)))
              g_array_append_val (lacked, hash);
          }
      }
  }
  /* Their counts: from the boilerplate when it was read ahead (a part
   * held by no more than the cap is not in it, as the server does not send
   * its count), or asked now, which a single check does faster. */
  if (self->frequent != NULL && self->frequent_cap == cap)
    for (guint i = 0; i < lacked->len; i++)
      {
        gpointer part = GSIZE_TO_POINTER ((gsize) g_array_index (lacked, guint64, i));
        gpointer count = g_hash_table_lookup (self->frequent, part);

        if (count != NULL)
          g_hash_table_insert (lacked_counts, part, count);
      }
  else if (lacked->len > 0 &&
           !pr_store_count_passage_holders (self->store, self->table, (const guint64 *) (gpointer) lacked->data,
                                            lacked->len, cap, add_count, lacked_counts, error))
    return FALSE;
  g_debug ("passages: %u of the text's, %u boilerplate, %u holders, %u candidates, %u lacked parts counted; "
           "shared %.1f ms, candidates' parts %.1f ms, lacked %.1f ms", text->hashes->len, text->boilerplate->len,
           n_holders, g_hash_table_size (candidates), lacked->len, (t_shared - t0) / 1e3, (t_parts - t_shared) / 1e3,
           (g_get_monotonic_time () - t_parts) / 1e3);

  g_hash_table_iter_init (&iter, candidates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Candidate *candidate = value;

      if (candidate->read)
        judge_candidate (found, key, candidate->shared, all_words_of (candidate->parts, candidate->n_parts),
                         candidate->parts, candidate->n_parts, text, store_is_boilerplate, &by_table,
                         options);
    }
  return TRUE;
}

/**
 * pr_stored_parts_find:
 * @self: the stored passages
 * @parts: (array length=n_parts): the parts of the text to check
 * @n_parts: how many
 * @record_id: (nullable): the stored record the text is, left out of the
 *   answer and counted once; %NULL for a text not in the table
 * @options: the scan's thresholds
 * @error: return location for a #GError
 *
 * The stored records that share passages with the text as the scan would
 * pair them for one petitioner or another (the lower threshold of the
 * two): which one applies is for the caller, who knows the petitioners,
 * to tell with pr_stored_part_match_accepts ().
 *
 * Returns: (transfer full) (element-type PrStoredPartMatch): the records,
 *   or %NULL with @error set (only for passages asked of the store)
 */
GArray *
pr_stored_parts_find (PrStoredParts            *self,
                      const PrPart             *parts,
                      gsize                     n_parts,
                      const char               *record_id,
                      const PrPartMatchOptions *options,
                      GError                  **error)
{
  g_autoptr(GArray) found = g_array_new (FALSE, TRUE, sizeof (PrStoredPartMatch));
  Text text;
  gboolean ok = TRUE;

  g_array_set_clear_func (found, (GDestroyNotify) stored_part_match_clear);
  text_init (&text, parts, n_parts);
  if (self->store != NULL)
    ok = find_in_store (self, &text, record_id, options, found, error);
  else
    find_in_memory (self, &text, record_id, options, found);
  text_clear (&text);
  return ok ? g_steal_pointer (&found) : NULL;
}

/**
 * pr_stored_parts_get_boilerplate:
 * @self: the stored passages
 * @max_records_per_part: the scan's cap (#PrPartMatchOptions)
 *
 * The parts more than @max_records_per_part records hold, as the scan
 * counted them (each record once): the boilerplate a scan left out, which
 * "Why they match" must leave out too to give the scan's figures.
 *
 * Returns: (transfer full) (element-type guint64): the hashes, ascending
 */
GArray *
pr_stored_parts_get_boilerplate (const PrStoredParts *self,
                                 gsize                max_records_per_part)
{
  GArray *boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (gsize start = 0, end; start < self->n_entries; start = end)
    {
      for (end = start; end < self->n_entries && self->entries[end].hash == self->entries[start].hash; end++)
        ;
      if (end - start > max_records_per_part)
        {
          guint64 hash = self->entries[start].hash;

          g_array_append_val (boilerplate, hash);
        }
    }
  return boilerplate;
}

/**
 * pr_stored_parts_find_record:
 * @self: the stored passages
 * @record_id: a stored record
 * @options: the scan's thresholds
 *
 * pr_stored_parts_find () for a stored record's own parts: the records the
 * scan paired with it on shared passages, for one petitioner or another.
 *
 * Returns: (transfer full) (element-type PrStoredPartMatch): the records;
 *   none for a record without stored parts
 */
GArray *
pr_stored_parts_find_record (PrStoredParts            *self,
                             const char               *record_id,
                             const PrPartMatchOptions *options)
{
  gpointer at;
  guint32 record;

  /* Read into memory: the store's index is asked per text. */
  g_return_val_if_fail (self->store == NULL, NULL);

  at = g_hash_table_lookup (self->record_of, record_id);
  if (at == NULL)
    return g_array_new (FALSE, TRUE, sizeof (PrStoredPartMatch));
  record = GPOINTER_TO_UINT (at) - 1;
  /* In memory, nothing can fail. */
  return pr_stored_parts_find (self, self->parts->pdata[record], g_array_index (self->n_parts, guint, record),
                               record_id, options, NULL);
}

/**
 * pr_stored_part_match_accepts:
 * @match: a record found
 * @options: the scan's thresholds
 * @same_petitioner: whether one petitioner sent both
 *
 * Returns: whether the scan pairs the text with @match on its passages
 */
gboolean
pr_stored_part_match_accepts (const PrStoredPartMatch  *match,
                              const PrPartMatchOptions *options,
                              gboolean                  same_petitioner)
{
  const PrPartOverlap *o = &match->overlap;

  return pr_part_match_accepts (options, o->words_shared, o->words_a, o->words_b,
                                o->all_words_a, o->all_words_b, same_petitioner);
}
