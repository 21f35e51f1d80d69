/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Short letters reworded: a clerk's summary of a 100-character complaint
 * shares half its characters in threes with the letter, but few runs of
 * five words, so neither the fingerprint nor the passages make them a
 * candidate. This source pairs bodies by their rare character 3-grams.
 *
 * Each 3-gram is kept exactly (three code points in 63 bits, no hash of
 * it), so the pairs do not depend on a hash's collisions. A 3-gram in
 * more than max_records bodies is left out: template text would
 * otherwise pair every letter with every other, and the cap bounds each
 * posting list, so the search costs at most max_records steps for each
 * 3-gram of each short body.
 *
 * Two passes over the bodies keep the memory to the 3-grams that can
 * make a pair. The first counts, for each distinct 3-gram, the bodies
 * that hold it (capped just above max_records) and each body's distinct
 * 3-grams; the second lists the bodies of the 3-grams found in 2 to
 * max_records bodies only. A 3-gram of one body or of more than
 * max_records is shared by no pair that counts it, and the shorter
 * body's share is taken of all its 3-grams, counted in the first pass,
 * so leaving those out of the lists changes no pair. Memory: a table of
 * the distinct 3-grams (12 bytes a slot), then 8 bytes for each body's
 * rare 3-gram.
 */
#define G_LOG_DOMAIN "pr-short-pairs"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-pair-judge.h"
#include "pr-short-pairs.h"

/* No 3-gram: three code points fill 63 bits, never all 64. */
#define EMPTY_GRAM G_MAXUINT64
/* A counted 3-gram of no posting list (in one body, or in too many). */
#define NOT_RARE G_MAXUINT32

struct _PrShortPairs {
  PrShortPairOptions options;
  guint32  cap;           /* counts stop at max_records + 1 */
  /* The distinct 3-grams, open addressing: each slot's count in the
   * first pass, its rare index (or NOT_RARE) in the second. */
  guint64 *keys;
  guint32 *values;
  gsize    mask;
  gsize    n_keys;
  GArray  *n_grams;       /* guint32: each short body's distinct 3-grams */
  /* Second pass */
  gboolean listing;
  guint32 *list_start;    /* per rare 3-gram, into bodies; one more at the end */
  guint32 *list_filled;   /* per rare 3-gram */
  guint32 *bodies;        /* the posting lists: bodies by index, ascending */
  GArray  *ids;           /* guint32: the id of each body added */
  GArray  *body_start;    /* guint32: per body added, into rare; one more at the end */
  GArray  *rare;          /* guint32: each body's rare 3-grams, by rare index */
  GArray  *grams;         /* guint64: scratch, one body's 3-grams */
};

void
pr_short_pair_options_default (PrShortPairOptions *options)
{
  *options = (PrShortPairOptions) {
    PR_SHORT_PAIR_MIN_CHARS, PR_SHORT_PAIR_MAX_CHARS, PR_SHORT_PAIR_MAX_RECORDS, PR_SHORT_PAIR_MIN_CONTAINMENT,
  };
}

static void
alloc_table (PrShortPairs *self,
             gsize         n_slots)
{
  self->keys = g_new (guint64, n_slots);
  memset (self->keys, 0xff, n_slots * sizeof *self->keys);
  self->values = g_new0 (guint32, n_slots);
  self->mask = n_slots - 1;
}

PrShortPairs *
pr_short_pairs_new (const PrShortPairOptions *options)
{
  PrShortPairs *self = g_new0 (PrShortPairs, 1);

  self->options = *options;
  self->cap = MIN (options->max_records, G_MAXUINT32 - 2) + 1;
  alloc_table (self, 1024);
  self->n_grams = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->body_start = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_array_set_size (self->body_start, 1);
  self->rare = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  return self;
}

static void
free_table (PrShortPairs *self)
{
  g_clear_pointer (&self->keys, g_free);
  g_clear_pointer (&self->values, g_free);
}

void
pr_short_pairs_free (PrShortPairs *self)
{
  if (self == NULL)
    return;
  free_table (self);
  g_free (self->list_start);
  g_free (self->list_filled);
  g_free (self->bodies);
  g_array_unref (self->n_grams);
  g_array_unref (self->ids);
  g_array_unref (self->body_start);
  g_array_unref (self->rare);
  g_array_unref (self->grams);
  g_free (self);
}

