/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Short letters reworded: a clerk's summary of a 100-character complaint
 * shares half its characters in threes with the letter, but few runs of
 * five words, so neither the fingerprint nor the passages make them a
 * candidate. This source pairs bodies by their rare character 3-grams,
 * white space read by the rule every path reads it by (pr-text-space.c).
 *
 * Each 3-gram is kept exactly (three code points in 63 bits, no hash of
 * it), so the pairs do not depend on a hash's collisions. A 3-gram in
 * more than max_records bodies is left out: template text would
 * otherwise pair every letter with every other, and the cap bounds each
 * posting list, so the search costs at most max_records steps for each
 * 3-gram of each short body.
 *
 * The bodies are counted first: each distinct 3-gram gets a number and
 * a count of the bodies that hold it (capped just above max_records),
 * and each body keeps the numbers of its distinct 3-grams, so that
 * listing them needs neither the text nor the table again. Then the
 * bodies are listed under the 3-grams found in 2 to max_records bodies
 * only. A 3-gram of one body or of more than max_records is shared by no
 * pair that counts it, and the shorter body's share is taken of all its
 * 3-grams, counted in the first pass, so leaving those out of the lists
 * changes no pair. Memory: a table of the distinct 3-grams (16 bytes a
 * slot, at most seven tenths full, and 4 bytes for its count) and 4
 * bytes for each body's distinct 3-gram; then, the table freed, 8 bytes
 * for each body's rare 3-gram.
 *
 * Threads read a set's bodies into 3-grams and search the lists; the
 * count, whose table is one, takes the bodies in order on one thread.
 * What each thread finds is handed on in the order one thread would
 * find it, so the pairs never depend on the threads.
 */
#define G_LOG_DOMAIN "pr-short-pairs"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-pair-judge.h"
#include "pr-short-pairs.h"
#include "pr-text-space.h"
#include "pr-threads.h"

/* No 3-gram: three code points fill 63 bits, never all 64. */
#define EMPTY_GRAM G_MAXUINT64
/* A counted 3-gram of no posting list (in one body, or in too many). */
#define NOT_RARE G_MAXUINT32
#define NO_BODY G_MAXUINT32
/* Marks the last body of a posting list. */
#define LAST_OF_LIST 0x80000000u
/* How many 3-grams ahead of its probe a slot is fetched. */
#define PREFETCH_AHEAD 8

typedef struct {
  guint64 gram;
  guint32 number;  /* into counts */
  guint32 last;    /* the last body that held it: a body's 3-grams taken
                    * once without sorting them */
} Slot;

struct _PrShortPairs {
  PrShortPairOptions options;
  guint32  cap;           /* counts stop at max_records + 1 */
  Slot    *slots;         /* the distinct 3-grams, open addressing */
  gsize    mask;
  gsize    n_grams_seen;
  guint32  n_counted;
  GArray  *n_grams;       /* guint32: each short body's distinct 3-grams */
  GArray  *counts;        /* guint32: by 3-gram number, its bodies; when
                           * listing, where the next body of its list goes
                           * (or NOT_RARE) */
  GArray  *numbers;       /* guint32: each body's distinct 3-grams' numbers,
                           * body after body */
  gsize    n_listed;      /* of numbers, taken by the bodies added */
  /* Second pass */
  gboolean listing;
  guint32 *bodies;        /* the posting lists, each by body ascending, its
                           * last marked LAST_OF_LIST */
  gsize    n_entries;
  GArray  *ids;           /* guint32: the id of each body added */
  GArray  *body_start;    /* guint32: per body added, into at; one more at the end */
  GArray  *at;            /* guint32: where each body is in its rare 3-grams' lists */
  GArray  *grams;         /* guint64: scratch, one body's 3-grams */
  guint    n_threads;     /* of the search */
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
  self->slots = g_new (Slot, n_slots);
  for (gsize s = 0; s < n_slots; s++)
    self->slots[s] = (Slot) { EMPTY_GRAM, 0, NO_BODY };
  self->mask = n_slots - 1;
}

