/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The short bodies of a table's last complete scan that judged its pairs,
 * kept so that the intake check finds a new text's short-text candidates
 * by the rule the scan paired them by (pr-short-pairs.c), reading only
 * the rows of the new text's own 3-grams and of the bodies they lead to:
 * its cost does not grow with the table.
 *
 * pr_short_bodies holds each body by its number (the scan's order): its
 * record and its count of distinct 3-grams, which the containment
 * divides by. pr_short_grams holds the 3-grams found in at most
 * max_records bodies, each with the numbers of its bodies: a 3-gram in
 * more can never count, since the check only adds the new body to its
 * holders. A row holds the 3-grams of one bucket (the top bits of the
 * 3-gram times an odd constant, a bijection), about a hundred holdings a
 * bucket whatever the table's size, so that rows stay few and small. A
 * header row (bucket HEADER_BUCKET) holds the number of bucket bits, the
 * number of bodies and the whole rule the index was made by (its rules
 * version, the 3-gram's size, the bodies' range of characters, the
 * max_records and the containment): a check by another rule would mix
 * two, so it is refused. A table without a header had no short texts
 * kept (a scan before the store kept them, or one without the second
 * stage).
 *
 * Every commit replaces the table's rows, in its own transaction
 * (_pr_store_write_short_texts ()).
 */
#define G_LOG_DOMAIN "pr-store-short-texts"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-store-private.h"
#include "pr-store-short-texts.h"

#define HEADER_BUCKET G_MAXUINT32
/* Bucket bits, max_records, bodies, rules version, 3-gram size, least
 * and most characters (4 bytes each), the containment (a double). */
#define HEADER_BYTES 36
/* The first header held bucket bits, max_records and bodies only: its
 * programs knew one rule, rules version 1 with the defaults. */
#define FIRST_HEADER_BYTES 12
/* Holdings (3-gram, body) a bucket, on average. */
#define BUCKET_HOLDINGS 128
/* Holdings sorted at once while writing: 16 bytes each, and as much again
 * for the sort. */
#define PARTITION_HOLDINGS (1u << 22)
#define GOLDEN G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)
#define BATCH_ROWS 500
#define BATCH_IDS 500

struct _PrShortTextsKept {
  gint64     scan_id;
  PrShortPairOptions options;
  GPtrArray *ids;     /* char * */
  GPtrArray *grams;   /* GArray of guint64: the 3-grams an index can hold, ascending until the index is
                       * written, which orders them by its parts */
  GArray    *n_grams; /* guint32: each body's count of distinct 3-grams */
};

void
_pr_short_texts_kept_free (PrShortTextsKept *kept)
{
  if (kept == NULL)
    return;
  g_ptr_array_unref (kept->ids);
  g_ptr_array_unref (kept->grams);
  g_array_unref (kept->n_grams);
  g_free (kept);
}

/**
 * pr_store_keep_short_texts:
 * @store: a store
 * @scan_id: a running scan
 * @ids: (transfer full) (element-type utf8): the record of each short body
 * @grams: (transfer full) (element-type GArray): its distinct 3-grams
 *   held by at most max_records of the short bodies, ascending
 *   (pr_short_pairs_find_in_set ()); the others the index leaves out
 * @n_grams: (transfer full) (element-type guint32): its count of
 *   distinct 3-grams, all of them
 * @options: the rule they were read and will be paired by
 *
 * Keeps the short bodies for the commit of @scan_id
 * (pr_store_commit_scan ()), which replaces the table's with them.
 */
void
pr_store_keep_short_texts (PrStore   *self,
                           gint64     scan_id,
                           GPtrArray *ids,
                           GPtrArray *grams,
                           GArray    *n_grams,
                           const PrShortPairOptions *options)
{
  g_return_if_fail (self != NULL && ids != NULL && grams != NULL && n_grams != NULL && ids->len == grams->len &&
                    ids->len == n_grams->len && options != NULL);

  g_clear_pointer (&self->short_texts, _pr_short_texts_kept_free);
  self->short_texts = g_new0 (PrShortTextsKept, 1);
  self->short_texts->scan_id = scan_id;
  self->short_texts->ids = ids;
  self->short_texts->grams = grams;
  self->short_texts->n_grams = n_grams;
  self->short_texts->options = *options;
}

static inline guint32
bucket_of (guint64 key,
           guint   bits)
{
  return bits == 0 ? 0 : (guint32) (key >> (64 - bits));
}

/* The bytes of one multi-row INSERT: under the server's packet budget. */
static gsize
row_budget (PrStore *self)
{
  return MIN (1u << 20, MAX (1024, _pr_connection_statement_budget (self->connection) - 256));
}

/* The rows of pr_short_grams waiting for one multi-row INSERT. */
typedef struct {
  PrStore          *self;
  const PrStoreKey *where;
  gint64            scan_id;
  GArray           *buckets;  /* guint32 */
  GPtrArray        *blobs;    /* GByteArray */
  gsize             n_bytes;
  gsize             budget;
} GramRows;

static gboolean
flush_gram_rows (GramRows  *rows,
                 GError   **error)
{
  g_autoptr(GString) sql = NULL;
  g_autofree MYSQL_BIND *params = NULL;
  g_autofree unsigned long *lengths = NULL;
  guint n = rows->buckets->len;
  gboolean ok;

  if (n == 0)
    return TRUE;
  sql = g_string_new (NULL);
  g_string_printf (sql, "INSERT INTO %s (source_database, source_table, bucket, scan_id, grams) VALUES ",
                   rows->self->q_short_grams);
  params = g_new0 (MYSQL_BIND, n * 5);
  lengths = g_new0 (unsigned long, n * 3);
  for (guint i = 0; i < n; i++)
    {
      GByteArray *blob = rows->blobs->pdata[i];

      g_string_append (sql, i == 0 ? "(?,?,?,?,?)" : ",(?,?,?,?,?)");
      _pr_store_bind_key (&params[i * 5], rows->where, &lengths[i * 3]);
      _pr_statement_bind_u32 (&params[i * 5 + 2], &g_array_index (rows->buckets, guint32, i));
      _pr_statement_bind_i64 (&params[i * 5 + 3], &rows->scan_id);
      _pr_statement_bind_blob (&params[i * 5 + 4], blob->data, blob->len, &lengths[i * 3 + 2]);
    }
  ok = _pr_statement_run (rows->self->connection, sql->str, params, NULL, NULL,
                          _("cannot keep the short texts in the store"), error);
  g_array_set_size (rows->buckets, 0);
  g_ptr_array_set_size (rows->blobs, 0);
  rows->n_bytes = 0;
  return ok;
}

static gboolean
add_gram_row (GramRows    *rows,
              guint32      bucket,
              GByteArray  *blob,
              GError     **error)
{
  if (rows->buckets->len > 0 &&
      (rows->buckets->len == BATCH_ROWS || rows->n_bytes + blob->len + 64 > rows->budget) &&
      !flush_gram_rows (rows, error))
    return FALSE;
  g_array_append_val (rows->buckets, bucket);
  g_ptr_array_add (rows->blobs, g_byte_array_ref (blob));
  rows->n_bytes += blob->len + 64;
  return TRUE;
}

typedef struct {
  guint64 key;   /* the 3-gram times GOLDEN */
  guint32 body;
} Holding;

/* Sorts the @n holdings at @h by key in stable counting passes over
 * 16-bit digits, through @scratch (as large): the holdings come in body
 * order, so equal keys stay in body order, the order the rows are written
 * in. A comparison sort of the millions of holdings would cost most of
 * writing the index. */
static void
sort_holdings (Holding *h,
               Holding *scratch,
               gsize    n)
{
  g_autofree gsize *counts = g_new (gsize, 1u << 16);
  Holding *from = h, *to = scratch;

  for (guint shift = 0; shift < 64 && n > 1; shift += 16)
    {
      gsize sum = 0;

      memset (counts, 0, sizeof (gsize) << 16);
      for (gsize i = 0; i < n; i++)
        counts[(from[i].key >> shift) & 0xFFFF]++;
      /* A digit all the keys share orders nothing. */
      if (counts[(from[0].key >> shift) & 0xFFFF] == n)
        continue;
      for (guint d = 0; d < (1u << 16); d++)
        {
          gsize c = counts[d];

          counts[d] = sum;
          sum += c;
        }
      for (gsize i = 0; i < n; i++)
        to[counts[(from[i].key >> shift) & 0xFFFF]++] = from[i];
      to = from;
      from = to == h ? scratch : h;
    }
  if (from != h)
    memcpy (h, from, n * sizeof (Holding));
}

/* Appends to @holdings those of the index's (3-gram, body) holdings
 * whose key's top @pbits bits are @part, each body numbered as written. */
typedef gboolean (*HoldingsFunc) (gpointer   source,
                                  guint64    part,
                                  guint      pbits,
                                  GArray    *holdings,
                                  GError   **error);

static inline void
add_holdings (GArray        *holdings,
              const guint64 *grams,
              guint          n_grams,
              guint32        body,
              guint64        part,
              guint          pbits)
{
  for (guint i = 0; i < n_grams; i++)
    {
      Holding one = { grams[i] * GOLDEN, body };

      if (bucket_of (one.key, pbits) == part)
        g_array_append_val (holdings, one);
    }
}

/* The bodies kept in memory, as a source of holdings. */
typedef struct {
  GPtrArray *grams;   /* GArray of guint64 each */
  guint32   *next;    /* each body's first 3-gram of a part not yet taken */
} KeptSource;

/* The holdings of the bodies kept in memory. At the first part each
 * body's 3-grams are put in the order of their parts (a body's own order
 * is not read: its 3-grams are distinct, and the holdings are sorted by
 * key), so that each part takes a run of each body instead of a pass over
 * every holding. */
static gboolean
kept_holdings (gpointer   source,
               guint64    part,
               guint      pbits,
               GArray    *holdings,
               GError   **error)
{
  KeptSource *kept = source;
  GPtrArray *grams = kept->grams;

  if (part == 0 && pbits > 0)
    {
      g_autofree guint32 *at = g_new (guint32, (gsize) 1 << pbits);
      g_autoptr(GArray) copy = g_array_new (FALSE, FALSE, sizeof (guint64));

      for (guint b = 0; b < grams->len; b++)
        {
          GArray *own = grams->pdata[b];
          guint32 sum = 0;

          memset (at, 0, sizeof (guint32) << pbits);
          for (guint i = 0; i < own->len; i++)
            at[bucket_of (g_array_index (own, guint64, i) * GOLDEN, pbits)]++;
          for (gsize p = 0; p < ((gsize) 1 << pbits); p++)
            {
              guint32 c = at[p];

              at[p] = sum;
              sum += c;
            }
          g_array_set_size (copy, 0);
          g_array_append_vals (copy, own->data, own->len);
          for (guint i = 0; i < own->len; i++)
            {
              guint64 gram = g_array_index (copy, guint64, i);

              g_array_index (own, guint64, at[bucket_of (gram * GOLDEN, pbits)]++) = gram;
            }
        }
    }
  if (part == 0)
    memset (kept->next, 0, sizeof (guint32) * grams->len);
  for (guint b = 0; b < grams->len; b++)
    {
      const GArray *own = grams->pdata[b];

      for (; kept->next[b] < own->len; kept->next[b]++)
        {
          Holding one = { g_array_index (own, guint64, kept->next[b]) * GOLDEN, b };

          if (bucket_of (one.key, pbits) != part)
            break;
          g_array_append_val (holdings, one);
        }
    }
  return TRUE;
}

/* Writes the 3-grams of @source's holdings held by at most @max_records
 * bodies, bucket by bucket, a part of the buckets at a time. */
static gboolean
write_grams (GramRows      *rows,
             HoldingsFunc   source_func,
             gpointer       source,
             guint          bits,
             guint          max_records,
             guint64        n_holdings,
             GError       **error)
{
  guint pbits = 0;

  while (pbits < bits && (n_holdings >> pbits) > PARTITION_HOLDINGS)
    pbits++;
  for (guint64 part = 0; part < (G_GUINT64_CONSTANT (1) << pbits); part++)
    {
      g_autoptr(GArray) holdings = g_array_new (FALSE, FALSE, sizeof (Holding));
      g_autoptr(GByteArray) blob = g_byte_array_new ();
      const Holding *h;
      guint32 bucket = 0;

      if (!source_func (source, part, pbits, holdings, error))
        return FALSE;
      if (holdings->len > 1)
        {
          g_autofree Holding *scratch = g_new (Holding, holdings->len);

          sort_holdings ((Holding *) (gpointer) holdings->data, scratch, holdings->len);
        }
      h = (const Holding *) (gpointer) holdings->data;
      for (guint i = 0, end; i < holdings->len; i = end)
        {
          guint64 gram = h[i].key * G_GUINT64_CONSTANT (0xF1DE83E19937733D); /* GOLDEN's inverse */
          guint8 count;

          for (end = i + 1; end < holdings->len && h[end].key == h[i].key; end++)
            ;
          if (end - i > max_records || end - i > G_MAXUINT8)
            continue;
          if (blob->len > 0 && bucket_of (h[i].key, bits) != bucket)
            {
              if (!add_gram_row (rows, bucket, blob, error))
                return FALSE;
              g_byte_array_unref (blob);
              blob = g_byte_array_new ();
            }
          bucket = bucket_of (h[i].key, bits);
          gram = GUINT64_TO_LE (gram);
          count = (guint8) (end - i);
          g_byte_array_append (blob, (const guint8 *) &gram, 8);
          g_byte_array_append (blob, &count, 1);
          for (guint e = i; e < end; e++)
            {
              guint32 body = GUINT32_TO_LE (h[e].body);

              g_byte_array_append (blob, (const guint8 *) &body, 4);
            }
        }
      if (blob->len > 0 && !add_gram_row (rows, bucket, blob, error))
        return FALSE;
    }
  return flush_gram_rows (rows, error);
}

/* Writes @ids as the bodies numbered from @number, each with its count
 * of distinct 3-grams: @n_grams's, or with %NULL its @grams' length. */
static gboolean
write_bodies (PrStore          *self,
              const PrStoreKey *where,
              gint64            scan_id,
              GPtrArray        *ids,
              GPtrArray        *grams,
              GArray           *n_grams,
              guint32           number,
              GError          **error)
{
  gsize budget = row_budget (self);

  for (guint first = 0, n; first < ids->len; first += n)
    {
      g_autoptr(GString) sql = NULL;
      g_autofree MYSQL_BIND *params = NULL;
      g_autofree unsigned long *lengths = NULL;
      g_autofree guint32 *numbers = NULL;
      gsize n_bytes = 0;

      /* Under the server's packet budget, as the other rows. */
      for (n = 0; n < BATCH_ROWS && first + n < ids->len; n++)
        {
          n_bytes += strlen (ids->pdata[first + n]) + 64;
          if (n > 0 && n_bytes > budget)
            break;
        }
      sql = g_string_new (NULL);
      params = g_new0 (MYSQL_BIND, n * 6);
      lengths = g_new0 (unsigned long, n * 3);
      numbers = g_new (guint32, n * 2);

      g_string_printf (sql, "INSERT INTO %s (source_database, source_table, body, scan_id, record_id, n_grams) "
                       "VALUES ", self->q_short_bodies);
      for (guint i = 0; i < n; i++)
        {
          MYSQL_BIND *p = params + i * 6;

          g_string_append (sql, i == 0 ? "(?,?,?,?,?,?)" : ",(?,?,?,?,?,?)");
          numbers[2 * i] = number + first + i;
          numbers[2 * i + 1] = n_grams != NULL ? g_array_index (n_grams, guint32, first + i)
                                               : ((GArray *) grams->pdata[first + i])->len;
          _pr_store_bind_key (p, where, &lengths[i * 3]);
          _pr_statement_bind_u32 (&p[2], &numbers[2 * i]);
          _pr_statement_bind_i64 (&p[3], &scan_id);
          _pr_statement_bind_string (&p[4], ids->pdata[first + i], &lengths[i * 3 + 2]);
          _pr_statement_bind_u32 (&p[5], &numbers[2 * i + 1]);
        }
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL,
                              _("cannot keep the short texts in the store"), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
delete_index (PrStore          *self,
              const PrStoreKey *where,
              GError          **error)
{
  const char *tables[] = { self->q_short_bodies, self->q_short_grams };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autofree char *delete = g_strdup_printf ("DELETE FROM %s WHERE source_database = ? AND source_table = ?",
                                                 tables[t]);
      MYSQL_BIND params[2];
      unsigned long lengths[2];

      _pr_store_bind_key (params, where, lengths);
      if (!_pr_statement_run (self->connection, delete, params, NULL, NULL,
                              _("cannot keep the short texts in the store"), error))
        return FALSE;
    }
  return TRUE;
}

/* Bucket bits for @n_holdings: about BUCKET_HOLDINGS a bucket. */
static guint
bucket_bits (guint64 n_holdings)
{
  guint bits = 0;

  while (bits < 31 && (n_holdings >> bits) > BUCKET_HOLDINGS)
    bits++;
  return bits;
}

/* The 3-grams of @source's holdings, then the header: a header means the
 * rest is there. The bodies are written already. */
static gboolean
write_grams_and_header (PrStore                  *self,
                        const PrStoreKey         *where,
                        gint64                    scan_id,
                        const PrShortPairOptions *options,
                        HoldingsFunc              source_func,
                        gpointer                  source,
                        guint32                   n_bodies,
                        guint64                   n_holdings,
                        GError                  **error)
{
  GramRows rows = { self, where, scan_id, NULL, NULL, 0, 0 };
  guint bits = bucket_bits (n_holdings);
  gboolean ok;

  rows.buckets = g_array_new (FALSE, FALSE, sizeof (guint32));
  rows.blobs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  rows.budget = row_budget (self);
  ok = write_grams (&rows, source_func, source, bits, options->max_records, n_holdings, error);
  if (ok)
    {
      g_autoptr(GByteArray) blob = g_byte_array_new ();
      guint32 header[7] = { bits, options->max_records, n_bodies, PR_SHORT_PAIR_RULES_VERSION,
                            PR_SHORT_PAIR_GRAM_CHARS, options->min_chars, options->max_chars };
      guint64 containment;

      G_STATIC_ASSERT (sizeof header + sizeof containment == HEADER_BYTES);
      for (guint i = 0; i < G_N_ELEMENTS (header); i++)
        header[i] = GUINT32_TO_LE (header[i]);
      memcpy (&containment, &options->min_containment, sizeof containment);
      containment = GUINT64_TO_LE (containment);
      g_byte_array_append (blob, (const guint8 *) header, sizeof header);
      g_byte_array_append (blob, (const guint8 *) &containment, sizeof containment);
      ok = add_gram_row (&rows, HEADER_BUCKET, blob, error) && flush_gram_rows (&rows, error);
    }
  g_array_unref (rows.buckets);
  g_ptr_array_unref (rows.blobs);
  return ok;
}

/* In the commit's transaction: replaces the table's short bodies with
 * those pr_store_keep_short_texts () kept for @scan_id, or with none. */
gboolean
_pr_store_write_short_texts (PrStore          *self,
                             const PrStoreKey *where,
                             gint64            scan_id,
                             GError          **error)
{
  PrShortTextsKept *kept = self->short_texts;
  guint64 n_holdings = 0;
  KeptSource source;
  gboolean ok;

  if (!delete_index (self, where, error))
    return FALSE;
  if (kept == NULL || kept->scan_id != scan_id)
    return TRUE;
  /* Every holding, those of 3-grams left out too: the bucket bits are
   * of them all. */
  for (guint b = 0; b < kept->n_grams->len; b++)
    n_holdings += g_array_index (kept->n_grams, guint32, b);
  source = (KeptSource) { kept->grams, g_new (guint32, MAX (1, kept->grams->len)) };
  ok = write_bodies (self, where, scan_id, kept->ids, kept->grams, kept->n_grams, 0, error) &&
       write_grams_and_header (self, where, scan_id, &kept->options, kept_holdings, &source,
                               kept->ids->len, n_holdings, error);
  g_free (source.next);
  return ok;
}

/* The search for one new body (pr_store_find_short_texts ()). */
typedef struct {
  PrStore       *self;
  const guint64 *grams;      /* the new body's, ascending */
  guint          n_grams;
  guint32        own;        /* its own body's number, or G_MAXUINT32 */
  guint          max_records;
  double         min_containment;
  guint          bits;
  guint32        n_bodies;
  PrShortPairOptions made_by; /* the rule the index was made by */
  guint          rules_version;
  guint          gram_chars;
  gboolean       header;
  guint64        scan_id;    /* the header's: every row read must be of it */
  gboolean       mixed;      /* a row of another scan's index was read */
  const char    *damaged;    /* the store's table found damaged, quoted */
  GHashTable    *shared;     /* body → 3-grams shared with the new body */
} Search;

static gboolean
read_header (const char    *id,
             const guint8  *bytes,
             gsize          length,
             gpointer       user_data,
             GError       **error)
{
  Search *search = user_data;
  guint32 header[7];
  guint64 containment;

  if (bytes == NULL || (length != HEADER_BYTES && length != FIRST_HEADER_BYTES))
    {
      search->damaged = search->self->q_short_grams;
      return TRUE;
    }
  memcpy (header, bytes, FIRST_HEADER_BYTES);
  search->bits = GUINT32_FROM_LE (header[0]);
  search->made_by.max_records = GUINT32_FROM_LE (header[1]);
  search->n_bodies = GUINT32_FROM_LE (header[2]);
  search->rules_version = 1;
  search->gram_chars = 3;
  search->made_by.min_chars = 20;
  search->made_by.max_chars = 250;
  search->made_by.min_containment = 0.5;
  if (length == HEADER_BYTES)
    {
      memcpy (header, bytes, sizeof header);
      memcpy (&containment, bytes + sizeof header, sizeof containment);
      containment = GUINT64_FROM_LE (containment);
      search->rules_version = GUINT32_FROM_LE (header[3]);
      search->gram_chars = GUINT32_FROM_LE (header[4]);
      search->made_by.min_chars = GUINT32_FROM_LE (header[5]);
      search->made_by.max_chars = GUINT32_FROM_LE (header[6]);
      memcpy (&search->made_by.min_containment, &containment, sizeof containment);
    }
  search->header = TRUE;
  search->scan_id = g_ascii_strtoull (id, NULL, 10);
  if (search->bits > 31)
    search->damaged = search->self->q_short_grams;
  return TRUE;
}

static gboolean
has_gram (const Search *search,
          guint64       gram)
{
  guint lo = 0, hi = search->n_grams;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (search->grams[mid] < gram)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < search->n_grams && search->grams[lo] == gram;
}

/* One bucket's 3-grams: those of the new body count for their holders,
 * as a scan of the kept bodies and the new one counts them. */
static gboolean
read_bucket (const char    *id,
             const guint8  *bytes,
             gsize          length,
             gpointer       user_data,
             GError       **error)
{
  Search *search = user_data;
  gsize at = 0;

  if (g_ascii_strtoull (id, NULL, 10) != search->scan_id)
    {
      search->mixed = TRUE;
      return TRUE;
    }
  while (bytes != NULL && at < length)
    {
      guint64 gram;
      guint count;

      if (length - at < 9)
        break;
      memcpy (&gram, bytes + at, 8);
      gram = GUINT64_FROM_LE (gram);
      count = bytes[at + 8];
      at += 9;
      if ((length - at) / 4 < count || count > search->n_bodies)
        break;
      if (has_gram (search, gram))
        {
          guint32 holders[G_MAXUINT8];
          guint others = 0;

          for (guint e = 0; e < count; e++)
            {
              guint32 body;

              memcpy (&body, bytes + at + 4 * (gsize) e, 4);
              body = GUINT32_FROM_LE (body);
              if (body >= search->n_bodies)
                {
                  search->damaged = search->self->q_short_grams;
                  return TRUE;
                }
              if (body != search->own)
                holders[others++] = body;
            }
          /* A scan of the kept bodies, the new text in its own record's
           * place (it may have changed since), holds the 3-gram in the
           * other bodies and the new one. */
          if (others + 1 <= search->max_records)
            for (guint e = 0; e < others; e++)
              {
                gpointer key = GUINT_TO_POINTER (holders[e] + 1);

                g_hash_table_insert (search->shared, key,
                                     GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (search->shared, key)) + 1));
              }
        }
      at += 4 * (gsize) count;
    }
  if (bytes == NULL || at != length)
    search->damaged = search->self->q_short_grams;
  return TRUE;
}

