/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A word-level diff of two texts, for the compare view.
 *
 * Words are the fingerprint's own: pr_tokenizer_tokenize_with_ranges ()
 * gives the tokenizer's normalised words (NFKC, case folding, Traditional →
 * Simplified if the tokenizer folds) and the bytes of the original text each
 * came from. What the fingerprint counts as the same word, the diff does too:
 * "１２３" against "123", "投訴" against "投诉". Each distinct word gets a
 * number, so the diff compares integers.
 *
 * The common subsequence is found with Myers' O((N+M)D) algorithm in linear
 * space ("An O(ND) Difference Algorithm and Its Variations", 1986, section
 * 4b): find the middle snake of the box by searching from both corners,
 * split there, and do the same for both halves. Words that only one text
 * has are left out of the search first (they can match nothing); for
 * unrelated texts that is most words, and the search costs about D². The
 * split follows GNU diff and git's xdiff (xdl_split), which also give the
 * two limits here:
 *
 * - cost limit: when the two searches of one box have each gone
 *   _PR_DIFF_COST_LIMIT edits without meeting, the box is split at the
 *   point either search has brought furthest. The result is still a common
 *   subsequence, only maybe not a longest one. A box is searched to at most
 *   half its D, so any pair with D up to twice the limit (8,192 word
 *   insertions and deletions, not counting words only one text has) is
 *   diffed exactly.
 * - work limit: a diagonal visited or a word compared is a unit of work;
 *   after _PR_DIFF_WORK_LIMIT units no box is split any more, and what is
 *   left of each is marked changed after its common head and tail (found in
 *   linear time). Smaller boxes go first, so that what the work buys is many
 *   small boxes solved. 2^26 units took 0.2 to 0.6 s on the development
 *   machine, so two unrelated 16 MiB texts cost that plus their tokenizing.
 *
 * PrDiff.exact says whether either limit changed the result.
 *
 * A large box with many edits (two long texts rewritten, D in the
 * thousands) costs the search about D² steps; its split is then found
 * from the table of common subsequence lengths instead, a bit a cell
 * (pr-diff-lcs-split.c): the same split, so the same words matched. A
 * box of 32 × 32 cells or more goes to the table first, which counts its
 * edits and leaves it to the search when the search would meet within a
 * sixty-fourth of its cells in units of work.
 *
 * The spans then paint each text: a word's bytes are SAME if it is in the
 * common subsequence and CHANGED if not; every byte in no word (white space,
 * punctuation) is SAME, because a reviewer reads words. Where one original
 * character holds two words (㏠ is 1日), CHANGED wins.
 */
#define G_LOG_DOMAIN "pr-diff"

#include "config.h"

#include <string.h>

#include "pr-diff-private.h"

/* Original byte offsets fit in 32 bits (the tokenizer takes 16 MiB at most). */
G_STATIC_ASSERT (PR_TOKENIZER_MAX_LENGTH < G_MAXUINT32);

typedef struct
{
  guint32 start;
  guint32 end;
} Range;

/* One text's words: their numbers and where they are. */
typedef struct
{
  GArray *ids;     /* guint32 */
  GArray *ranges;  /* Range */
} Words;

/* Numbers words; shared by both texts so that equal words get equal numbers. */
typedef struct
{
  GHashTable   *ids;      /* normalised word → number + 1 */
  GStringChunk *strings;
  GString      *key;
  Words        *words;
} Numbering;

static void
add_word (const char *token,
          gsize       length,
          gsize       start,
          gsize       end,
          gpointer    user_data)
{
  Numbering *numbering = user_data;
  Range range = { start, end };
  gpointer value;
  guint32 id;

  g_string_truncate (numbering->key, 0);
  g_string_append_len (numbering->key, token, length);
  value = g_hash_table_lookup (numbering->ids, numbering->key->str);
  if (value != NULL)
    id = GPOINTER_TO_UINT (value) - 1;
  else
    {
      id = g_hash_table_size (numbering->ids);
      g_hash_table_insert (numbering->ids,
                           g_string_chunk_insert_len (numbering->strings, token, length),
                           GUINT_TO_POINTER (id + 1));
    }

  g_array_append_val (numbering->words->ids, id);
  g_array_append_val (numbering->words->ranges, range);
}

/* Myers ------------------------------------------------------------------ */

typedef struct
{
  const guint32 *a;
  const guint32 *b;
  gssize         cost_limit;
  guint64        work_limit;
  guint64        work;
  gboolean       exact;

  /* The furthest points of the forward and backward searches of one box,
   * by diagonal k = x - y, relative to the diagonal each search starts on:
   * 2 × cost_limit + 3 entries each (the diagonals an edit count of up to
   * cost_limit can reach, and one more on each side as a sentinel). */
  gssize        *forward;
  gssize        *backward;
} Myers;

typedef struct
{
  gssize a_start;
  gssize a_end;
  gssize b_start;
  gssize b_end;
} Box;

