/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Inverse document frequency over a whole record set:
 * words found in many records ("您好", "请领导重视", a form letter's
 * phrases) say little about which matter a record is, so they may weigh
 * less in its fingerprint. The weights depend on the whole table, so a
 * fingerprint with IDF is made in two steps: each record's distinct
 * features are kept while the table is read and counted here, and the
 * fingerprints are summed once every record has been counted.
 *
 * Counting is a sort, not a hash table: all (record, word) hashes are
 * appended, sorted once and run-length counted, and a word's frequency is
 * found by binary search. That is 8 bytes for each distinct word of each
 * record while counting, and 12 for each distinct word of the table after.
 */
#define G_LOG_DOMAIN "pr-idf"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pr-idf.h"
#include "pr-simhash.h"

struct _PrIdf
{
  PrIdfOptions options;
  guint64      n_documents;
  GArray      *occurrences;  /* guint64: one per distinct word of each record, until frozen */
  guint64     *terms;        /* sorted distinct word hashes, once frozen */
  guint32     *frequencies;  /* the records each is in */
  double      *factors;      /* each one's pr_idf_factor (), worked out once */
  gsize        n_terms;
  gboolean     frozen;
};

/**
 * pr_idf_new:
 * @options: how document frequency weighs a word
 *
 * Returns: (transfer full): an empty table; add every record with
 *   pr_idf_add_document (), then pr_idf_freeze () it before asking for
 *   weights.
 */
PrIdf *
pr_idf_new (const PrIdfOptions *options)
{
  PrIdf *self;

  g_return_val_if_fail (options != NULL, NULL);

  self = g_new0 (PrIdf, 1);
  self->options = *options;
  self->occurrences = g_array_new (FALSE, FALSE, sizeof (guint64));

  return self;
}

void
pr_idf_free (PrIdf *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->occurrences, g_array_unref);
  g_free (self->terms);
  g_free (self->frequencies);
  g_free (self->factors);
  g_free (self);
}

/**
 * pr_idf_add_document:
 * @self: a #PrIdf, not frozen
 * @features: (array length=n_features): one record's features, distinct
 *   (pr_features_merge ())
 * @n_features: their number
 *
 * Counts one record: each of its text features once. Short fields are not
 * counted, as they are not weighted.
 */
void
pr_idf_add_document (PrIdf           *self,
                     const PrFeature *features,
                     gsize            n_features)
{
  g_return_if_fail (self != NULL && !self->frozen);
  g_return_if_fail (features != NULL || n_features == 0);

  for (gsize i = 0; i < n_features; i++)
    if (features[i].text)
      g_array_append_val (self->occurrences, features[i].hash);
  self->n_documents++;
}

/* Sorts 64-bit keys, 16 bits a pass: a million words' hashes in a tenth
 * of qsort ()'s time. */
static void
radix_sort (guint64 *keys,
            gsize    n)
{
  g_autofree guint64 *buffer = g_new (guint64, MAX (n, 1));
  g_autofree gsize *counts = g_new (gsize, 1 << 16);
  guint64 *from = keys, *to = buffer;

  for (guint shift = 0; shift < 64; shift += 16)
    {
      gsize sum = 0;

      memset (counts, 0, sizeof (gsize) << 16);
      for (gsize i = 0; i < n; i++)
        counts[(from[i] >> shift) & 0xFFFF]++;
      for (guint b = 0; b < 1 << 16; b++)
        {
          gsize c = counts[b];

          counts[b] = sum;
          sum += c;
        }
      for (gsize i = 0; i < n; i++)
        to[counts[(from[i] >> shift) & 0xFFFF]++] = from[i];
      {
        guint64 *t = from;

        from = to;
        to = t;
      }
    }
  /* Four passes: the keys are back in @keys. */
  g_assert (from == keys);
}

static double
factor_of (const PrIdf *self,
           guint64      df)
{
  guint64 n = MAX (self->n_documents, 1);

  df = CLAMP (df, 1, n);
  if (self->options.max_share > 0 && (double) df > self->options.max_share * (double) n)
    return 0.0;
  if (self->options.log)
    return log ((double) n / (double) df);

  return 1.0;
}

/* The smallest share, rounded up to two significant digits, that keeps a
 * word found in two of @n_documents records. */
static double
smallest_useful_share (guint64 n_documents)
{
  double share = 2.0 / (double) MAX (n_documents, 2);
  double step = pow (10.0, floor (log10 (share)) - 1);
  double rounded = ceil (share / step - 1e-9) * step;

  return rounded * (double) n_documents < 2.0 ? rounded + step : rounded;
}

/**
 * pr_idf_check_max_share:
 * @max_share: a cap on the share of records a word may be in, given on
 *   purpose (0 too)
 * @n_documents: the records it is for; 0 if not known yet
 * @error: return location for a #GError
 *
 * A word is in one record at least, so a cap of 0, or one under 1 / n,
 * leaves every word out; one under 2 / n leaves out every word that two
 * records share, so no record can match another on its text. Either is
 * refused, naming the smallest useful cap.
 *
 * Returns: %FALSE with @error (%G_IO_ERROR_INVALID_ARGUMENT) set if
 *   @max_share would leave no record anything to match on
 */
gboolean
pr_idf_check_max_share (double    max_share,
                        guint64   n_documents,
                        GError  **error)
{
  if (max_share <= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           /* xgettext:no-c-format */
                           _("--idf-max-share 0 would leave out every word: give a share above 0 (0.05 leaves out "
                             "the words of more than 5 % of the records), or leave the flag out to keep every word"));
      return FALSE;
    }
  if (n_documents < 2 || max_share * (double) n_documents >= 2.0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               max_share * (double) n_documents < 1.0
               ? _("--idf-max-share %g would leave out every word: each word is in one of the %llu records at least, more than that share; give %g or more (a word shared by two records "
                   "kept), or leave the flag out to keep every word")
               : _("--idf-max-share %g would leave out every word that two of the %llu records share, so no record could match another; give %g or more (a word shared by two "
                   "records kept), or leave the flag out to keep every word"),
               max_share, (unsigned long long) n_documents, smallest_useful_share (n_documents));
  return FALSE;
}