static inline gsize
slot_of (const PrShortPairs *self,
         guint64             gram)
{
  gsize slot = (gsize) ((gram * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 20) & self->mask;

  while (self->keys[slot] != EMPTY_GRAM && self->keys[slot] != gram)
    slot = (slot + 1) & self->mask;
  return slot;
}

static void
grow_table (PrShortPairs *self)
{
  guint64 *keys = self->keys;
  guint32 *values = self->values;
  gsize n_slots = self->mask + 1;

  alloc_table (self, n_slots * 2);
  for (gsize s = 0; s < n_slots; s++)
    if (keys[s] != EMPTY_GRAM)
      {
        gsize slot = slot_of (self, keys[s]);

        self->keys[slot] = keys[s];
        self->values[slot] = values[s];
      }
  g_free (keys);
  g_free (values);
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

/* @body's distinct 3-grams into self->grams, or FALSE when it is not a
 * short body. */
static gboolean
distinct_grams (PrShortPairs *self,
                const char   *body,
                gssize        length)
{
  gsize n_chars, n = 0, kept = 0;
  guint64 *grams;
  gunichar c[3] = { 0, 0, 0 };
  const char *p, *end;

  if (body == NULL)
    return FALSE;
  if (length < 0)
    length = (gssize) strlen (body);
  n_chars = g_utf8_strlen (body, length);
  if (n_chars < self->options.min_chars || n_chars > self->options.max_chars || n_chars < 3)
    return FALSE;
  g_array_set_size (self->grams, n_chars - 2);
  grams = (guint64 *) (gpointer) self->grams->data;
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
      grams[kept++] = grams[i];
  g_array_set_size (self->grams, kept);
  return TRUE;
}

/**
 * pr_short_pairs_count:
 * @body: valid UTF-8
 *
 * The first pass: counts @body's 3-grams. Every body is counted before
 * the first is added, and the same bodies are then added in the same
 * order.
 *
 * Returns: whether the body is short enough to be kept.
 */
gboolean
pr_short_pairs_count (PrShortPairs *self,
                      const char   *body,
                      gssize        length)
{
  guint32 n_grams;

  g_return_val_if_fail (!self->listing, FALSE);

  if (!distinct_grams (self, body, length))
    return FALSE;
  for (guint i = 0; i < self->grams->len; i++)
    {
      guint64 gram = g_array_index (self->grams, guint64, i);
      gsize slot = slot_of (self, gram);

      if (self->keys[slot] == EMPTY_GRAM)
        {
          /* At most seven tenths full, or the probes grow long. */
          if ((self->n_keys + 1) * 10 > (self->mask + 1) * 7)
            {
              grow_table (self);
              slot = slot_of (self, gram);
            }
          self->keys[slot] = gram;
          self->n_keys++;
        }
      if (self->values[slot] < self->cap)
        self->values[slot]++;
    }
  n_grams = self->grams->len;
  g_array_append_val (self->n_grams, n_grams);
  return TRUE;
}

/* From counts to posting lists: each 3-gram in 2 to max_records bodies
 * gets a rare index and a list of its count's length. */
static void
start_lists (PrShortPairs *self)
{
  guint32 n_rare = 0;
  guint64 n_entries = 0;

  for (gsize s = 0; s <= self->mask; s++)
    if (self->keys[s] != EMPTY_GRAM && self->values[s] >= 2 && self->values[s] <= self->options.max_records)
      n_rare++;
  self->list_start = g_new (guint32, (gsize) n_rare + 1);
  self->list_filled = g_new0 (guint32, MAX (n_rare, 1));
  n_rare = 0;
  for (gsize s = 0; s <= self->mask; s++)
    if (self->keys[s] != EMPTY_GRAM && self->values[s] >= 2 && self->values[s] <= self->options.max_records)
      {
        self->list_start[n_rare] = (guint32) n_entries;
        n_entries += self->values[s];
        self->values[s] = n_rare++;
      }
    else
      self->values[s] = NOT_RARE;
  /* Each short body holds a 3-gram once, so the lists hold fewer entries
   * than the short bodies' 3-grams, well under 2^32 for bodies of at
   * most max_chars in a table of at most 2^32 records. */
  g_assert (n_entries < G_MAXUINT32);
  self->list_start[n_rare] = (guint32) n_entries;
  self->bodies = g_new (guint32, MAX (n_entries, 1));
  self->listing = TRUE;
}

/**
 * pr_short_pairs_add:
 * @id: what pr_short_pairs_foreach () calls this body; ids added in
 *   increasing order
 * @body: valid UTF-8, as counted by pr_short_pairs_count ()
 *
 * The second pass: lists the body under its rare 3-grams.
 *
 * Returns: whether the body is short enough to be kept.
 */
gboolean
pr_short_pairs_add (PrShortPairs *self,
                    guint32       id,
                    const char   *body,
                    gssize        length)
{
  guint32 index = self->ids->len;
  guint32 end;

  if (!self->listing)
    start_lists (self);
  if (!distinct_grams (self, body, length))
    return FALSE;
  /* The bodies counted, in the same order: the lists were sized by them. */
  g_return_val_if_fail (index < self->n_grams->len, FALSE);
  g_return_val_if_fail (g_array_index (self->n_grams, guint32, index) == self->grams->len, FALSE);
  for (guint i = 0; i < self->grams->len; i++)
    {
      gsize slot = slot_of (self, g_array_index (self->grams, guint64, i));
      guint32 rare = self->values[slot];

      g_return_val_if_fail (self->keys[slot] != EMPTY_GRAM, FALSE);
      if (rare == NOT_RARE)
        continue;
      g_return_val_if_fail (self->list_start[rare] + self->list_filled[rare] < self->list_start[rare + 1], FALSE);
      self->bodies[self->list_start[rare] + self->list_filled[rare]++] = index;
      g_array_append_val (self->rare, rare);
    }
  g_array_append_val (self->ids, id);
  end = self->rare->len;
  g_array_append_val (self->body_start, end);
  return TRUE;
}

/**
 * pr_short_pairs_foreach:
 *
 * Calls @func for each pair of bodies added whose rare 3-grams shared are
 * at least the options' containment of the smaller body's 3-grams, by
 * the first body's id, then the second's. Consumes what was counted and
 * added.
 */
void
pr_short_pairs_foreach (PrShortPairs    *self,
                        PrShortPairFunc  func,
                        gpointer         user_data)
{
  guint32 n_bodies = self->ids->len;
  const guint32 *ids = (const guint32 *) (gpointer) self->ids->data;
  const guint32 *n_grams = (const guint32 *) (gpointer) self->n_grams->data;
  const guint32 *body_start = (const guint32 *) (gpointer) self->body_start->data;
  const guint32 *rare = (const guint32 *) (gpointer) self->rare->data;
  g_autofree guint32 *shared = NULL;
  g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (!self->listing)
    start_lists (self);
  /* The table is not needed to walk the lists. */
  free_table (self);
  shared = g_new0 (guint32, MAX (n_bodies, 1));
  for (guint32 a = 0; a < n_bodies; a++)
    {
      for (guint32 g = body_start[a]; g < body_start[a + 1]; g++)
        {
          guint32 r = rare[g];

          /* The list is by body: only the bodies after @a. */
          for (guint32 e = self->list_start[r] + self->list_filled[r]; e-- > self->list_start[r] && self->bodies[e] > a;)
            if (shared[self->bodies[e]]++ == 0)
              g_array_append_val (touched, self->bodies[e]);
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
  g_clear_pointer (&self->list_start, g_free);
  g_clear_pointer (&self->list_filled, g_free);
  g_clear_pointer (&self->bodies, g_free);
  g_array_set_size (self->ids, 0);
  g_array_set_size (self->n_grams, 0);
  g_array_set_size (self->body_start, 1);
  g_array_set_size (self->rare, 0);
  self->listing = FALSE;
  alloc_table (self, 1024);
  self->n_keys = 0;
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
  /* Counted, then listed: each body read twice rather than kept. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint32 r = 0; r < set->n_records; r++)
      {
        PrPairRecord record;

        if (r % 4096 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
          return FALSE;
        pr_pair_judge_record (mapping, set, r, &record, body, fields);
        if (pass == 0)
          pr_short_pairs_count (pairs, record.body, -1);
        else
          pr_short_pairs_add (pairs, r, record.body, -1);
      }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  pr_short_pairs_foreach (pairs, func, user_data);
  return TRUE;
}