static void
take_own (const char    *id,
          const guint64 *values,
          gpointer       user_data)
{
  Search *search = user_data;

  if (values[1] != search->scan_id)
    search->mixed = TRUE;
  else
    search->own = (guint32) values[0];
}

typedef struct {
  Search    *search;
  GArray    *bodies;  /* guint32, the candidates' numbers */
  GHashTable *ids;    /* body number + 1 → its record */
  guint      n_rows;  /* the rows read of the bodies asked for */
} Candidates;

static void
take_candidate (const char    *id,
                const guint64 *values,
                gpointer       user_data)
{
  Candidates *found = user_data;
  guint32 body = (guint32) values[0];
  guint shared = GPOINTER_TO_UINT (g_hash_table_lookup (found->search->shared, GUINT_TO_POINTER (body + 1)));
  guint other = (guint) values[1];

  found->n_rows++;
  if (values[2] != found->search->scan_id)
    {
      found->search->mixed = TRUE;
      return;
    }
  if (other == 0)
    {
      found->search->damaged = found->search->self->q_short_bodies;
      return;
    }
  if ((double) shared / MIN (other, found->search->n_grams) >= found->search->min_containment)
    {
      g_array_append_val (found->bodies, body);
      g_hash_table_insert (found->ids, GUINT_TO_POINTER (body + 1), g_strdup (id));
    }
}

