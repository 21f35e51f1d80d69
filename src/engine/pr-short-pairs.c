/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Short letters reworded: a clerk's summary of a 100-character complaint
 * shares half its characters in threes with the letter, but few runs of
 * five words, so neither the fingerprint nor the passages make them a
 * candidate. This source pairs bodies by their rare character 3-grams.
 *
 * Each body's distinct 3-grams are kept exactly (three code points in 63
 * bits, no hash), so the pairs do not depend on a hash's collisions. A
 * 3-gram in more than max_records bodies is left out: template text
 * would otherwise pair every letter with every other, and the cap bounds
 * each posting list, so the search costs at most max_records steps for
 * each 3-gram of each short body. Memory: 12 bytes for each distinct
 * 3-gram of each short body, and one counter per short body.
 */
#define G_LOG_DOMAIN "pr-short-pairs"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-pair-judge.h"
#include "pr-short-pairs.h"

typedef struct {
  guint64 gram;
  guint32 body;   /* index among the bodies added */
} __attribute__ ((packed)) Entry;

struct _PrShortPairs {
  PrShortPairOptions options;
  GArray *entries;   /* Entry */
  GArray *ids;       /* guint32: the id of each body added */
  GArray *n_grams;   /* guint32: each body's distinct 3-grams */
};

void
pr_short_pair_options_default (PrShortPairOptions *options)
{
  *options = (PrShortPairOptions) {
    PR_SHORT_PAIR_MIN_CHARS, PR_SHORT_PAIR_MAX_CHARS, PR_SHORT_PAIR_MAX_RECORDS, PR_SHORT_PAIR_MIN_CONTAINMENT,
  };
}

PrShortPairs *
pr_short_pairs_new (const PrShortPairOptions *options)
{
  PrShortPairs *self = g_new0 (PrShortPairs, 1);

  self->options = *options;
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  self->ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->n_grams = g_array_new (FALSE, FALSE, sizeof (guint32));
  return self;
}

void
pr_short_pairs_free (PrShortPairs *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_array_unref (self->ids);
  g_array_unref (self->n_grams);
  g_free (self);
}

static int
compare_grams (const void *x,
               const void *y)
{
  guint64 p = *(const guint64 *) x, q = *(const guint64 *) y;

  return (p > q) - (p < q);
}

static int
compare_ids (gconstpointer x,
             gconstpointer y)
{
  guint32 p = *(const guint32 *) x, q = *(const guint32 *) y;

  return (p > q) - (p < q);
}

static int
compare_entries (const void *x,
                 const void *y)
{
  const Entry *p = x, *q = y;

  if (p->gram != q->gram)
    return p->gram < q->gram ? -1 : 1;
  return (p->body > q->body) - (p->body < q->body);
}

/**
 * pr_short_pairs_add:
 * @id: what pr_short_pairs_foreach () calls this body; ids added in
 *   increasing order
 * @body: valid UTF-8
 *
 * Returns: whether the body is short enough to be kept.
 */
gboolean
pr_short_pairs_add (PrShortPairs *self,
                    guint32       id,
                    const char   *body,
                    gssize        length)
{
  gsize n_chars;
  guint64 *grams;
  gunichar c[3];
  const char *p, *end;
  gsize n = 0, kept = 0;
  guint32 index = self->ids->len;

  if (body == NULL)
    return FALSE;
  if (length < 0)
    length = (gssize) strlen (body);
  n_chars = g_utf8_strlen (body, length);
  if (n_chars < self->options.min_chars || n_chars > self->options.max_chars || n_chars < 3)
    return FALSE;
  grams = g_new (guint64, n_chars - 2);
  end = body + length;
  p = body;
  for (gsize i = 0; p < end; i++, p = g_utf8_next_char (p))
    {
      c[0] = c[1];
      c[1] = c[2];
      c[2] = g_utf8_get_char (p);
      if (i >= 2)
        grams[n++] = ((guint64) c[0] << 42) | ((guint64) c[1] << 21) | c[2];
    }
  qsort (grams, n, sizeof *grams, compare_grams);
  for (gsize i = 0; i < n; i++)
    if (i == 0 || grams[i] != grams[i - 1])
      {
        Entry entry = { grams[i], index };

        g_array_append_val (self->entries, entry);
        kept++;
      }
  g_free (grams);
  g_array_append_val (self->ids, id);
  {
    guint32 k = (guint32) kept;

    g_array_append_val (self->n_grams, k);
  }
  return TRUE;
}

