/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "pr-part-spool"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pr-part-spool.h"
#include "pr-threads.h"

/* A part of a record, as sorted: its hash and word count in one key
 * (hash << 8 | words), and the record; twelve bytes, for there are some
 * eighty for every record of the table. */
typedef struct __attribute__ ((packed)) {
  guint64 key;
  guint32 record;
} Entry;

G_STATIC_ASSERT (sizeof (Entry) == 12);

#define ENTRY_HASH(entry) ((entry)->key >> 8)
#define ENTRY_WORDS(entry) ((guint32) ((entry)->key & 0xff))

/* Buckets by the hash's top 8 of 56 bits: in bucket order, the sorted
 * buckets are the sorted whole. */
#define N_BUCKETS 256
#define BUCKET_OF(hash) ((guint) ((hash) >> 48))

/* A bucket's first room, in entries: 256 buckets of 12 KiB, three pages
 * each, so that doubled it stays whole pages. */
#define FIRST_ROOM 1024

/* Entries of a bucket written out at once. */
typedef struct {
  guint64 offset;
  guint64 count;
} Chunk;

/* The entries a bucket holds in memory; its room grows on demand, to the
 * bucket's share of the limit and no further. The room is mapped memory,
 * which the kernel gives a page at a time as it is written and moves
 * without copying as it grows: a bucket costs the pages it fills, as one
 * reserved at its full share did, and no freed copies are left behind in
 * the heap. */
typedef struct {
  Entry *data;
  gsize  len;
  gsize  room;
} Bucket;

struct _PrPartSpool {
  gsize    bucket_limit;  /* entries a bucket holds before all are written out */
  guint64  n_entries;
  Bucket   buckets[N_BUCKETS];
  GArray  *chunks[N_BUCKETS];   /* Chunk: the bucket's entries in the file */
  int      fd;            /* -1 until the first spill */
  gboolean consumed;      /* matched: the buckets are freed as they are read */
  guint64  file_size;
};

/**
 * pr_part_spool_new:
 * @memory_limit: bytes of entries held in memory before they are written
 *   to a temporary file; %G_MAXSIZE: never
 *
 * Returns: (transfer full): an empty spool
 */
PrPartSpool *
pr_part_spool_new (gsize memory_limit)
{
  PrPartSpool *spool = g_new0 (PrPartSpool, 1);

  /* Each bucket may hold its share of the memory, and no more: all are
   * written out when one is full. Winnowing keeps the smallest hash of
   * each window, so the first buckets fill several times faster than the
   * last, and the spool holds less than its limit: the price of keeping
   * the buckets in hash order. The room is taken as the entries come, not
   * at once: a small table's scan must run where the limit's address
   * space is not to be had (ulimit -v). */
  spool->bucket_limit = memory_limit == G_MAXSIZE ? G_MAXSIZE : MAX (memory_limit / sizeof (Entry) / N_BUCKETS, 1);
  spool->fd = -1;
  for (guint b = 0; b < N_BUCKETS; b++)
    spool->chunks[b] = g_array_new (FALSE, FALSE, sizeof (Chunk));
  return spool;
}

static void
free_room (Bucket *bucket)
{
  if (bucket->data != NULL)
    munmap (bucket->data, bucket->room * sizeof (Entry));
  bucket->data = NULL;
  bucket->len = bucket->room = 0;
}

void
pr_part_spool_free (PrPartSpool *spool)
{
  if (spool == NULL)
    return;
  for (guint b = 0; b < N_BUCKETS; b++)
    {
      free_room (&spool->buckets[b]);
      g_array_unref (spool->chunks[b]);
    }
  if (spool->fd >= 0)
    close (spool->fd);
  g_free (spool);
}

/* @format names the folder (%s) and then why (%s). */
static void
set_file_error (GError    **error,
                int         saved_errno,
                const char *format)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), format,
               g_get_tmp_dir (), g_strerror (saved_errno));
}

/* Writes every bucket's entries to the file and empties the buckets,
 * keeping their memory for the next ones. */