static int
compare_bodies (gconstpointer x,
                gconstpointer y)
{
  guint32 p = *(const guint32 *) x, q = *(const guint32 *) y;

  return (p > q) - (p < q);
}

/* " IN (?, …)" for @n of @numbers (guint32) from @start, bound to @params. */
static void
append_in (GString    *sql,
           MYSQL_BIND *params,
           GArray     *numbers,
           guint       start,
           guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append (sql, i == 0 ? " IN (?" : ", ?");
      _pr_statement_bind_u32 (&params[i], &g_array_index (numbers, guint32, start + i));
    }
  g_string_append_c (sql, ')');
}

/* The store's schema as a shell word for --store: quoted only when it
 * needs to be. */
static char *
schema_word (PrStore *self)
{
  for (const char *p = self->schema; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
      return g_shell_quote (self->schema);
  return g_strdup (self->schema);
}

/* Refuses a damaged or partly written index, saying @problem and the
 * way out: a scan with the store writes the table's index anew; the
 * statements that delete it, quoted to run as shown, one a line. */
static gboolean
refuse_damaged (PrStore           *self,
                const char        *table,
                const PrStoreKey  *key,
                const char        *problem,
                GError           **error)
{
  g_autofree char *database = pr_connection_quote_string (key->database);
  g_autofree char *source = pr_connection_quote_string (key->table);
  g_autofree char *schema = schema_word (self);
  const char *tables[] = { self->q_short_grams, self->q_short_bodies };
  g_autoptr(GString) deletes = g_string_new (NULL);

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    g_string_append_printf (deletes, "\nDELETE FROM %s WHERE source_database = %s AND source_table = %s;",
                            tables[t], database, source);
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               _("the short texts kept for “%s” in the schema “%s” are damaged or were partly written: %s. "
                 "Scan the table with the store again (--store %s), which writes them anew; until then the "
                 "check cannot find short texts reworded. To remove them by hand:%s"),
               table, self->schema, problem, schema, deletes->str);
  return FALSE;
}

