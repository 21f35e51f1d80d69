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

#include "pr-stored-parts.h"

typedef struct {
  guint64 hash;
  guint32 record;
  guint32 words;   /* the most the record has for the part */
} Entry;

struct _PrStoredParts {
  GPtrArray  *ids;           /* (element-type utf8), one per record */
  GHashTable *record_of;     /* id → record + 1 */
  GPtrArray  *parts;         /* (element-type PrPart *), one per record */
  GArray     *n_parts;       /* guint, one per record */
  guint64    *all_words;     /* per record, in its distinct parts */
  Entry      *entries;       /* by hash, then record; one per part and record */
  gsize       n_entries;
};

static int
compare_entries (const void *a,
                 const void *b)
{
  const Entry *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  if (x->record != y->record)
    return x->record < y->record ? -1 : 1;
  /* Of one record's entries of a part, the most words first: the one kept. */
  return x->words > y->words ? -1 : x->words < y->words;
}

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
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_pointer (&self->record_of, g_hash_table_unref);
  g_clear_pointer (&self->parts, g_ptr_array_unref);
  g_clear_pointer (&self->n_parts, g_array_unref);
  g_clear_pointer (&self->entries, g_free);
  g_clear_pointer (&self->all_words, g_free);
  g_free (self);
}

typedef struct {
  PrStoredParts *self;
  GArray        *entries;
} Loading;

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
      Entry entry = { parts[i].hash, record, parts[i].n_tokens };

      g_array_append_val (loading->entries, entry);
    }
  g_ptr_array_add (self->parts, parts);
  g_array_append_val (self->n_parts, n_parts);
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
  g_autoptr(PrStoredParts) self = g_new0 (PrStoredParts, 1);
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  Loading loading = { self, entries };
  gsize kept = 0;

  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->record_of = g_hash_table_new (g_str_hash, g_str_equal);
  self->parts = g_ptr_array_new_with_free_func (g_free);
  self->n_parts = g_array_new (FALSE, FALSE, sizeof (guint));
  /* Sparse records are left out, as the scan leaves them out of the passages. */
  if (!pr_store_read_passages (store, table, mapping_version, add_record, &loading, error))
    return NULL;

  if (entries->len > 1)
    qsort (entries->data, entries->len, sizeof (Entry), compare_entries);
  /* One entry per part and record: a record may repeat a sentence. */
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      if (kept == 0 || e->hash != g_array_index (entries, Entry, kept - 1).hash ||
          e->record != g_array_index (entries, Entry, kept - 1).record)
        g_array_index (entries, Entry, kept++) = *e;
    }
  self->n_entries = kept;
  self->entries = (Entry *) (gpointer) g_array_free (g_steal_pointer (&entries), FALSE);
  self->all_words = g_new0 (guint64, MAX (self->ids->len, 1));
  for (gsize i = 0; i < self->n_entries; i++)
    self->all_words[self->entries[i].record] += self->entries[i].words;
  g_debug ("%u records' passages indexed, %" G_GSIZE_FORMAT " parts", self->ids->len, self->n_entries);

  return g_steal_pointer (&self);
}