static gboolean
spill (PrPartSpool *spool,
       GError     **error)
{
  if (spool->fd < 0)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) local_error = NULL;

      spool->fd = g_file_open_tmp ("petition-review-parts-XXXXXX", &path, &local_error);
      if (spool->fd < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("cannot make the scan’s temporary file of parts: %s"), local_error->message);
          return FALSE;
        }
      /* Nobody else needs it, and it goes away with the scan, however it ends. */
      g_unlink (path);
    }
  for (guint b = 0; b < N_BUCKETS; b++)
    {
      Bucket *bucket = &spool->buckets[b];
      const char *data = (const char *) bucket->data;
      gsize left = bucket->len * sizeof (Entry);
      Chunk chunk = { spool->file_size, bucket->len };

      if (bucket->len == 0)
        continue;
      while (left > 0)
        {
          gssize written = write (spool->fd, data, left);

          if (written < 0 && errno == EINTR)
            continue;
          if (written <= 0)
            {
              set_file_error (error, written < 0 ? errno : ENOSPC,
                              _("cannot write the scan’s temporary file of parts in %s: %s"));
              return FALSE;
            }
          data += written;
          left -= written;
        }
      spool->file_size += (guint64) bucket->len * sizeof (Entry);
      g_array_append_val (spool->chunks[b], chunk);
      bucket->len = 0;
    }
  return TRUE;
}

/* Makes room in @bucket for one more entry: twice the room, up to the
 * bucket's share. Where memory cannot be had, the buckets are written out
 * instead, as at the limit, and only a bucket that cannot hold one entry
 * stops the scan. */
static gboolean
make_room (PrPartSpool *spool,
           Bucket      *bucket,
           GError     **error)
{
  gsize room = MIN (MAX (bucket->room * 2, FIRST_ROOM), spool->bucket_limit);
  void *data = bucket->data == NULL
                 ? mmap (NULL, room * sizeof (Entry), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                 : mremap (bucket->data, bucket->room * sizeof (Entry), room * sizeof (Entry), MREMAP_MAYMOVE);

  if (data != MAP_FAILED)
    {
      bucket->data = data;
      bucket->room = room;
      return TRUE;
    }
  if (bucket->room > 0)
    return spill (spool, error);
  {
    g_autofree char *size = g_format_size ((guint64) room * sizeof (Entry));

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 _("not enough memory for the scan’s passages (%s more could not be had): raise the process's "
                   "memory limit (ulimit -v), or scan without passages (--no-parts)"), size);
  }
  return FALSE;
}

/**
 * pr_part_spool_add:
 * @spool: a spool
 * @record: the record the parts are of
 * @parts: (array length=n_parts): its parts
 * @n_parts: their number
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the temporary file could not be written
 */
gboolean
pr_part_spool_add (PrPartSpool  *spool,
                   guint32       record,
                   const PrPart *parts,
                   gsize         n_parts,
                   GError      **error)
{
  g_return_val_if_fail (!spool->consumed, FALSE);

  for (gsize i = 0; i < n_parts; i++)
    {
      Entry entry = { ((guint64) parts[i].hash << 8) | (guint8) parts[i].n_tokens, record };
      Bucket *bucket = &spool->buckets[BUCKET_OF (parts[i].hash)];

      if (bucket->len == bucket->room && !make_room (spool, bucket, error))
        return FALSE;
      bucket->data[bucket->len++] = entry;
      spool->n_entries++;
      if (bucket->len >= spool->bucket_limit && !spill (spool, error))
        return FALSE;
    }
  return TRUE;
}

guint64
pr_part_spool_get_n_parts (const PrPartSpool *spool)
{
  return spool->n_entries;
}

/* Bytes written to the temporary file. */
guint64
pr_part_spool_get_spilled (const PrPartSpool *spool)
{
  return spool->file_size;
}

static inline gboolean
entry_less (const Entry *x,
            const Entry *y)
{
  /* Of one record's entries of a part, the most words first: the one kept. */
  return ENTRY_HASH (x) < ENTRY_HASH (y) ||
         (ENTRY_HASH (x) == ENTRY_HASH (y) &&
          (x->record < y->record || (x->record == y->record && ENTRY_WORDS (x) > ENTRY_WORDS (y))));
}

static inline void
swap_entries (Entry *x,
              Entry *y)
{
  Entry t = *x;

  *x = *y;
  *y = t;
}

/* Sorts in place: qsort () would take a second array as large as this one
 * (glibc sorts by merging when it can allocate one). Quicksort with a
 * median of three, the smaller side first so the stack stays shallow,
 * insertion sort below 16. */