PrShortPairs *
pr_short_pairs_new (const PrShortPairOptions *options)
{
  PrShortPairs *self = g_new0 (PrShortPairs, 1);

  self->options = *options;
  self->cap = MIN (options->max_records, G_MAXUINT32 - 2) + 1;
  self->n_threads = 1;
  alloc_table (self, 1024);
  self->n_grams = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->numbers = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->body_start = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_array_set_size (self->body_start, 1);
  self->at = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  return self;
}

void
pr_short_pairs_free (PrShortPairs *self)
{
  if (self == NULL)
    return;
  g_free (self->slots);
  g_free (self->bodies);
  g_array_unref (self->n_grams);
  g_array_unref (self->counts);
  g_array_unref (self->numbers);
  g_array_unref (self->ids);
  g_array_unref (self->body_start);
  g_array_unref (self->at);
  g_array_unref (self->grams);
  g_free (self);
}

/* Where @gram's probe starts. */
static inline gsize
home_of (const PrShortPairs *self,
         guint64             gram)
{
  return (gsize) ((gram * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 20) & self->mask;
}

static inline Slot *
slot_of (const PrShortPairs *self,
         guint64             gram)
{
  gsize slot = home_of (self, gram);

  while (self->slots[slot].gram != EMPTY_GRAM && self->slots[slot].gram != gram)
    slot = (slot + 1) & self->mask;
  return &self->slots[slot];
}

static void
grow_table (PrShortPairs *self)
{
  Slot *slots = self->slots;
  gsize n_slots = self->mask + 1;

  alloc_table (self, n_slots * 2);
  for (gsize s = 0; s < n_slots; s++)
    if (slots[s].gram != EMPTY_GRAM)
      *slot_of (self, slots[s].gram) = slots[s];
  g_free (slots);
}

static int
compare_ids (gconstpointer x,
             gconstpointer y)
{
  guint32 p = *(const guint32 *) x, q = *(const guint32 *) y;

  return (p > q) - (p < q);
}

/* A character takes at least a byte: a body of fewer bytes than the
 * window's least characters is out before a character is read. (No bound
 * from above: white space, which the 3-grams read as one boundary or not
 * at all, can make a body of any length short.) */
static inline gboolean
out_by_bytes (const PrShortPairOptions *options,
              gsize                     length)
{
  return length < MAX (options->min_chars, 3);
}

/* Walks a body's characters as its 3-grams read them: by the white space
 * rule (pr-text-space.c), a run between two CJK characters is nothing and
 * any other run one space; a run at either end is nothing. */
typedef struct {
  const char *p;
  const char *end;
  gunichar    before;   /* the last character given, 0 before the first */
  gboolean    space;    /* a run of white space passed since @before */
} BodyWalk;

static inline gboolean
body_walk_next (BodyWalk *walk,
                gunichar *out)
{
  while (walk->p < walk->end)
    {
      gunichar c = g_utf8_get_char (walk->p);

      if (pr_text_space_is_space (c))
        {
          walk->space = walk->before != 0;
          walk->p = g_utf8_next_char (walk->p);
          continue;
        }
      if (walk->space)
        {
          walk->space = FALSE;
          if (!pr_text_space_joins (walk->before, c))
            {
              /* The boundary first; @c on the next call. */
              *out = ' ';
              return TRUE;
            }
        }
      walk->before = c;
      walk->p = g_utf8_next_char (walk->p);
      *out = c;
      return TRUE;
    }
  return FALSE;
}

/* Appends @body's 3-grams, repeats included, to @grams, or returns FALSE
 * (and appends none) when it is not a short body. */
static gboolean
body_grams (const PrShortPairOptions *options,
            const char               *body,
            gssize                    length,
            GArray                   *grams)
{
  gsize n_chars = 0, max_chars = options->max_chars, from = grams->len;
  guint64 *out;
  gunichar c[3] = { 0, 0, 0 };
  BodyWalk walk;

  if (body == NULL)
    return FALSE;
  if (length < 0)
    length = (gssize) strlen (body);
  if (out_by_bytes (options, (gsize) length))
    return FALSE;
  /* A 3-gram for each character but the first two, read in the same walk
   * that counts the characters; no more than the window holds. */
  g_array_set_size (grams, from + MIN ((gsize) length, max_chars));
  out = (guint64 *) (gpointer) grams->data + from;
  walk = (BodyWalk) { body, body + length, 0, FALSE };
  for (gunichar next; body_walk_next (&walk, &next);)
    {
      if (n_chars == max_chars)
        {
          g_array_set_size (grams, from);
          return FALSE;
        }
      c[0] = c[1];
      c[1] = c[2];
      c[2] = next;
      if (n_chars >= 2)
        out[n_chars - 2] = ((guint64) c[0] << 42) | ((guint64) c[1] << 21) | c[2];
      n_chars++;
    }
  if (n_chars < options->min_chars || n_chars < 3)
    {
      g_array_set_size (grams, from);
      return FALSE;
    }
  g_array_set_size (grams, from + n_chars - 2);
  return TRUE;
}

/* Counts the 3-grams of the next short body, @n_grams of them, repeats
 * included. */
static gboolean
count_grams (PrShortPairs  *self,
             const guint64 *grams,
             guint          n_grams)
{
  guint32 index = self->n_counted, n_distinct = 0;
  const guint32 none = 0;

  g_return_val_if_fail (index < LAST_OF_LIST, FALSE);

  for (guint i = 0; i < n_grams; i++)
    {
      guint64 gram = grams[i];
      Slot *slot;
      guint32 *counts;

#if defined(__GNUC__)
      /* The table of a million records' 3-grams, and their counts, are
       * far larger than the caches, and a probe of either is a miss:
       * asked for some 3-grams ahead (a slot, then, once it is in, its
       * count), the misses overlap instead of waiting one after another.
       * A hint only: a wrong guess costs a fetch, never a count. */
      if (i + PREFETCH_AHEAD < n_grams)
        __builtin_prefetch (&self->slots[home_of (self, grams[i + PREFETCH_AHEAD])]);
      if (i + PREFETCH_AHEAD / 2 < n_grams)
        {
          guint64 ahead = grams[i + PREFETCH_AHEAD / 2];
          const Slot *home = &self->slots[home_of (self, ahead)];

          if (home->gram == ahead)
            __builtin_prefetch ((const guint32 *) (gpointer) self->counts->data + home->number, 1);
        }
#endif
      slot = slot_of (self, gram);

      if (slot->gram == EMPTY_GRAM)
        {
          /* At most seven tenths full, or the probes grow long. */
          if ((self->n_grams_seen + 1) * 10 > (self->mask + 1) * 7)
            {
              grow_table (self);
              slot = slot_of (self, gram);
            }
          g_return_val_if_fail (self->counts->len < NOT_RARE, FALSE);
          slot->gram = gram;
          slot->number = self->counts->len;
          g_array_append_val (self->counts, none);
          self->n_grams_seen++;
        }
      if (slot->last == index)
        continue;
      slot->last = index;
      n_distinct++;
      g_array_append_val (self->numbers, slot->number);
      counts = (guint32 *) (gpointer) self->counts->data;
      if (counts[slot->number] < self->cap)
        counts[slot->number]++;
    }
  g_array_append_val (self->n_grams, n_distinct);
  self->n_counted++;
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
  g_return_val_if_fail (!self->listing, FALSE);

  g_array_set_size (self->grams, 0);
  if (!body_grams (&self->options, body, length, self->grams))
    return FALSE;
  return count_grams (self, (const guint64 *) (gpointer) self->grams->data, self->grams->len);
}

/* From counts to posting lists: each 3-gram in 2 to max_records bodies
 * gets a list of its count's length. */
static gboolean
is_rare (const PrShortPairs *self,
         guint32             count)
{
  return count >= 2 && count <= self->options.max_records;
}

static void
start_lists (PrShortPairs *self)
{
  guint64 n_entries = 0;
  guint32 *counts = (guint32 *) (gpointer) self->counts->data;

  /* The bodies' 3-grams are numbered: the table is done with. */
  g_clear_pointer (&self->slots, g_free);
  for (guint32 g = 0; g < self->counts->len; g++)
    if (is_rare (self, counts[g]))
      n_entries += counts[g];
  /* Each short body holds a 3-gram once, so the lists hold fewer entries
   * than the short bodies' 3-grams: under 2^31 for bodies of at most a
   * few hundred characters in a table of some millions of records. */
  g_assert (n_entries < LAST_OF_LIST);
  self->n_entries = n_entries;
  self->bodies = g_new0 (guint32, MAX (n_entries, 1));
  n_entries = 0;
  for (guint32 g = 0; g < self->counts->len; g++)
    if (is_rare (self, counts[g]))
      {
        guint32 count = counts[g];

        counts[g] = (guint32) n_entries;
        n_entries += count;
        /* The end of the list, marked where its last body goes: the
         * search walks from a body to the end of its list. */
        self->bodies[n_entries - 1] = LAST_OF_LIST;
      }
    else
      counts[g] = NOT_RARE;
  self->listing = TRUE;
}

/* Lists the next body counted, by its 3-grams' numbers, as @id. */
static gboolean
list_counted (PrShortPairs *self,
              guint32       id)
{
  guint32 index = self->ids->len, n_grams, end;
  guint32 *counts = (guint32 *) (gpointer) self->counts->data;
  const guint32 *numbers = (const guint32 *) (gpointer) self->numbers->data;

  /* The bodies counted, in the same order: the lists were sized by them. */
  g_return_val_if_fail (index < self->n_grams->len, FALSE);
  n_grams = g_array_index (self->n_grams, guint32, index);
  g_return_val_if_fail (self->n_listed + n_grams <= self->numbers->len, FALSE);
  for (guint32 i = 0; i < n_grams; i++)
    {
      guint32 g = numbers[self->n_listed + i];

      if (counts[g] == NOT_RARE)
        continue;
      g_return_val_if_fail (counts[g] < self->n_entries, FALSE);
      self->bodies[counts[g]] |= index;
      g_array_append_val (self->at, counts[g]);
      counts[g]++;
    }
  self->n_listed += n_grams;
  g_array_append_val (self->ids, id);
  end = self->at->len;
  g_array_append_val (self->body_start, end);
  return TRUE;
}

/* Whether @body is in the window of lengths, not reading its 3-grams. */
static gboolean
is_short (const PrShortPairs *self,
          const char         *body,
          gssize              length)
{
  gsize n_chars = 0;
  BodyWalk walk;

  if (body == NULL)
    return FALSE;
  if (length < 0)
    length = (gssize) strlen (body);
  if (out_by_bytes (&self->options, (gsize) length))
    return FALSE;
  walk = (BodyWalk) { body, body + length, 0, FALSE };
  for (gunichar next; body_walk_next (&walk, &next);)
    if (++n_chars > self->options.max_chars)
      return FALSE;
  return n_chars >= self->options.min_chars && n_chars >= 3;
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
  if (!self->listing)
    start_lists (self);
  if (!is_short (self, body, length))
    return FALSE;
  return list_counted (self, id);
}

/* A pair the search found: bodies by their index among those added. */
typedef struct {
  guint32 a, b;
  double  containment;
} Found;

/* The search, shared by its threads: the bodies are taken in blocks,
 * block i by thread i mod n_threads, each thread keeping what it finds in
 * its own array, so that the pairs can be handed on in the order one
 * thread finds them. */
typedef struct {
  PrShortPairs *self;
  guint         n_threads;
  guint32       n_blocks;
  GArray      **found;      /* Found, by thread */
  gsize        *block_end;  /* where each block's pairs end in its thread's array */
} Search;

/* Bodies a block of the search holds: enough that a thread's share of a
 * block outweighs taking it, few enough that the threads' shares even out
 * (the first bodies walk the longest lists). */
#define SEARCH_BLOCK 1024

static void
search_share (gpointer data,
              guint    index)
{
  Search *search = data;
  PrShortPairs *self = search->self;
  guint32 n_bodies = self->ids->len;
  const guint32 *n_grams = (const guint32 *) (gpointer) self->n_grams->data;
  const guint32 *body_start = (const guint32 *) (gpointer) self->body_start->data;
  const guint32 *at = (const guint32 *) (gpointer) self->at->data;
  g_autofree guint32 *shared = g_new0 (guint32, MAX (n_bodies, 1));
  g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  GArray *found = search->found[index];

  for (guint32 block = index; block < search->n_blocks; block += search->n_threads)
    {
      guint32 end = (guint32) MIN ((guint64) (block + 1) * SEARCH_BLOCK, n_bodies);

      for (guint32 a = block * SEARCH_BLOCK; a < end; a++)
        {
          /* The lists are by body: the bodies after @a follow it. */
          for (guint32 g = body_start[a]; g < body_start[a + 1]; g++)
            for (gsize e = at[g]; !(self->bodies[e] & LAST_OF_LIST);)
              {
                guint32 b = self->bodies[++e] & ~LAST_OF_LIST;

                if (shared[b]++ == 0)
                  g_array_append_val (touched, b);
              }
          g_array_sort (touched, compare_ids);
          for (guint t = 0; t < touched->len; t++)
            {
              guint32 b = g_array_index (touched, guint32, t);
              guint32 smaller = MIN (n_grams[a], n_grams[b]);
              double containment = (double) shared[b] / smaller;

              if (containment >= self->options.min_containment)
                {
                  Found pair = { a, b, containment };

                  g_array_append_val (found, pair);
                }
              shared[b] = 0;
            }
          g_array_set_size (touched, 0);
        }
      search->block_end[block] = found->len;
    }
}

/**
 * pr_short_pairs_set_n_threads:
 * @n_threads: 0 for one per processor
 *
 * The threads pr_short_pairs_foreach () searches with (one by default);
 * the pairs and their order do not depend on them.
 */
void
pr_short_pairs_set_n_threads (PrShortPairs *self,
                              guint         n_threads)
{
  self->n_threads = n_threads;
}

/**
 * pr_short_pairs_foreach:
 *
 * Calls @func for each pair of bodies added whose rare 3-grams shared are
 * at least the options' containment of the smaller body's 3-grams, by
 * the first body's id, then the second's, on the calling thread. Consumes
 * what was counted and added.
 */
void
pr_short_pairs_foreach (PrShortPairs    *self,
                        PrShortPairFunc  func,
                        gpointer         user_data)
{
  guint32 n_bodies;
  const guint32 *ids;
  Search search = { self, 1, 0, NULL, NULL };
  g_autofree gsize *cursor = NULL;

  if (!self->listing)
    start_lists (self);
  /* The search walks the lists alone. */
  g_array_unref (self->counts);
  g_array_unref (self->numbers);
  self->counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->numbers = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->n_listed = 0;
  n_bodies = self->ids->len;
  ids = (const guint32 *) (gpointer) self->ids->data;
  search.n_blocks = (guint32) (((guint64) n_bodies + SEARCH_BLOCK - 1) / SEARCH_BLOCK);
  search.n_threads = MAX (1, MIN (pr_threads_resolve (self->n_threads), search.n_blocks));
  search.found = g_new (GArray *, search.n_threads);
  for (guint t = 0; t < search.n_threads; t++)
    search.found[t] = g_array_new (FALSE, FALSE, sizeof (Found));
  search.block_end = g_new0 (gsize, MAX (search.n_blocks, 1));
  pr_threads_run ("pr-short-pairs", search.n_threads, search_share, &search);
  /* Block by block, as one thread would have found them. */
  cursor = g_new0 (gsize, search.n_threads);
  for (guint32 block = 0; block < search.n_blocks; block++)
    {
      guint t = block % search.n_threads;
      const Found *found = (const Found *) (gpointer) search.found[t]->data;

      for (; cursor[t] < search.block_end[block]; cursor[t]++)
        func (ids[found[cursor[t]].a], ids[found[cursor[t]].b], found[cursor[t]].containment, user_data);
    }
  for (guint t = 0; t < search.n_threads; t++)
    g_array_unref (search.found[t]);
  g_free (search.found);
  g_free (search.block_end);
  g_clear_pointer (&self->bodies, g_free);
  self->n_entries = 0;
  g_array_set_size (self->ids, 0);
  g_array_set_size (self->n_grams, 0);
  g_array_set_size (self->body_start, 1);
  g_array_set_size (self->at, 0);
  self->listing = FALSE;
  self->n_counted = 0;
  self->n_grams_seen = 0;
  alloc_table (self, 1024);
}

static int
compare_grams (gconstpointer x,
               gconstpointer y)
{
  guint64 p = *(const guint64 *) x, q = *(const guint64 *) y;

  return (p > q) - (p < q);
}

/* Calls @body_func for each body counted, its index in @counted, with
 * its 3-grams in at most max_records bodies, from the count's numbers:
 * the bodies are not read into 3-grams again, and the 3-grams no index
 * can hold are never handed on. Before start_lists (), which frees the
 * table the numbers are turned back into 3-grams by. */
static void
counted_bodies (PrShortPairs    *self,
                GArray          *counted,
                PrShortBodyFunc  body_func,
                gpointer         user_data)
{
  g_autofree guint64 *gram_of = g_new (guint64, MAX (1, self->counts->len));
  const guint32 *counts = (const guint32 *) (gpointer) self->counts->data;
  const guint32 *numbers = (const guint32 *) (gpointer) self->numbers->data;
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  gsize from = 0;

  for (gsize s = 0; s <= self->mask; s++)
    if (self->slots[s].gram != EMPTY_GRAM)
      gram_of[self->slots[s].number] = self->slots[s].gram;
  for (guint i = 0; i < counted->len; i++)
    {
      guint32 n_grams = g_array_index (self->n_grams, guint32, i);

      g_array_set_size (grams, 0);
      for (guint32 g = 0; g < n_grams; g++)
        if (counts[numbers[from + g]] <= self->options.max_records)
          g_array_append_val (grams, gram_of[numbers[from + g]]);
      from += n_grams;
      g_array_sort (grams, compare_grams);
      body_func (g_array_index (counted, guint32, i), (const guint64 *) (gpointer) grams->data, grams->len,
                 n_grams, user_data);
    }
}

/* Records whose bodies the reading threads turn into 3-grams before the
 * count takes them in order: a few megabytes of 3-grams at most. */
#define READ_CHUNK 1024
/* A record of the chunk whose body is not short. */
#define NOT_SHORT G_MAXUINT32

/* The reading of one chunk of records, shared by its threads: record
 * start + i is read by thread i mod n_threads into its own array. */
typedef struct {
  const PrMapping          *mapping;
  const PrRecordSet        *set;
  const PrShortPairOptions *options;
  guint32                   start, end;
  guint                     n_threads;
  GArray                  **grams;    /* guint64, by thread */
  guint32                  *from;     /* by record of the chunk: into its thread's grams */
  guint32                  *n_grams;  /* by record of the chunk, or NOT_SHORT */
  GMutex                    lock;
  GError                   *error;
} ReadChunk;

static void
read_share (gpointer data,
            guint    index)
{
  ReadChunk *chunk = data;
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_autoptr(GByteArray) buffer = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  GArray *grams = chunk->grams[index];

  g_array_set_size (grams, 0);
  for (guint32 r = chunk->start + index; r < chunk->end; r += chunk->n_threads)
    {
      PrPairRecord record;
      guint32 from = grams->len;

      if (!pr_pair_judge_read_record (chunk->mapping, chunk->set, r, &record, body, fields, buffer, NULL, &error))
        break;
      chunk->from[r - chunk->start] = from;
      chunk->n_grams[r - chunk->start] = body_grams (chunk->options, record.body, -1, grams)
                                           ? grams->len - from : NOT_SHORT;
    }
  if (error != NULL)
    {
      g_mutex_lock (&chunk->lock);
      if (chunk->error == NULL)
        chunk->error = g_steal_pointer (&error);
      g_mutex_unlock (&chunk->lock);
    }
}

/* Reads and counts every record of @set, in chunks: threads read the
 * bodies into 3-grams, then one counts them in the records' order, as
 * pr_short_pairs_count () would have. */
static gboolean
count_set (PrShortPairs             *pairs,
           const PrMapping          *mapping,
           const PrRecordSet        *set,
           guint                     n_threads,
           GArray                   *counted,
           GCancellable             *cancellable,
           GError                  **error)
{
  ReadChunk chunk = { mapping, set, &pairs->options, 0, 0, 0, NULL, NULL, NULL, { 0 }, NULL };
  gboolean ok = TRUE;

  chunk.n_threads = MAX (1, MIN (pr_threads_resolve (n_threads), READ_CHUNK));
  chunk.grams = g_new (GArray *, chunk.n_threads);
  for (guint t = 0; t < chunk.n_threads; t++)
    chunk.grams[t] = g_array_new (FALSE, FALSE, sizeof (guint64));
  chunk.from = g_new (guint32, READ_CHUNK);
  chunk.n_grams = g_new (guint32, READ_CHUNK);
  g_mutex_init (&chunk.lock);
  for (guint32 start = 0; start < set->n_records && ok; start += READ_CHUNK)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      chunk.start = start;
      chunk.end = (guint32) MIN ((guint64) start + READ_CHUNK, set->n_records);
      pr_threads_run ("pr-short-pairs", MIN (chunk.n_threads, chunk.end - chunk.start), read_share, &chunk);
      if (chunk.error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&chunk.error));
          ok = FALSE;
          break;
        }
      for (guint32 r = chunk.start; r < chunk.end; r++)
        {
          guint32 i = r - chunk.start;
          const guint64 *grams = (const guint64 *) (gpointer) chunk.grams[i % chunk.n_threads]->data;

          if (chunk.n_grams[i] == NOT_SHORT)
            continue;
          if (count_grams (pairs, grams + chunk.from[i], chunk.n_grams[i]))
            g_array_append_val (counted, r);
        }
    }
  for (guint t = 0; t < chunk.n_threads; t++)
    g_array_unref (chunk.grams[t]);
  g_free (chunk.grams);
  g_free (chunk.from);
  g_free (chunk.n_grams);
  g_mutex_clear (&chunk.lock);
  return ok && !g_cancellable_set_error_if_cancelled (cancellable, error);
}