typedef enum {
  SPLIT_FOUND,
  SPLIT_OUT_OF_WORK,
  SPLIT_CANCELLED,
} SplitResult;

/* What myers () returns. */
typedef enum {
  MYERS_DONE,
  MYERS_CANCELLED,
  MYERS_SEARCH_AGAIN,  /* the table's split may have changed a limit's effect */
} MyersResult;

/* Finds where to split @box, whose first and last words differ in both
 * texts and which is not empty in either: the middle snake of a shortest
 * edit script, or (after cost_limit edits) the point one of the two searches
 * has brought furthest. Follows xdl_split () of git's xdiff. */
static SplitResult
split (Myers         *self,
       const Box     *box,
       gssize        *split_a,
       gssize        *split_b,
       GCancellable  *cancellable)
{
  const guint32 *a = self->a, *b = self->b;
  const gssize off1 = box->a_start, lim1 = box->a_end;
  const gssize off2 = box->b_start, lim2 = box->b_end;
  const gssize cap = self->cost_limit;
  const gssize dmin = off1 - lim2, dmax = lim1 - off2;
  const gssize fmid = off1 - off2, bmid = lim1 - lim2;
  const gboolean odd = (fmid - bmid) % 2 != 0;
  gssize fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;

  /* In locals: the arrays' entries could alias the fields, and the
   * compiler would reload them on every diagonal. */
  gssize *const forward = self->forward + cap + 1 - fmid;
  gssize *const backward = self->backward + cap + 1 - bmid;
  const guint64 work_limit = self->work_limit;
  guint64 work = self->work;

#define FORWARD(k)  forward[k]
#define BACKWARD(k) backward[k]

  FORWARD (fmid) = off1;
  BACKWARD (bmid) = lim1;

  for (gssize cost = 1; ; cost++)
    {
      /* Widen the range of diagonals by one on each side, or narrow it on a
       * side that has reached the box's edge (the range keeps its parity);
       * the diagonal just outside gets a value no path takes. */
      if (fmin > dmin)
        FORWARD (--fmin - 1) = -1;
      else
        ++fmin;
      if (fmax < dmax)
        FORWARD (++fmax + 1) = -1;
      else
        --fmax;

      for (gssize k = fmax; k >= fmin; k -= 2)
        {
          gssize i1, i2, from;

          /* Further of the two neighbours' points, without a branch (which
           * of them is further is a coin toss where the texts differ). */
          i1 = MAX (FORWARD (k - 1) + 1, FORWARD (k + 1));
          from = i1;
          i2 = i1 - k;
          while (i1 < lim1 && i2 < lim2 && a[i1] == b[i2])
            i1++, i2++;
          FORWARD (k) = i1;
          work += 1 + (i1 - from);

          if (odd && bmin <= k && k <= bmax && BACKWARD (k) <= i1)
            {
              *split_a = i1;
              *split_b = i2;
              self->work = work;
              return SPLIT_FOUND;
            }
          if (work > work_limit)
            {
              self->work = work;
              return SPLIT_OUT_OF_WORK;
            }
        }

      if (bmin > dmin)
        BACKWARD (--bmin - 1) = G_MAXSSIZE;
      else
        ++bmin;
      if (bmax < dmax)
        BACKWARD (++bmax + 1) = G_MAXSSIZE;
      else
        --bmax;

      for (gssize k = bmax; k >= bmin; k -= 2)
        {
          gssize i1, i2, from;

          i1 = MIN (BACKWARD (k - 1), BACKWARD (k + 1) - 1);
          from = i1;
          i2 = i1 - k;
          while (i1 > off1 && i2 > off2 && a[i1 - 1] == b[i2 - 1])
            i1--, i2--;
          BACKWARD (k) = i1;
          work += 1 + (from - i1);

          if (!odd && fmin <= k && k <= fmax && i1 <= FORWARD (k))
            {
              *split_a = i1;
              *split_b = i2;
              self->work = work;
              return SPLIT_FOUND;
            }
          if (work > work_limit)
            {
              self->work = work;
              return SPLIT_OUT_OF_WORK;
            }
        }

      if (g_cancellable_is_cancelled (cancellable))
        {
          self->work = work;
          return SPLIT_CANCELLED;
        }

      if (cost >= cap)
        {
          gssize fbest = -1, fbest1 = -1;
          gssize bbest = G_MAXSSIZE, bbest1 = G_MAXSSIZE;

          /* The forward point furthest from the start, the backward point
           * furthest from the end, each clipped to the box. */
          for (gssize k = fmax; k >= fmin; k -= 2)
            {
              gssize i1 = MIN (FORWARD (k), lim1);
              gssize i2 = i1 - k;

              if (i2 > lim2)
                {
                  i1 = lim2 + k;
                  i2 = lim2;
                }
              if (i1 + i2 > fbest)
                {
                  fbest = i1 + i2;
                  fbest1 = i1;
                }
            }
          for (gssize k = bmax; k >= bmin; k -= 2)
            {
              gssize i1 = MAX (off1, BACKWARD (k));
              gssize i2 = i1 - k;

              if (i2 < off2)
                {
                  i1 = off2 + k;
                  i2 = off2;
                }
              if (i1 + i2 < bbest)
                {
                  bbest = i1 + i2;
                  bbest1 = i1;
                }
            }

          self->exact = FALSE;
          if ((lim1 + lim2) - bbest < fbest - (off1 + off2))
            {
              *split_a = fbest1;
              *split_b = fbest - fbest1;
            }
          else
            {
              *split_a = bbest1;
              *split_b = bbest - bbest1;
            }
          self->work = work;
          return SPLIT_FOUND;
        }
    }

#undef FORWARD
#undef BACKWARD
}