static void
sort_entries (Entry *e,
              gsize  n)
{
  while (n > 16)
    {
      Entry *lo = e, *mid = e + n / 2, *hi = e + n - 1;
      Entry pivot;
      gsize i = 0, j = n - 1;

      if (entry_less (mid, lo))
        swap_entries (mid, lo);
      if (entry_less (hi, lo))
        swap_entries (hi, lo);
      if (entry_less (hi, mid))
        swap_entries (hi, mid);
      pivot = *mid;
      for (;;)
        {
          while (entry_less (&e[i], &pivot))
            i++;
          while (entry_less (&pivot, &e[j]))
            j--;
          if (i >= j)
            break;
          swap_entries (&e[i], &e[j]);
          i++;
          j--;
        }
      /* e[0..j] <= pivot <= e[j+1..n) */
      if (j + 1 < n - (j + 1))
        {
          sort_entries (e, j + 1);
          e += j + 1;
          n -= j + 1;
        }
      else
        {
          sort_entries (e + j + 1, n - (j + 1));
          n = j + 1;
        }
    }
  for (gsize i = 1; i < n; i++)
    for (gsize j = i; j > 0 && entry_less (&e[j], &e[j - 1]); j--)
      swap_entries (&e[j], &e[j - 1]);
}

/* One bucket, read back and sorted, on a thread of its own. */
typedef struct {
  PrPartSpool  *spool;
  guint         bucket;
  const guint8 *skip;
  Entry        *entries;  /* one per part and record, by hash and record */
  gsize         n;
  GError       *error;
} Sorted;

static void
sort_bucket (gpointer data,
             guint    index)
{
  Sorted *sorted = (Sorted *) data + index;
  PrPartSpool *spool = sorted->spool;
  GArray *chunks = spool->chunks[sorted->bucket];
  Bucket *held = &spool->buckets[sorted->bucket];
  gsize total = held->len, n = 0;
  Entry *e;

  for (guint c = 0; c < chunks->len; c++)
    total += g_array_index (chunks, Chunk, c).count;
  e = g_try_new (Entry, MAX (total, 1));
  if (e == NULL)
    {
      g_autofree char *size = g_format_size ((guint64) total * sizeof (Entry));

      g_set_error (&sorted->error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("not enough memory to sort the scan’s passages (%s for one part of them): raise the "
                     "process's memory limit (ulimit -v), scan with fewer threads (--threads 1), or scan without "
                     "passages (--no-parts)"), size);
      return;
    }
  for (guint c = 0; c < chunks->len; c++)
    {
      const Chunk *chunk = &g_array_index (chunks, Chunk, c);
      char *to = (char *) (e + n);
      gsize left = chunk->count * sizeof (Entry);
      guint64 at = chunk->offset;

      while (left > 0)
        {
          gssize got = pread (spool->fd, to, left, (off_t) at);

          if (got < 0 && errno == EINTR)
            continue;
          if (got <= 0)
            {
              set_file_error (&sorted->error, got < 0 ? errno : EIO,
                              _("cannot read back the scan’s temporary file of parts in %s: %s"));
              g_free (e);
              return;
            }
          to += got;
          at += got;
          left -= got;
        }
      n += chunk->count;
    }
  if (held->len > 0)
    memcpy (e + n, held->data, held->len * sizeof (Entry));
  n += held->len;
  /* Read once: what the bucket held is not needed again. */
  free_room (held);

  if (sorted->skip != NULL)
    {
      gsize kept = 0;

      for (gsize i = 0; i < n; i++)
        if (!sorted->skip[e[i].record])
          e[kept++] = e[i];
      n = kept;
    }
  sort_entries (e, n);

  /* One entry per part and record (a record may repeat a sentence; the
   * entry kept has the most words). */
  total = n;
  n = 0;
  for (gsize i = 0; i < total; i++)
    if (n == 0 || ENTRY_HASH (&e[i]) != ENTRY_HASH (&e[n - 1]) || e[i].record != e[n - 1].record)
      e[n++] = e[i];

  sorted->entries = e;
  sorted->n = n;
}

/* The runs of parts that two to max_records_per_part records share, as
 * the pairs are counted from them: nine bytes an entry, for at ten million
 * records there are a hundred million and more. */