/**
 * pr_short_pairs_foreach:
 *
 * Calls @func for each pair of bodies added whose rare 3-grams shared are
 * at least the options' containment of the smaller body's 3-grams, by
 * the first body's id, then the second's. Consumes what was added.
 */
void
pr_short_pairs_foreach (PrShortPairs    *self,
                        PrShortPairFunc  func,
                        gpointer         user_data)
{
  Entry *entries = (Entry *) (gpointer) self->entries->data;
  gsize n_entries = self->entries->len;
  guint32 n_bodies = self->ids->len;
  const guint32 *ids = (const guint32 *) (gpointer) self->ids->data;
  const guint32 *n_grams = (const guint32 *) (gpointer) self->n_grams->data;
  g_autofree guint32 *gram_start = NULL;   /* per body, into body_grams */
  g_autofree guint32 *body_grams = NULL;   /* per body, where each rare 3-gram's list starts in entries */
  g_autofree guint32 *filled = NULL;
  g_autofree guint32 *shared = NULL;
  g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  gsize n_rare = 0;

  qsort (entries, n_entries, sizeof *entries, compare_entries);
  /* Each body's rare 3-grams, as the start of their posting lists (the
   * entries of one 3-gram, by body). */
  gram_start = g_new0 (guint32, n_bodies + 1);
  for (gsize i = 0, j; i < n_entries; i = j)
    {
      for (j = i + 1; j < n_entries && entries[j].gram == entries[i].gram; j++)
        ;
      if (j - i > 1 && j - i <= self->options.max_records)
        for (gsize e = i; e < j; e++)
          gram_start[entries[e].body + 1]++, n_rare++;
    }
  for (guint32 b = 0; b < n_bodies; b++)
    gram_start[b + 1] += gram_start[b];
  body_grams = g_new (guint32, MAX (n_rare, 1));
  filled = g_new0 (guint32, MAX (n_bodies, 1));
  for (gsize i = 0, j; i < n_entries; i = j)
    {
      for (j = i + 1; j < n_entries && entries[j].gram == entries[i].gram; j++)
        ;
      if (j - i > 1 && j - i <= self->options.max_records)
        for (gsize e = i; e < j; e++)
          body_grams[gram_start[entries[e].body] + filled[entries[e].body]++] = (guint32) i;
    }
  g_clear_pointer (&filled, g_free);

  shared = g_new0 (guint32, MAX (n_bodies, 1));
  for (guint32 a = 0; a < n_bodies; a++)
    {
      for (guint32 g = gram_start[a]; g < gram_start[a + 1]; g++)
        {
          guint64 gram = entries[body_grams[g]].gram;

          /* The list is by body: only the bodies after @a. */
          for (gsize e = body_grams[g]; e < n_entries && entries[e].gram == gram; e++)
            if (entries[e].body > a)
              {
                if (shared[entries[e].body]++ == 0)
                  g_array_append_val (touched, entries[e].body);
              }
        }
      g_array_sort (touched, compare_ids);
      for (guint t = 0; t < touched->len; t++)
        {
          guint32 b = g_array_index (touched, guint32, t);
          guint32 smaller = MIN (n_grams[a], n_grams[b]);
          double containment = (double) shared[b] / smaller;

          if (containment >= self->options.min_containment)
            func (ids[a], ids[b], containment, user_data);
          shared[b] = 0;
        }
      g_array_set_size (touched, 0);
    }
  g_array_set_size (self->entries, 0);
  g_array_set_size (self->ids, 0);
  g_array_set_size (self->n_grams, 0);
}

/**
 * pr_short_pairs_find_in_set:
 * @set: loaded with keep_texts
 *
 * The pairs of @set's records whose bodies, as the second stage reads
 * them (pr_pair_judge_record ()), make a candidate by @options.
 */
gboolean
pr_short_pairs_find_in_set (const PrMapping          *mapping,
                            const PrRecordSet        *set,
                            const PrShortPairOptions *options,
                            PrShortPairFunc           func,
                            gpointer                  user_data,
                            GCancellable             *cancellable,
                            GError                  **error)
{
  g_autoptr(PrShortPairs) pairs = pr_short_pairs_new (options);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();

  g_return_val_if_fail (pr_record_set_has_texts (set), FALSE);
  for (guint32 r = 0; r < set->n_records; r++)
    {
      PrPairRecord record;

      if (r % 4096 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      pr_pair_judge_record (mapping, set, r, &record, body, fields);
      pr_short_pairs_add (pairs, r, record.body, -1);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  pr_short_pairs_foreach (pairs, func, user_data);
  return TRUE;
}