/* Marks a common subsequence of @a and @b in @matched_a and @matched_b.
 * With @sigma (the words numbered below it), a large box's split is found
 * from the table (pr-diff-lcs-split.c), the same split; its work is then
 * counted as at most what the search would have done, and if that could
 * reach the work limit, the caller searches again without the table. */
static MyersResult
myers (const guint32  *a,
       gsize           n_a,
       const guint32  *b,
       gsize           n_b,
       gsize           sigma,
       gsize           cost_limit,
       guint64         work_limit,
       guint8         *matched_a,
       guint8         *matched_b,
       gboolean       *out_exact,
       guint64        *out_work,
       GCancellable   *cancellable,
       GError        **error)
{
  gboolean bounded = FALSE;
  Myers self = {
    .a = a,
    .b = b,
    .cost_limit = MAX (cost_limit, 1),
    .work_limit = work_limit,
    .exact = TRUE,
  };
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  g_autofree gssize *forward = NULL;
  g_autofree gssize *backward = NULL;
  gboolean out_of_work = FALSE;
  Box box = { 0, n_a, 0, n_b };

  self.cost_limit = MIN ((gsize) self.cost_limit, n_a + n_b + 1);
  forward = g_new (gssize, 2 * self.cost_limit + 3);
  backward = g_new (gssize, 2 * self.cost_limit + 3);
  self.forward = forward;
  self.backward = backward;

  g_array_append_val (boxes, box);
  while (boxes->len > 0)
    {
      gssize split_a = 0, split_b = 0;
      guint64 bound = 0, cells;
      SplitResult result;
      Box low, high;

      box = g_array_index (boxes, Box, boxes->len - 1);
      g_array_set_size (boxes, boxes->len - 1);

      /* The common head and tail are matched as they are (this is where
       * every match is made: a split only cuts between snakes). */
      while (box.a_start < box.a_end && box.b_start < box.b_end && a[box.a_start] == b[box.b_start])
        {
          matched_a[box.a_start++] = 1;
          matched_b[box.b_start++] = 1;
        }
      while (box.a_start < box.a_end && box.b_start < box.b_end && a[box.a_end - 1] == b[box.b_end - 1])
        {
          matched_a[--box.a_end] = 1;
          matched_b[--box.b_end] = 1;
        }

      if (box.a_start == box.a_end || box.b_start == box.b_end)
        continue;
      /* A split can be found on the step that used the work up: no box is
       * begun after it. */
      if (!out_of_work && self.work > self.work_limit)
        {
          out_of_work = TRUE;
          self.exact = FALSE;
        }
      if (out_of_work)
        {
          if (bounded)
            return MYERS_SEARCH_AGAIN;
          continue;
        }

      cells = (guint64) (box.a_end - box.a_start) * (guint64) (box.b_end - box.b_start);
      if (sigma > 0 && cells >= _PR_DIFF_TABLE_CELLS &&
          _pr_diff_lcs_split (a, b, sigma, box.a_start, box.a_end, box.b_start, box.b_end, self.cost_limit,
                              &split_a, &split_b, &bound))
        {
          /* The table first: it measures the box's edits and leaves the
           * box to the search when the search would be cheaper. A search
           * tried first for a share of the cells spends that share in vain
           * where the texts differ much (most pairs judged apart), and
           * counting the words as multisets does not tell those boxes:
           * collages share their words in another order. */
          bounded = TRUE;
          self.work += bound;
          /* Weighed at once: no box may follow this split to weigh it. */
          if (self.work > self.work_limit)
            return MYERS_SEARCH_AGAIN;
          result = g_cancellable_is_cancelled (cancellable) ? SPLIT_CANCELLED : SPLIT_FOUND;
        }
      else
        result = split (&self, &box, &split_a, &split_b, cancellable);
      switch (result)
        {
        case SPLIT_FOUND:
          break;
        case SPLIT_OUT_OF_WORK:
          if (bounded)
            return MYERS_SEARCH_AGAIN;
          out_of_work = TRUE;
          self.exact = FALSE;
          continue;
        case SPLIT_CANCELLED:
        default:
          g_cancellable_set_error_if_cancelled (cancellable, error);
          return MYERS_CANCELLED;
        }

      /* Both halves are smaller than the box: a split point is at least one
       * edit from either corner. */
      g_assert (box.a_start <= split_a && split_a <= box.a_end);
      g_assert (box.b_start <= split_b && split_b <= box.b_end);
      g_assert (split_a + split_b > box.a_start + box.b_start);
      g_assert (split_a + split_b < box.a_end + box.b_end);

      /* The smaller half first: it is the cheaper, and when the work runs
       * out, many small boxes solved match more than one large box begun. */
      low = (Box) { box.a_start, split_a, box.b_start, split_b };
      high = (Box) { split_a, box.a_end, split_b, box.b_end };
      if ((low.a_end - low.a_start) + (low.b_end - low.b_start) <
          (high.a_end - high.a_start) + (high.b_end - high.b_start))
        {
          g_array_append_val (boxes, high);
          g_array_append_val (boxes, low);
        }
      else
        {
          g_array_append_val (boxes, low);
          g_array_append_val (boxes, high);
        }
    }

  if (out_exact != NULL)
    *out_exact = self.exact;
  if (out_work != NULL)
    *out_work = self.work;

  return MYERS_DONE;
}