typedef struct {
  GArray *records;   /* guint32, run after run, each by record */
  GArray *words;     /* guint8, the record's words in the part */
  GArray *starts;    /* guint64 bitmap: 1 where a run starts */
} SharedRuns;

static void
shared_runs_append (SharedRuns  *runs,
                    const Entry *e,
                    gsize        n)
{
  gsize at = runs->records->len;
  guint64 *bits;

  g_array_set_size (runs->records, at + n);
  g_array_set_size (runs->words, at + n);
  g_array_set_size (runs->starts, (at + n + 63) / 64);
  bits = (guint64 *) (gpointer) runs->starts->data;
  for (gsize i = 0; i < n; i++)
    {
      g_array_index (runs->records, guint32, at + i) = e[i].record;
      g_array_index (runs->words, guint8, at + i) = (guint8) ENTRY_WORDS (&e[i]);
      bits[(at + i) / 64] &= ~(G_GUINT64_CONSTANT (1) << ((at + i) % 64));
    }
  bits[at / 64] |= G_GUINT64_CONSTANT (1) << (at % 64);
}

static inline gboolean
starts_run (const guint64 *bits,
            gsize          i)
{
  return (bits[i / 64] >> (i % 64)) & 1;
}

/**
 * pr_part_spool_find_pairs:
 * @spool: the records' parts
 * @n_records: how many records there are (each part's record is below)
 * @skip: (nullable): per record, 1 to leave it out
 * @identities: (nullable): who sent each record (pr-identity-table.c)
 * @options: thresholds
 * @n_threads: buckets sorted at once (0: one per processor)
 * @func: called for each pair kept, by ascending first record
 * @user_data: passed to @func
 * @boilerplate: (nullable): a #GArray of guint64 to which the hashes of
 *   the parts left out as boilerplate are added, in ascending order
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Finds every pair of records whose shared parts hold at least
 * @options->min_containment of the smaller record's part words, and at least
 * @options->min_shared_tokens words, leaving out parts found in more than
 * @options->max_records_per_part records.
 *
 * Bucket by bucket, the parts are sorted by hash, so that the records
 * sharing a part are side by side: each record's words are counted, and
 * only the runs of a part that two to max_records_per_part records share
 * are kept. Then each record in turn adds up what it shares with the
 * records after it over those runs. Memory is the largest buckets and the
 * shared runs, whatever the number of parts and candidate pairs.
 *
 * The spool is read once: its buckets are freed as they are matched, and
 * it takes no more parts after.
 *
 * Returns: %FALSE if cancelled, or if the temporary file could not be read
 */