/**
 * pr_short_pairs_find_in_set:
 * @set: loaded with keep_texts
 * @n_threads: threads that read the bodies and search, 0 for one per
 *   processor; the pairs, their order and the bodies given to @body_func
 *   do not depend on them
 *
 * The pairs of @set's records whose bodies, as the second stage reads
 * them (pr_pair_judge_record ()), make a candidate by @options; and,
 * with @body_func, each short body's 3-grams found in at most
 * max_records short bodies of @set, with its count of distinct 3-grams,
 * before the first pair.
 */
gboolean
pr_short_pairs_find_in_set (const PrMapping          *mapping,
                            const PrRecordSet        *set,
                            const PrShortPairOptions *options,
                            guint                     n_threads,
                            PrShortPairFunc           func,
                            PrShortBodyFunc           body_func,
                            gpointer                  user_data,
                            GCancellable             *cancellable,
                            GError                  **error)
{
  g_autoptr(PrShortPairs) pairs = pr_short_pairs_new (options);
  g_autoptr(GArray) counted = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (pr_record_set_has_texts (set), FALSE);
  /* Read once, from the text file rather than its mapping, which would
   * keep every page of it in the process; the count keeps what the
   * lists need. */
  if (!count_set (pairs, mapping, set, n_threads, counted, cancellable, error))
    return FALSE;
  if (body_func != NULL)
    counted_bodies (pairs, counted, body_func, user_data);
  start_lists (pairs);
  for (guint i = 0; i < counted->len; i++)
    if (!list_counted (pairs, g_array_index (counted, guint32, i)))
      return FALSE;
  pr_short_pairs_set_n_threads (pairs, n_threads);
  pr_short_pairs_foreach (pairs, func, user_data);
  return TRUE;
}

/**
 * pr_short_pairs_body_grams:
 * @grams: (element-type guint64): set to @body's distinct 3-grams, ascending
 *
 * Returns: whether @body is short enough to be kept (else @grams is empty)
 */
gboolean
pr_short_pairs_body_grams (const PrShortPairOptions *options,
                           const char               *body,
                           gssize                    length,
                           GArray                   *grams)
{
  guint n = 0;

  g_array_set_size (grams, 0);
  if (!body_grams (options, body, length, grams))
    return FALSE;
  g_array_sort (grams, compare_grams);
  for (guint i = 0; i < grams->len; i++)
    if (n == 0 || g_array_index (grams, guint64, i) != g_array_index (grams, guint64, n - 1))
      g_array_index (grams, guint64, n++) = g_array_index (grams, guint64, i);
  g_array_set_size (grams, n);
  return TRUE;
}