/**
 * _pr_diff_sequences:
 * @a: the first sequence of word numbers
 * @n_a: its length
 * @b: the second sequence
 * @n_b: its length
 * @cost_limit: edits after which a box is split where the search has got to
 * @work_limit: units of work after which no box is split any more
 * @matched_a: (out caller-allocates): @n_a bytes, zeroed; set to 1 for the
 *   words of @a in the common subsequence
 * @matched_b: (out caller-allocates): the same for @b
 * @out_exact: (out) (optional): whether the subsequence is a longest one
 * @out_work: (out) (optional): the units of work done
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Word numbers should be dense (from 0 up): a table of the largest + 1
 * entries is made.
 *
 * Returns: %FALSE only if cancelled.
 */
/* A byte by word number, all 0 between calls, kept by each thread: word
 * numbers are dense over all the texts numbered together (the second
 * stage numbers a block of thousands of records at once), and a table
 * as long as the largest number, allocated and zeroed for each of many
 * pairs, cost more than the pair's own words. */
typedef struct
{
  gsize   size;
  guint8 *bytes;
} WhereTable;

static void
where_table_free (gpointer data)
{
  WhereTable *table = data;

  g_free (table->bytes);
  g_free (table);
}

/* 1 MiB: the compare view's numbers of two long texts are not kept. */
#define WHERE_TABLE_KEPT ((gsize) 1 << 20)

static GPrivate where_table = G_PRIVATE_INIT (where_table_free);
/* The same for renumber (): a guint32 by word number. */
static GPrivate number_table = G_PRIVATE_INIT (where_table_free);
/* The same for the table's bit masks (pr-diff-lcs-split.c). */
static GPrivate masks_table = G_PRIVATE_INIT (where_table_free);

/* Returns: (nullable): @size bytes of @key's table, %NULL for a table
 * longer than @kept. */
static guint8 *
thread_table_get (GPrivate *key,
                  gsize     size,
                  gsize     kept)
{
  WhereTable *table = g_private_get (key);

  if (size > kept)
    return NULL;
  if (table == NULL)
    {
      table = g_new0 (WhereTable, 1);
      g_private_set (key, table);
    }
  if (table->size < size)
    {
      g_free (table->bytes);
      table->size = MAX (size, 2 * table->size);
      table->bytes = g_new0 (guint8, table->size);
    }
  return table->bytes;
}

/* @n zeroed 64-bit words, the thread's: the table's masks over the words
 * of a box (its caller zeroes again what it set). */
guint64 *
_pr_diff_thread_masks (gsize n)
{
  return (guint64 *) (gpointer) thread_table_get (&masks_table, n * sizeof (guint64), G_MAXSIZE);
}

/* 16 MiB: four million word numbers. */
#define NUMBER_TABLE_KEPT ((gsize) 1 << 24)

/* Numbers the words of @a and @b (all of them in @a, none above
 * @largest) from 0 in place, for the table's bit masks. Returns: how many
 * numbers. */