gboolean
pr_part_spool_find_pairs (PrPartSpool              *spool,
                          gsize                     n_records,
                          const guint8             *skip,
                          const PrIdentityTable    *identities,
                          const PrPartMatchOptions *options,
                          guint                     n_threads,
                          PrPartPairFunc            func,
                          gpointer                  user_data,
                          GArray                   *boilerplate,
                          GCancellable             *cancellable,
                          GError                  **error)
{
  SharedRuns runs;
  g_autofree guint64 *words = g_new0 (guint64, MAX (n_records, 1));       /* but boilerplate */
  g_autofree guint64 *all_words = g_new0 (guint64, MAX (n_records, 1));
  g_autofree guint32 *shared = NULL;
  g_autofree guint32 *first_place = NULL;  /* per record, where its places start (n_records + 1) */
  g_autofree guint32 *places = NULL;       /* entries of the shared runs, by record then entry */
  g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  Sorted sorted[N_BUCKETS] = { 0 };
  const guint32 *run_records;
  const guint8 *run_words;
  const guint64 *run_starts;
  gboolean ok = FALSE;
  gsize n;

  g_return_val_if_fail (!spool->consumed, FALSE);
  spool->consumed = TRUE;
  runs = (SharedRuns) { g_array_new (FALSE, FALSE, sizeof (guint32)), g_array_new (FALSE, FALSE, sizeof (guint8)),
                        g_array_new (FALSE, TRUE, sizeof (guint64)) };

  n_threads = MIN (pr_threads_resolve (n_threads), N_BUCKETS);

  for (guint group = 0; group < N_BUCKETS; group += n_threads)
    {
      guint end_group = MIN (group + n_threads, N_BUCKETS);
      gboolean failed = FALSE;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;
      for (guint b = group; b < end_group; b++)
        sorted[b] = (Sorted) { spool, b, skip, NULL, 0, NULL };
      pr_threads_run ("pr-part-sort", end_group - group, sort_bucket, &sorted[group]);

      for (guint b = group; b < end_group; b++)
        {
          const Entry *be = sorted[b].entries;

          if (sorted[b].error != NULL)
            {
              if (!failed)
                g_propagate_error (error, g_steal_pointer (&sorted[b].error));
              g_clear_error (&sorted[b].error);
              failed = TRUE;
            }
          for (gsize start = 0, end; !failed && start < sorted[b].n; start = end)
            {
              gboolean is_boilerplate;

              for (end = start + 1; end < sorted[b].n && ENTRY_HASH (&be[end]) == ENTRY_HASH (&be[start]); end++)
                ;
              is_boilerplate = end - start > options->max_records_per_part;
              if (boilerplate != NULL && is_boilerplate)
                {
                  guint64 hash = ENTRY_HASH (&be[start]);

                  g_array_append_val (boilerplate, hash);
                }
              for (gsize i = start; i < end; i++)
                {
                  all_words[be[i].record] += ENTRY_WORDS (&be[i]);
                  if (!is_boilerplate)
                    words[be[i].record] += ENTRY_WORDS (&be[i]);
                }
              /* Boilerplate counts for nothing, and a part of one record
               * pairs it with none. */
              if (end - start > 1 && !is_boilerplate)
                shared_runs_append (&runs, &be[start], end - start);
            }
          g_clear_pointer (&sorted[b].entries, g_free);
        }
      if (failed)
        goto out;
    }

  run_records = (const guint32 *) (gconstpointer) runs.records->data;
  run_words = (const guint8 *) (gconstpointer) runs.words->data;
  run_starts = (const guint64 *) (gconstpointer) runs.starts->data;
  n = runs.records->len;
  g_debug ("%" G_GUINT64_FORMAT " parts, %" G_GSIZE_FORMAT " in runs two to %u records share",
           spool->n_entries, n, options->max_records_per_part);

  if (n >= G_MAXUINT32)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%llu shared passages are more than the matcher can count"), (unsigned long long) n);
      goto out;
    }

  /* Each record's entries in the runs, in entry order: a counting sort. */
  first_place = g_new0 (guint32, n_records + 1);
  for (gsize i = 0; i < n; i++)
    if (run_words[i] > 0)
      first_place[run_records[i] + 1]++;
  for (gsize r = 0; r < n_records; r++)
    first_place[r + 1] += first_place[r];
  places = g_new (guint32, MAX (first_place[n_records], 1));
  {
    g_autofree guint32 *next = g_memdup2 (first_place, MAX (n_records, 1) * sizeof (guint32));

    for (gsize i = 0; i < n; i++)
      if (run_words[i] > 0)
        places[next[run_records[i]]++] = (guint32) i;
  }

  /* Record by record: the words it shares with each later record, over
   * the runs it is in (entries of a run are by record, so the later
   * records of a run follow its own entry). */
  shared = g_new0 (guint32, MAX (n_records, 1));
  for (gsize a = 0; a < n_records; a++)
    {
      for (guint32 p = first_place[a]; p < first_place[a + 1]; p++)
        {
          gsize i = places[p];

          for (gsize j = i + 1; j < n && !starts_run (run_starts, j); j++)
            {
              guint32 b = run_records[j];

              if (shared[b] == 0)
                g_array_append_val (touched, b);
              shared[b] += MIN (run_words[j], run_words[i]);
            }
        }
      for (guint t = 0; t < touched->len; t++)
        {
          guint32 b = g_array_index (touched, guint32, t);
          gboolean same = pr_identity_table_same (identities, (guint32) a, b);

          if (pr_part_match_accepts (options, shared[b], words[a], words[b], all_words[a], all_words[b], same))
            func ((guint32) a, b, (double) shared[b] / MIN (words[a], words[b]), user_data);
          shared[b] = 0;
        }
      g_array_set_size (touched, 0);
      if ((a & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;
    }
  ok = TRUE;

out:
  g_array_unref (runs.records);
  g_array_unref (runs.words);
  g_array_unref (runs.starts);
  return ok;
}