/* A row of @damaged (quoted) cannot be read. */
static gboolean
refuse_unreadable (PrStore           *self,
                   const char        *table,
                   const PrStoreKey  *key,
                   const char        *damaged,
                   GError           **error)
{
  g_autofree char *problem = g_strdup_printf (_("a row of %s cannot be read"), damaged);

  return refuse_damaged (self, table, key, problem, error);
}

/* Whether @rules, @gram_chars and @made_by are this program's @options. */
static gboolean
same_rule (guint                     rules,
           guint                     gram_chars,
           const PrShortPairOptions *made_by,
           const PrShortPairOptions *options)
{
  return rules == PR_SHORT_PAIR_RULES_VERSION && gram_chars == PR_SHORT_PAIR_GRAM_CHARS &&
         made_by->min_chars == options->min_chars && made_by->max_chars == options->max_chars &&
         made_by->max_records == options->max_records &&
         made_by->min_containment == options->min_containment;
}

static char *
describe_rule (guint                     rules,
               guint                     gram_chars,
               const PrShortPairOptions *rule)
{
  return g_strdup_printf (_("rules version %u, %u-grams, bodies of %u to %u characters, "
                            "a gram rare in at most %u of them, containment %g"),
                          rules, gram_chars, rule->min_chars, rule->max_chars, rule->max_records,
                          rule->min_containment);
}