gsize
pr_stored_parts_get_n_records (const PrStoredParts *self)
{
  return self->ids->len;
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

static gboolean
has_hash (const GArray *sorted,
          guint64       hash)
{
  /* An empty array's data may be NULL, which bsearch () and qsort () must not get. */
  return sorted->len > 0 && bsearch (&hash, sorted->data, sorted->len, sizeof (guint64), compare_hashes) != NULL;
}

/**
 * pr_stored_parts_find:
 * @self: the stored passages
 * @parts: (array length=n_parts): the parts of the text to check
 * @n_parts: how many
 * @record_id: (nullable): the stored record the text is, left out of the
 *   answer and counted once; %NULL for a text not in the table
 * @options: the scan's thresholds
 *
 * The stored records that share passages with the text as the scan would
 * pair them for one petitioner or another (the lower threshold of the
 * two): which one applies is for the caller, who knows the petitioners,
 * to tell with pr_stored_part_match_accepts ().
 *
 * Returns: (transfer full) (element-type PrStoredPartMatch): the records
 */
GArray *
pr_stored_parts_find (PrStoredParts            *self,
                      const PrPart             *parts,
                      gsize                     n_parts,
                      const char               *record_id,
                      const PrPartMatchOptions *options)
{
  GArray *found = g_array_new (FALSE, TRUE, sizeof (PrStoredPartMatch));
  g_autoptr(GArray) text_hashes = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_parts);
  g_autoptr(GArray) text_boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GHashTable) candidates = g_hash_table_new (NULL, NULL);  /* record + 1 → words shared */
  g_autoptr(GHashTable) text_words = g_hash_table_new (NULL, NULL);  /* part hash → the text's most words */
  guint64 all_words_text = 0;
  guint32 self_record = G_MAXUINT32;
  gpointer at;
  GHashTableIter iter;
  gpointer key, value;

  if (record_id != NULL && (at = g_hash_table_lookup (self->record_of, record_id)) != NULL)
    self_record = GPOINTER_TO_UINT (at) - 1;

  for (gsize i = 0; i < n_parts; i++)
    {
      guint64 hash = parts[i].hash;
      gpointer part = GSIZE_TO_POINTER ((gsize) hash);
      guint words = GPOINTER_TO_UINT (g_hash_table_lookup (text_words, part));

      g_array_append_val (text_hashes, hash);
      if (parts[i].n_tokens > words)
        {
          all_words_text += parts[i].n_tokens - words;
          g_hash_table_insert (text_words, part, GUINT_TO_POINTER (parts[i].n_tokens));
        }
    }
  if (text_hashes->len > 1)
    qsort (text_hashes->data, text_hashes->len, sizeof (guint64), compare_hashes);

  /* The records holding one of the text's parts that is not boilerplate. */
  for (guint i = 0; i < text_hashes->len; i++)
    {
      guint64 hash = g_array_index (text_hashes, guint64, i);
      gsize start, end;

      if (i > 0 && hash == g_array_index (text_hashes, guint64, i - 1))
        continue;
      if (count_holders (self, hash, self_record, TRUE) > options->max_records_per_part)
        {
          g_array_append_val (text_boilerplate, hash);
          continue;
        }
      end = find_run (self, hash, &start);
      for (gsize e = start; e < end; e++)
        if (self->entries[e].record != self_record)
          {
            gpointer record = GUINT_TO_POINTER (self->entries[e].record + 1);
            guint shared = GPOINTER_TO_UINT (g_hash_table_lookup (candidates, record));
            guint words = GPOINTER_TO_UINT (g_hash_table_lookup (text_words, GSIZE_TO_POINTER ((gsize) hash)));

            g_hash_table_insert (candidates, record, GUINT_TO_POINTER (shared + MIN (words, self->entries[e].words)));
          }
    }

  g_hash_table_iter_init (&iter, candidates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint32 record = GPOINTER_TO_UINT (key) - 1;
      guint64 shared = GPOINTER_TO_UINT (value);
      const PrPart *theirs = self->parts->pdata[record];
      guint n_theirs = g_array_index (self->n_parts, guint, record);
      g_autoptr(GArray) boilerplate = g_array_copy (text_boilerplate);
      PrStoredPartMatch match = { 0 };

      /* The words shared are counted already, as pr_part_overlap () counts
       * them: too few for the rule's minimum, the pair is not one. */
      if (shared < MIN (options->min_shared_tokens, MIN (all_words_text, self->all_words[record])))
        continue;
      /* Their parts the text lacks are boilerplate by the table alone. */
      for (guint i = 0; i < n_theirs; i++)
        {
          guint64 hash = theirs[i].hash;

          if (!has_hash (text_hashes, hash) &&
              count_holders (self, hash, self_record, FALSE) > options->max_records_per_part)
            g_array_append_val (boilerplate, hash);
        }
      if (boilerplate->len > 1)
        qsort (boilerplate->data, boilerplate->len, sizeof (guint64), compare_hashes);
      match.record_id = self->ids->pdata[record];
      pr_part_overlap (parts, n_parts, theirs, n_theirs, boilerplate, &match.overlap);
      if (pr_stored_part_match_accepts (&match, options, FALSE) ||
          pr_stored_part_match_accepts (&match, options, TRUE))
        g_array_append_val (found, match);
    }
  return found;
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
        g_array_append_val (boilerplate, self->entries[start].hash);
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
  gpointer at = g_hash_table_lookup (self->record_of, record_id);
  guint32 record;

  if (at == NULL)
    return g_array_new (FALSE, TRUE, sizeof (PrStoredPartMatch));
  record = GPOINTER_TO_UINT (at) - 1;
  return pr_stored_parts_find (self, self->parts->pdata[record], g_array_index (self->n_parts, guint, record),
                               record_id, options);
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