static gsize
renumber (guint32 *a,
          gsize    n_a,
          guint32 *b,
          gsize    n_b,
          guint32  largest)
{
  gsize size = ((gsize) largest + 1) * sizeof (guint32);
  g_autofree guint32 *own = NULL;
  guint32 *numbers = (guint32 *) (gpointer) thread_table_get (&number_table, size, NUMBER_TABLE_KEPT);
  g_autofree guint32 *local = g_new (guint32, MAX (1, n_a));
  guint32 n = 0;

  if (numbers == NULL)
    numbers = own = g_new0 (guint32, (gsize) largest + 1);
  /* number + 1; 0 between calls. */
  for (gsize i = 0; i < n_a; i++)
    {
      if (numbers[a[i]] == 0)
        numbers[a[i]] = ++n;
      local[i] = numbers[a[i]] - 1;
    }
  for (gsize j = 0; j < n_b; j++)
    b[j] = numbers[b[j]] - 1;
  for (gsize i = 0; i < n_a; i++)
    numbers[a[i]] = 0;
  memcpy (a, local, n_a * sizeof *a);
  return n;
}

/* A word that only one text has can match nothing: the search leaves it
 * out (as GNU diff and xdiff do), which changes no answer. Unrelated texts
 * share few words, and their search costs the square of what is left.
 * Keeps the words of @a and @b that both have, and where each was.
 * Returns: the largest word number of either. */
static guint32
keep_shared_words (const guint32  *a,
                   gsize           n_a,
                   const guint32  *b,
                   gsize           n_b,
                   guint32       **out_kept_a,
                   guint32       **out_index_a,
                   gsize          *out_n_a,
                   guint32       **out_kept_b,
                   guint32       **out_index_b,
                   gsize          *out_n_b)
{
  g_autofree guint8 *own_where = NULL;
  guint32 *kept_a, *index_a, *kept_b, *index_b;
  gsize n_kept_a = 0, n_kept_b = 0;
  guint32 largest = 0;
  guint8 *where;

  for (gsize i = 0; i < n_a; i++)
    largest = MAX (largest, a[i]);
  for (gsize j = 0; j < n_b; j++)
    largest = MAX (largest, b[j]);
  if ((where = thread_table_get (&where_table, (gsize) largest + 1, WHERE_TABLE_KEPT)) == NULL)
    where = own_where = g_new0 (guint8, (gsize) largest + 1);
  for (gsize i = 0; i < n_a; i++)
    where[a[i]] |= 1;
  for (gsize j = 0; j < n_b; j++)
    where[b[j]] |= 2;

  kept_a = g_new (guint32, n_a + 1);
  index_a = g_new (guint32, n_a + 1);
  for (gsize i = 0; i < n_a; i++)
    if (where[a[i]] == 3)
      {
        kept_a[n_kept_a] = a[i];
        index_a[n_kept_a++] = i;
      }
  kept_b = g_new (guint32, n_b + 1);
  index_b = g_new (guint32, n_b + 1);
  for (gsize j = 0; j < n_b; j++)
    if (where[b[j]] == 3)
      {
        kept_b[n_kept_b] = b[j];
        index_b[n_kept_b++] = j;
      }
  for (gsize i = 0; i < n_a; i++)
    where[a[i]] = 0;
  for (gsize j = 0; j < n_b; j++)
    where[b[j]] = 0;
  *out_kept_a = kept_a;
  *out_index_a = index_a;
  *out_n_a = n_kept_a;
  *out_kept_b = kept_b;
  *out_index_b = index_b;
  *out_n_b = n_kept_b;
  return largest;
}

static gboolean
diff_sequences (const guint32  *a,
                gsize           n_a,
                const guint32  *b,
                gsize           n_b,
                gboolean        with_table,
                gsize           cost_limit,
                guint64         work_limit,
                guint8         *matched_a,
                guint8         *matched_b,
                gboolean       *out_exact,
                guint64        *out_work,
                GCancellable   *cancellable,
                GError        **error)
{
  gsize sigma = 0;
  MyersResult result;
  g_autofree guint32 *kept_a = NULL;
  g_autofree guint32 *kept_b = NULL;
  g_autofree guint32 *index_a = NULL;
  g_autofree guint32 *index_b = NULL;
  g_autofree guint8 *kept_matched_a = NULL;
  g_autofree guint8 *kept_matched_b = NULL;
  gsize n_kept_a = 0, n_kept_b = 0;
  guint32 largest = 0;

  g_return_val_if_fail (a != NULL || n_a == 0, FALSE);
  g_return_val_if_fail (b != NULL || n_b == 0, FALSE);
  g_return_val_if_fail (n_a < G_MAXUINT32 && n_b < G_MAXUINT32, FALSE);

  largest = keep_shared_words (a, n_a, b, n_b, &kept_a, &index_a, &n_kept_a, &kept_b, &index_b, &n_kept_b);

  /* The table pays only for large boxes; its work is a bound, so not
   * when the work is asked for. Every word kept is in both texts. */
  if (with_table && out_work == NULL && (guint64) n_kept_a * n_kept_b >= _PR_DIFF_TABLE_CELLS)
    sigma = renumber (kept_a, n_kept_a, kept_b, n_kept_b, largest);

  kept_matched_a = g_new0 (guint8, n_kept_a + 1);
  kept_matched_b = g_new0 (guint8, n_kept_b + 1);
  result = myers (kept_a, n_kept_a, kept_b, n_kept_b, sigma, cost_limit, work_limit,
                  kept_matched_a, kept_matched_b, out_exact, out_work, cancellable, error);
  if (result == MYERS_SEARCH_AGAIN)
    {
      memset (kept_matched_a, 0, n_kept_a);
      memset (kept_matched_b, 0, n_kept_b);
      result = myers (kept_a, n_kept_a, kept_b, n_kept_b, 0, cost_limit, work_limit,
                      kept_matched_a, kept_matched_b, out_exact, out_work, cancellable, error);
    }
  if (result != MYERS_DONE)
    return FALSE;

  for (gsize k = 0; k < n_kept_a; k++)
    matched_a[index_a[k]] = kept_matched_a[k];
  for (gsize k = 0; k < n_kept_b; k++)
    matched_b[index_b[k]] = kept_matched_b[k];

  return TRUE;
}