void     (*_pr_store_short_texts_between_reads) (guint    stage,
                                               gpointer data) = NULL;
gpointer   _pr_store_short_texts_between_reads_data = NULL;

/* pr_store_find_short_texts () once; @mixed set (and nothing else) when
 * a row read was of another scan's index than the header read first. */
static gboolean
find_once (PrStore                  *self,
           const char               *table,
           const PrShortPairOptions *options,
           const guint64            *grams,
           guint                     n_grams,
           const char               *own_id,
           GPtrArray               **ids,
           gboolean                 *kept,
           gboolean                 *mixed,
           GError                  **error)
{
  const char *what = _("cannot read the short texts kept in the store");
  g_autoptr(GHashTable) shared = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) records = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) buckets = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) bodies = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  Search search = { self, grams, n_grams, G_MAXUINT32, options->max_records, options->min_containment,
                    0, 0, { 0 }, 0, 0, FALSE, 0, FALSE, NULL, shared };
  Candidates candidates = { &search, bodies, records, 0 };
  const PrStoreKey *key;
  MYSQL_BIND params[2 + BATCH_IDS];
  unsigned long lengths[3];
  guint32 header_bucket = HEADER_BUCKET;
  GHashTableIter iter;
  gpointer body;

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  _pr_store_bind_key (params, key, lengths);

  {
    g_autofree char *sql = g_strdup_printf ("SELECT scan_id, grams FROM %s WHERE source_database = ? AND "
                                            "source_table = ? AND bucket = ?", self->q_short_grams);

    _pr_statement_bind_u32 (&params[2], &header_bucket);
    if (!_pr_store_for_each_blob (self, sql, params, read_header, &search, what, error))
      return FALSE;
  }
  if (search.damaged != NULL)
    return refuse_unreadable (self, table, key, search.damaged, error);
  *kept = search.header;
  if (_pr_store_short_texts_between_reads != NULL)
    _pr_store_short_texts_between_reads (0, _pr_store_short_texts_between_reads_data);
  /* Every part of the rule decides the answer: the bodies kept, the
   * 3-grams counted rare, the share that pairs. */
  if (search.header && !same_rule (search.rules_version, search.gram_chars, &search.made_by, options))
    {
      g_autofree char *made_by = describe_rule (search.rules_version, search.gram_chars, &search.made_by);
      g_autofree char *own = describe_rule (PR_SHORT_PAIR_RULES_VERSION, PR_SHORT_PAIR_GRAM_CHARS, options);
      g_autofree char *schema = schema_word (self);

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the short texts kept for “%s” in the schema “%s” were kept by another rule (%s) than "
                     "this program's (%s); scan the table with the store again (--store %s)"),
                   table, self->schema, made_by, own, schema);
      return FALSE;
    }
  if (!search.header || search.n_bodies == 0 || n_grams == 0)
    {
      *ids = g_steal_pointer (&found);
      return TRUE;
    }

  if (own_id != NULL)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT record_id, body, scan_id FROM %s WHERE source_database = ? AND "
                                              "source_table = ? AND record_id = ? ORDER BY body DESC LIMIT 1",
                                              self->q_short_bodies);

      _pr_statement_bind_string (&params[2], own_id, &lengths[2]);
      if (!_pr_store_for_each_row (self, sql, params, 2, take_own, &search, what, error))
        return FALSE;
      if ((*mixed = search.mixed))
        return TRUE;
    }

  /* The new body's buckets, each once. */
  for (guint i = 0; i < n_grams; i++)
    {
      guint32 bucket = bucket_of (grams[i] * GOLDEN, search.bits);

      g_array_append_val (buckets, bucket);
    }
  g_array_sort (buckets, compare_bodies);
  {
    guint n = 0;

    for (guint i = 0; i < buckets->len; i++)
      if (n == 0 || g_array_index (buckets, guint32, i) != g_array_index (buckets, guint32, n - 1))
        g_array_index (buckets, guint32, n++) = g_array_index (buckets, guint32, i);
    g_array_set_size (buckets, n);
  }
  for (guint start = 0; start < buckets->len; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, buckets->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "SELECT scan_id, grams FROM %s WHERE source_database = ? AND source_table = ? AND "
                       "bucket", self->q_short_grams);
      append_in (sql, params + 2, buckets, start, n);
      if (!_pr_store_for_each_blob (self, sql->str, params, read_bucket, &search, what, error))
        return FALSE;
      if ((*mixed = search.mixed))
        return TRUE;
      if (search.damaged != NULL)
        return refuse_unreadable (self, table, key, search.damaged, error);
    }

  if (_pr_store_short_texts_between_reads != NULL)
    _pr_store_short_texts_between_reads (1, _pr_store_short_texts_between_reads_data);
  /* The bodies sharing any: their 3-grams' number decides. */
  {
    g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint32));

    g_hash_table_iter_init (&iter, shared);
    while (g_hash_table_iter_next (&iter, &body, NULL))
      {
        guint32 number = GPOINTER_TO_UINT (body) - 1;

        g_array_append_val (touched, number);
      }
    g_array_sort (touched, compare_bodies);
    for (guint start = 0; start < touched->len; start += BATCH_IDS)
      {
        guint n = MIN (BATCH_IDS, touched->len - start);
        g_autoptr(GString) sql = g_string_new (NULL);

        g_string_printf (sql, "SELECT record_id, body, n_grams, scan_id FROM %s WHERE source_database = ? AND "
                         "source_table = ? AND body", self->q_short_bodies);
        append_in (sql, params + 2, touched, start, n);
        candidates.n_rows = 0;
        if (!_pr_store_for_each_row (self, sql->str, params, 3, take_candidate, &candidates, what, error))
          return FALSE;
        if ((*mixed = search.mixed))
          return TRUE;
        if (search.damaged != NULL)
          return refuse_unreadable (self, table, key, search.damaged, error);
        /* A body its 3-grams name but without a row would be a smaller
         * answer, not a wrong one anyone could see. */
        if (candidates.n_rows != n)
          {
            g_autofree char *problem = g_strdup_printf (_("%u of the texts its 3-grams name have no row in %s"),
                                                        n - MIN (n, candidates.n_rows), self->q_short_bodies);

            return refuse_damaged (self, table, key, problem, error);
          }
      }
  }
  g_array_sort (bodies, compare_bodies);
  for (guint i = 0; i < bodies->len; i++)
    g_ptr_array_add (found, g_strdup (g_hash_table_lookup (records,
                                                           GUINT_TO_POINTER (g_array_index (bodies, guint32, i) + 1))));
  *ids = g_steal_pointer (&found);
  return TRUE;
}