/**
 * pr_idf_freeze:
 * @self: a #PrIdf
 *
 * Ends the counting: the document frequencies are known from now on.
 */
void
pr_idf_freeze (PrIdf *self)
{
  guint64 *hashes;
  gsize n;

  g_return_if_fail (self != NULL);

  if (self->frozen)
    return;

  hashes = (guint64 *) (gpointer) self->occurrences->data;
  n = self->occurrences->len;
  radix_sort (hashes, n);

  self->terms = g_new (guint64, MAX (n, 1));
  self->frequencies = g_new (guint32, MAX (n, 1));
  for (gsize i = 0; i < n;)
    {
      gsize end = i + 1;

      while (end < n && hashes[end] == hashes[i])
        end++;
      self->terms[self->n_terms] = hashes[i];
      self->frequencies[self->n_terms] = (guint32) MIN (end - i, G_MAXUINT32);
      self->n_terms++;
      i = end;
    }
  self->terms = g_renew (guint64, self->terms, MAX (self->n_terms, 1));
  self->frequencies = g_renew (guint32, self->frequencies, MAX (self->n_terms, 1));
  self->factors = g_new (double, MAX (self->n_terms, 1));
  for (gsize t = 0; t < self->n_terms; t++)
    self->factors[t] = factor_of (self, self->frequencies[t]);
  g_clear_pointer (&self->occurrences, g_array_unref);
  self->frozen = TRUE;
}

guint64
pr_idf_get_n_documents (const PrIdf *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_documents;
}

/* Distinct words counted; 0 until frozen. */
guint64
pr_idf_get_n_terms (const PrIdf *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_terms;
}

/* The index of @hash among the terms, or -1. */
static gssize
find_term (const PrIdf *self,
           guint64      hash)
{
  gsize lo = 0, hi = self->n_terms;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (self->terms[mid] < hash)
        lo = mid + 1;
      else
        hi = mid;
    }

  return lo < self->n_terms && self->terms[lo] == hash ? (gssize) lo : -1;
}

/**
 * pr_idf_document_frequency:
 * @self: a frozen #PrIdf
 * @hash: a word's hash
 *
 * Returns: the number of records the word is in (0 if none)
 */
guint64
pr_idf_document_frequency (const PrIdf *self,
                           guint64      hash)
{
  gssize t;

  g_return_val_if_fail (self != NULL && self->frozen, 0);

  t = find_term (self, hash);
  return t >= 0 ? self->frequencies[t] : 0;
}

/**
 * pr_idf_factor:
 * @self: a frozen #PrIdf
 * @hash: a word's hash
 *
 * Returns: what a word's term-frequency weight is multiplied by: 0 for a
 *   word in more than the options' max_share of the records, ln (n / df)
 *   with the log option (0 for a word in every record), else 1. A word
 *   never counted (df 0, a record fingerprinted outside the table) is
 *   taken to be in one record.
 */
double
pr_idf_factor (const PrIdf *self,
               guint64      hash)
{
  g_return_val_if_fail (self != NULL && self->frozen, 1.0);

  return factor_of (self, pr_idf_document_frequency (self, hash));
}

/**
 * pr_idf_fingerprint:
 * @self: a frozen #PrIdf
 * @features: (array length=n_features): a record's features
 * @n_features: their number
 * @n_weighed_words: (out) (optional): how many of its distinct words weigh
 *   more than 0
 *
 * Returns: the SimHash of @features, each text feature's weight multiplied
 *   by its pr_idf_factor (), a short field's as it is
 */
guint64
pr_idf_fingerprint (const PrIdf     *self,
                    const PrFeature *features,
                    gsize            n_features,
                    gsize           *n_weighed_words)
{
  PrSimhash simhash;
  gsize n_weighed = 0;

  g_return_val_if_fail (self != NULL && self->frozen, 0);

  pr_simhash_init (&simhash);
  for (gsize i = 0; i < n_features; i++)
    {
      double weight = features[i].weight;

      if (features[i].text)
        {
          gssize t = find_term (self, features[i].hash);

          weight *= t >= 0 ? self->factors[t] : factor_of (self, 0);
          n_weighed += weight > 0;
        }
      pr_simhash_add_hash (&simhash, features[i].hash, weight);
    }
  if (n_weighed_words != NULL)
    *n_weighed_words = n_weighed;

  return pr_simhash_finish (&simhash);
}

static int
compare_features (const void *a,
                  const void *b)
{
  const PrFeature *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  return (x->text > y->text) - (x->text < y->text);
}

/**
 * pr_features_merge:
 * @features: (array length=n_features) (inout): a record's features, one per occurrence
 * @n_features: their number
 *
 * Sorts @features and sums the weights of each feature's occurrences into
 * one entry (a word's term frequency), in place.
 *
 * Returns: the number of distinct features now at the start of @features
 */
gsize
pr_features_merge (PrFeature *features,
                   gsize      n_features)
{
  gsize n = 0;

  if (n_features == 0)
    return 0;

  qsort (features, n_features, sizeof (PrFeature), compare_features);
  for (gsize i = 0; i < n_features; i++)
    {
      if (n > 0 && features[n - 1].hash == features[i].hash && features[n - 1].text == features[i].text)
        features[n - 1].weight += features[i].weight;
      else
        features[n++] = features[i];
    }

  return n;
}