gboolean
_pr_diff_sequences (const guint32  *a,
                    gsize           n_a,
                    const guint32  *b,
                    gsize           n_b,
                    gsize           cost_limit,
                    guint64         work_limit,
                    guint8         *matched_a,
                    guint8         *matched_b,
                    gboolean       *out_exact,
                    guint64        *out_work,
                    GCancellable   *cancellable,
                    GError        **error)
{
  return diff_sequences (a, n_a, b, n_b, TRUE, cost_limit, work_limit, matched_a, matched_b, out_exact, out_work,
                         cancellable, error);
}

/* _pr_diff_sequences () by the search alone: every split searched for. */
gboolean
_pr_diff_sequences_searched (const guint32  *a,
                             gsize           n_a,
                             const guint32  *b,
                             gsize           n_b,
                             gsize           cost_limit,
                             guint64         work_limit,
                             guint8         *matched_a,
                             guint8         *matched_b,
                             gboolean       *out_exact,
                             GCancellable   *cancellable,
                             GError        **error)
{
  return diff_sequences (a, n_a, b, n_b, FALSE, cost_limit, work_limit, matched_a, matched_b, out_exact, NULL,
                         cancellable, error);
}

/* Spans ------------------------------------------------------------------ */

static void
append_span (GArray     *spans,
             gsize       start,
             gsize       end,
             PrDiffKind  kind)
{
  PrDiffSpan *last = spans->len > 0 ? &g_array_index (spans, PrDiffSpan, spans->len - 1) : NULL;
  PrDiffSpan span = { start, end, kind };

  g_assert (start < end);
  g_assert (last == NULL ? start == 0 : last->end == start);

  if (last != NULL && last->kind == kind)
    last->end = end;
  else
    g_array_append_val (spans, span);
}

/* Paints [start, end) with @kind, after painting any gap before it SAME.
 * Calls come in the order of the tokenizer's ranges: by start and by end. A
 * range may overlap the one before only inside one piece of the original
 * text; there CHANGED wins. */
static void
paint (GArray     *spans,
       gsize       start,
       gsize       end,
       PrDiffKind  kind)
{
  gsize covered = spans->len > 0 ? g_array_index (spans, PrDiffSpan, spans->len - 1).end : 0;

  if (start > covered)
    append_span (spans, covered, start, PR_DIFF_SAME);
  else if (start < covered)
    {
      if (kind == PR_DIFF_SAME)
        start = covered;
      else
        {
          while (spans->len > 0)
            {
              PrDiffSpan *last = &g_array_index (spans, PrDiffSpan, spans->len - 1);

              if (last->end <= start)
                break;
              if (last->start >= start)
                g_array_set_size (spans, spans->len - 1);
              else
                last->end = start;
            }
        }
    }

  if (start < end)
    append_span (spans, start, end, kind);
}

static GArray *
paint_text (const Words  *words,
            const guint8 *matched,
            gsize         length)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (PrDiffSpan));

  for (guint i = 0; i < words->ids->len; i++)
    {
      const Range *range = &g_array_index (words->ranges, Range, i);

      paint (spans, range->start, range->end, matched[i] ? PR_DIFF_SAME : PR_DIFF_CHANGED);
    }
  paint (spans, length, length, PR_DIFF_SAME);

  return spans;
}

/* The hunks between the common words. The common subsequence pairs the
 * i-th matched word of one text with the i-th of the other, so both are
 * walked together: the unmatched words between two matched pairs are
 * one hunk. */