/* find_once () up to @attempts times while it meets rows of two scans. */
static gboolean
find_reading_again (PrStore                  *self,
                    const char               *table,
                    const PrStoreKey         *key,
                    const PrShortPairOptions *options,
                    const guint64            *grams,
                    guint                     n_grams,
                    const char               *own_id,
                    guint                     attempts,
                    GPtrArray               **ids,
                    gboolean                 *kept,
                    GError                  **error)
{
  for (guint attempt = 0; attempt < attempts; attempt++)
    {
      gboolean mixed = FALSE;

      if (!find_once (self, table, options, grams, n_grams, own_id, ids, kept, &mixed, error))
        return FALSE;
      if (!mixed)
        return TRUE;
      g_clear_pointer (ids, g_ptr_array_unref);
    }
  return refuse_damaged (self, table, key, _("its rows belong to different scans"), error);
}

/**
 * pr_store_find_short_texts:
 * @store: a store
 * @table: the source table
 * @options: the rule the scan paired the short bodies by
 * @grams: the new body's distinct 3-grams, ascending (pr_short_pairs_body_grams ())
 * @n_grams: their number
 * @own_id: (nullable): the new body's record, when a scan may have read it
 * @ids: (out) (transfer full) (element-type utf8): the records of the
 *   short bodies of the table's last complete scan that a scan of them
 *   and the new body pairs with it (pr_short_pairs_foreach ()'s rule), in
 *   the order that scan read them; a kept body of @own_id is not one
 * @kept: (out): whether that scan kept its short bodies (%FALSE: the
 *   store holds none for the table, as after a scan made before it kept
 *   them, or one without the second stage)
 * @error: return location for a #GError
 *
 * Reads the rows of the new body's 3-grams and of the bodies sharing
 * them, not the table's every short body.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_find_short_texts (PrStore                  *self,
                           const char               *table,
                           const PrShortPairOptions *options,
                           const guint64            *grams,
                           guint                     n_grams,
                           const char               *own_id,
                           GPtrArray               **ids,
                           gboolean                 *kept,
                           GError                  **error)
{
  const PrStoreKey *key;

  g_return_val_if_fail (self != NULL && ids != NULL && kept != NULL, FALSE);

  *ids = NULL;
  /* Before the snapshot: naming the table may write the store. */
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  /* A scan committing between two reads replaces the index or deletes
   * it, and its bodies' numbers name other records: the reads share one
   * snapshot, which sees one scan's index whole (a scan commits it in
   * one transaction), and a read of it again would read the same. Not
   * inside a transaction already open on the connection, which a START
   * TRANSACTION would commit: there, at READ COMMITTED, each read sees
   * the latest commit, and a read that met rows of two scans is read
   * again from the header. */
  if (_pr_store_in_transaction (self))
    return find_reading_again (self, table, key, options, grams, n_grams, own_id, 3, ids, kept, error);
  if (!pr_connection_execute (self->connection, "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", error))
    return FALSE;
  if (!find_reading_again (self, table, key, options, grams, n_grams, own_id, 1, ids, kept, error))
    {
      g_autoptr(GError) ignored = NULL;

      pr_connection_execute (self->connection, "ROLLBACK", &ignored);
      return FALSE;
    }
  if (!pr_connection_execute (self->connection, "COMMIT", error))
    {
      g_clear_pointer (ids, g_ptr_array_unref);
      return FALSE;
    }
  return TRUE;
}

/* Version 13 kept every short body with all its 3-grams, in packed rows:
 * its id's length (2 bytes) and bytes, the number of its 3-grams (4
 * bytes) and the 3-grams (8 bytes each). The upgrade reads them a row at
 * a time, each under the server's packet, so that its memory is one row
 * and a part of the holdings (PARTITION_HOLDINGS), whatever the table. */
typedef struct {
  PrStore          *self;
  const PrStoreKey *key;
  gint64            chunk;    /* the last row read */
  gboolean          read;     /* whether a row was */
  GPtrArray        *ids;      /* its bodies' records */
  GPtrArray        *grams;    /* and 3-grams (GArray of guint64) */
} OldRows;

static gboolean
unpack_old_row (const char    *id,
                const guint8  *blob,
                gsize          length,
                gpointer       user_data,
                GError       **error)
{
  OldRows *old = user_data;
  guint64 n_bodies = G_MAXUINT32;
  const char *colon = strchr (id, ':');
  gsize at = 0;

  old->read = TRUE;
  old->chunk = g_ascii_strtoll (id, NULL, 10);
  if (colon == NULL || !g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT32, &n_bodies, NULL))
    n_bodies = G_MAXUINT32;
  for (guint64 b = 0; blob != NULL && b < n_bodies && at < length; b++)
    {
      GArray *grams;
      guint16 id_length;
      guint32 n;

      if (length - at < 2)
        break;
      memcpy (&id_length, blob + at, 2);
      id_length = GUINT16_FROM_LE (id_length);
      at += 2;
      if (length - at < (gsize) id_length + 4)
        break;
      g_ptr_array_add (old->ids, g_strndup ((const char *) blob + at, id_length));
      at += id_length;
      memcpy (&n, blob + at, 4);
      n = GUINT32_FROM_LE (n);
      at += 4;
      if (n == 0 || (length - at) / 8 < n)
        break;
      grams = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n);
      g_array_set_size (grams, n);
      for (guint32 i = 0; i < n; i++)
        {
          guint64 gram;

          memcpy (&gram, blob + at + 8 * (gsize) i, 8);
          g_array_index (grams, guint64, i) = GUINT64_FROM_LE (gram);
        }
      g_ptr_array_add (old->grams, grams);
      at += 8 * (gsize) n;
    }
  if (at != length || old->ids->len != old->grams->len)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the short texts kept in the store are damaged and cannot be upgraded; delete them "
                     "(DELETE FROM %s) and open the store again, then scan with it"), old->self->q_short_texts);
      return FALSE;
    }
  return TRUE;
}