static GArray *
find_hunks (const Words  *words_a,
            const guint8 *matched_a,
            gsize         length_a,
            const Words  *words_b,
            const guint8 *matched_b,
            gsize         length_b)
{
  GArray *hunks = g_array_new (FALSE, FALSE, sizeof (PrDiffHunk));
  const Range *ranges_a = (const Range *) (gpointer) words_a->ranges->data;
  const Range *ranges_b = (const Range *) (gpointer) words_b->ranges->data;
  guint n_a = words_a->ids->len, n_b = words_b->ids->len;
  guint i = 0, j = 0;

  for (;;)
    {
      guint i0, j0;
      PrDiffHunk hunk;

      while (i < n_a && j < n_b && matched_a[i] && matched_b[j])
        i++, j++;
      for (i0 = i; i < n_a && !matched_a[i]; i++)
        ;
      for (j0 = j; j < n_b && !matched_b[j]; j++)
        ;
      if (i == i0 && j == j0)
        break;
      /* The next common word, or the end: where a stretch dropped or
       * added ends (with its punctuation), and where in b a dropped one
       * goes. */
      hunk.a_start = i > i0 ? ranges_a[i0].start : (i < n_a ? ranges_a[i].start : length_a);
      hunk.a_end = i > i0 ? (i < n_a ? ranges_a[i].start : length_a) : hunk.a_start;
      /* One character holding two words (㏠ is 1日), one dropped. */
      if (i > i0 && hunk.a_end < ranges_a[i - 1].end)
        hunk.a_end = ranges_a[i - 1].end;
      hunk.b_start = j > j0 ? ranges_b[j0].start : (j < n_b ? ranges_b[j].start : length_b);
      hunk.b_end = j > j0 ? (j < n_b ? ranges_b[j].start : length_b) : hunk.b_start;
      if (j > j0 && hunk.b_end < ranges_b[j - 1].end)
        hunk.b_end = ranges_b[j - 1].end;
      g_array_append_val (hunks, hunk);
    }
  return hunks;
}

/* ------------------------------------------------------------------------ */

/* Walks the two texts' unmatched runs in step: matched words pair off in
 * order, so the runs between the same two matches face each other. */
static void
measure_shape (PrDiff       *diff,
               const guint8 *matched_a,
               gsize         n_a,
               const guint8 *matched_b,
               gsize         n_b)
{
  gsize i = 0, j = 0;

  while (i < n_a || j < n_b)
    {
      gsize gap_a = 0, gap_b = 0;

      while (i < n_a && !matched_a[i])
        gap_a++, i++;
      while (j < n_b && !matched_b[j])
        gap_b++, j++;
      if (gap_a > 0 && gap_b > 0)
        {
          diff->substitution_runs++;
          diff->substituted += MIN (gap_a, gap_b);
          diff->inserted += MAX (gap_a, gap_b) - MIN (gap_a, gap_b);
        }
      else if (gap_a + gap_b > 0)
        {
          diff->insertion_runs++;
          diff->inserted += gap_a + gap_b;
        }
      /* The next match on both sides. */
      if (i < n_a)
        i++;
      if (j < n_b)
        j++;
    }
}

static void
words_init (Words *words)
{
  words->ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  words->ranges = g_array_new (FALSE, FALSE, sizeof (Range));
}

static void
words_clear (Words *words)
{
  g_clear_pointer (&words->ids, g_array_unref);
  g_clear_pointer (&words->ranges, g_array_unref);
}

/**
 * _pr_diff_words_with_limits:
 *
 * pr_diff_words () with the limits given (for tests), and the work done.
 */