/* The next row of @old's table after the last read, unpacked into its
 * ids and grams; @old->read says whether there was one. */
static gboolean
read_old_row (OldRows  *old,
              GError  **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT CONCAT(chunk, ':', n_bodies), bodies FROM %s WHERE "
                                          "source_database = ? AND source_table = ? AND chunk > ? "
                                          "ORDER BY chunk LIMIT 1", old->self->q_short_texts);
  MYSQL_BIND params[3];
  unsigned long lengths[2];

  g_ptr_array_set_size (old->ids, 0);
  g_ptr_array_set_size (old->grams, 0);
  old->read = FALSE;
  _pr_store_bind_key (params, old->key, lengths);
  _pr_statement_bind_i64 (&params[2], &old->chunk);
  return _pr_store_for_each_blob (old->self, sql, params, unpack_old_row, old,
                                  _("cannot read the short texts kept in the store"), error);
}

/* The holdings of the old table's bodies, read again a row at a time. */
static gboolean
old_holdings (gpointer   source,
              guint64    part,
              guint      pbits,
              GArray    *holdings,
              GError   **error)
{
  OldRows *old = source;
  guint32 body = 0;

  old->chunk = -1;
  for (;;)
    {
      if (!read_old_row (old, error))
        return FALSE;
      if (!old->read)
        return TRUE;
      for (guint b = 0; b < old->grams->len; b++, body++)
        {
          const GArray *own = old->grams->pdata[b];

          add_holdings (holdings, (const guint64 *) (gpointer) own->data, own->len, body, part, pbits);
        }
    }
}

/* One table's short bodies of version 13 written as the index, by the
 * one rule that version knew, the defaults. */
static gboolean
migrate_table (PrStore          *self,
               const PrStoreKey *key,
               gint64            scan_id,
               GError          **error)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) grams = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  OldRows old = { self, key, -1, FALSE, ids, grams };
  PrShortPairOptions options;
  guint64 n_holdings = 0;
  guint32 n_bodies = 0;

  pr_short_pair_options_default (&options);
  if (!delete_index (self, key, error))
    return FALSE;
  /* The bodies, numbered in the old order; the holdings counted for the
   * bucket bits. */
  for (;;)
    {
      if (!read_old_row (&old, error))
        return FALSE;
      if (!old.read)
        break;
      for (guint b = 0; b < grams->len; b++)
        n_holdings += ((GArray *) grams->pdata[b])->len;
      if (!write_bodies (self, key, scan_id, ids, grams, NULL, n_bodies, error))
        return FALSE;
      n_bodies += ids->len;
    }
  return write_grams_and_header (self, key, scan_id, &options, old_holdings, &old, n_bodies, n_holdings, error);
}

/* Version 14: the short bodies that version 13 kept, each table's read
 * in turn and written as the index, then the old table dropped. */
gboolean
_pr_store_migrate_short_texts (PrStore  *self,
                               GError  **error)
{
  g_autofree char *tables_sql = g_strdup_printf ("SELECT source_database, source_table, MAX(scan_id) FROM %s "
                                                 "GROUP BY source_database, source_table", self->q_short_texts);
  g_autofree char *drop = g_strdup_printf ("DROP TABLE IF EXISTS %s", self->q_short_texts);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;

  rows = _pr_connection_select (self->connection, tables_sql, NULL, 0, &local_error);
  if (rows == NULL)
    {
      /* Dropped by an upgrade cut off before its version row. */
      if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  for (guint r = 0; r < rows->len; r++)
    {
      const PrDbRow *row = rows->pdata[r];
      PrStoreKey key = { (char *) row->values[0], (char *) row->values[1] };

      if (row->values[0] == NULL || row->values[1] == NULL || row->values[2] == NULL)
        continue;
      if (!migrate_table (self, &key, g_ascii_strtoll (row->values[2], NULL, 10), error))
        return FALSE;
    }
  /* An account that may make the new tables may still not drop the old
   * one: said as the privilege to ask for. The index written is written
   * again by the upgrade that follows. */
  if (!pr_connection_execute (self->connection, drop, &local_error))
    {
      _pr_store_explain_error (self, error, local_error, "DROP", C_("tables", "upgrade"));
      return FALSE;
    }
  return TRUE;
}