PrDiff *
_pr_diff_words_with_limits (PrTokenizer   *tokenizer,
                            const char    *a,
                            gssize         a_length,
                            const char    *b,
                            gssize         b_length,
                            gsize          cost_limit,
                            guint64        work_limit,
                            guint64       *out_work,
                            GCancellable  *cancellable,
                            GError       **error)
{
  Words words_a, words_b;
  Numbering numbering;
  g_autofree guint8 *matched_a = NULL;
  g_autofree guint8 *matched_b = NULL;
  gboolean exact = TRUE;
  PrDiff *diff = NULL;

  g_return_val_if_fail (tokenizer != NULL, NULL);
  g_return_val_if_fail (a != NULL || a_length == 0, NULL);
  g_return_val_if_fail (b != NULL || b_length == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (a_length < 0)
    a_length = strlen (a);
  if (b_length < 0)
    b_length = strlen (b);

  words_init (&words_a);
  words_init (&words_b);
  numbering.ids = g_hash_table_new (g_str_hash, g_str_equal);
  numbering.strings = g_string_chunk_new (4096);
  numbering.key = g_string_new (NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  numbering.words = &words_a;
  if (!pr_tokenizer_tokenize_with_ranges (tokenizer, a, a_length, add_word, &numbering, error))
    goto out;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  numbering.words = &words_b;
  if (!pr_tokenizer_tokenize_with_ranges (tokenizer, b, b_length, add_word, &numbering, error))
    goto out;

  matched_a = g_new0 (guint8, words_a.ids->len);
  matched_b = g_new0 (guint8, words_b.ids->len);
  if (!_pr_diff_sequences ((const guint32 *) (gpointer) words_a.ids->data, words_a.ids->len,
                           (const guint32 *) (gpointer) words_b.ids->data, words_b.ids->len,
                           cost_limit, work_limit, matched_a, matched_b,
                           &exact, out_work, cancellable, error))
    goto out;

  if (!exact)
    g_debug ("%u and %u words: a limit was reached, the diff may mark too much as changed",
             words_a.ids->len, words_b.ids->len);

  diff = g_new0 (PrDiff, 1);
  diff->spans_a = paint_text (&words_a, matched_a, a_length);
  diff->spans_b = paint_text (&words_b, matched_b, b_length);
  diff->hunks = find_hunks (&words_a, matched_a, a_length, &words_b, matched_b, b_length);
  diff->words_a = words_a.ids->len;
  diff->words_b = words_b.ids->len;
  for (guint i = 0; i < words_a.ids->len; i++)
    diff->common += matched_a[i];
  measure_shape (diff, matched_a, words_a.ids->len, matched_b, words_b.ids->len);
  diff->exact = exact;

out:
  words_clear (&words_a);
  words_clear (&words_b);
  g_hash_table_unref (numbering.ids);
  g_string_chunk_free (numbering.strings);
  g_string_free (numbering.key, TRUE);

  return diff;
}

/**
 * pr_diff_words:
 * @tokenizer: the tokenizer whose words and folding to use
 * @a: UTF-8 text
 * @a_length: length of @a in bytes, or -1 if it is NUL-terminated
 * @b: UTF-8 text
 * @b_length: length of @b in bytes, or -1 if it is NUL-terminated
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Compares @a and @b word by word and says which bytes of each are words
 * the other does not have. Words are compared as @tokenizer normalises
 * them, so width, case and (if @tokenizer folds them) Traditional
 * characters make no difference.
 *
 * Exact up to 8,192 inserted and deleted words; beyond that, or after a
 * bounded search (under a second for any two texts the tokenizer takes),
 * some words may be marked changed that a longer search would have matched
 * (PrDiff.exact is %FALSE then). Two 2,000-character petitions take about
 * a millisecond. Long texts are better diffed off the main thread.
 *
 * Returns: (transfer full) (nullable): the diff, or %NULL with @error set:
 *   %PR_TOKENIZER_ERROR_INVALID_UTF8 or %PR_TOKENIZER_ERROR_TOO_LONG for a
 *   text the tokenizer refuses, %G_IO_ERROR_CANCELLED.
 */
PrDiff *
pr_diff_words (PrTokenizer   *tokenizer,
               const char    *a,
               gssize         a_length,
               const char    *b,
               gssize         b_length,
               GCancellable  *cancellable,
               GError       **error)
{
  return _pr_diff_words_with_limits (tokenizer, a, a_length, b, b_length,
                                     _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, NULL,
                                     cancellable, error);
}

/**
 * pr_diff_shape:
 * @a: word numbers, equal numbers for equal words (as the tokenizer
 *   normalises them)
 * @shape: (out caller-allocates): filled but for the spans, which stay
 *   %NULL
 *
 * The counts of pr_diff_words () from words already numbered, for a caller
 * that compares one text with many and tokenizes each once.
 *
 * Returns: %FALSE with @error set on cancel.
 */
gboolean
pr_diff_shape (const guint32 *a,
               gsize          n_a,
               const guint32 *b,
               gsize          n_b,
               PrDiff        *shape,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autofree guint8 *matched_a = g_new0 (guint8, MAX (n_a, 1));
  g_autofree guint8 *matched_b = g_new0 (guint8, MAX (n_b, 1));
  gboolean exact = TRUE;

  memset (shape, 0, sizeof *shape);
  if (!_pr_diff_sequences (a, n_a, b, n_b, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, matched_a, matched_b,
                           &exact, NULL, cancellable, error))
    return FALSE;
  shape->words_a = n_a;
  shape->words_b = n_b;
  for (gsize i = 0; i < n_a; i++)
    shape->common += matched_a[i];
  measure_shape (shape, matched_a, n_a, matched_b, n_b);
  shape->exact = exact;
  return TRUE;
}

void
pr_diff_free (PrDiff *diff)
{
  if (diff == NULL)
    return;

  g_clear_pointer (&diff->spans_a, g_array_unref);
  g_clear_pointer (&diff->spans_b, g_array_unref);
  g_clear_pointer (&diff->hunks, g_array_unref);
  g_free (diff);
}

/**
 * pr_diff_get_similarity:
 * @diff: a #PrDiff
 *
 * Returns: the share of words the two texts have in common, 2 × common /
 *   (words in a + words in b), from 0 to 1; 1 if neither has a word.
 */
double
pr_diff_get_similarity (const PrDiff *diff)
{
  g_return_val_if_fail (diff != NULL, 0.0);

  if (diff->words_a + diff->words_b == 0)
    return 1.0;

  return 2.0 * diff->common / (double) (diff->words_a + diff->words_b);
}
