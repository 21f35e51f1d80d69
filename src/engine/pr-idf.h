/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One distinct feature of a record, kept so that its fingerprint can be
 * made again once the whole table's document frequencies are known. */
typedef struct {
  guint64 hash;     /* XXH3-64 of the feature's bytes (pr_feature_hash ()) */
  float   weight;   /* summed over its occurrences: term frequency × the column's factor */
  guint32 text;     /* 1: a word of a text column, weighted by IDF; 0: a short field's value, never */
} PrFeature;

G_STATIC_ASSERT (sizeof (PrFeature) == 16);

/* How the words of a text column are weighted by their document
 * frequency df (the records a word occurs in) among n records. */
typedef struct {
  /* Multiply by ln (n / df): a word in every record weighs 0. */
  gboolean log;
  /* If > 0, a word found in more than this share of the records weighs 0
   * (a stop word); the others keep their weight (or their ln (n / df)). */
  double   max_share;
} PrIdfOptions;

typedef struct _PrIdf PrIdf;

PrIdf   *pr_idf_new           (const PrIdfOptions *options);
void     pr_idf_free          (PrIdf              *idf);
void     pr_idf_add_document  (PrIdf              *idf,
                               const PrFeature    *features,
                               gsize               n_features);
void     pr_idf_freeze        (PrIdf              *idf);
gboolean pr_idf_check_max_share (double           max_share,
                               guint64             n_documents,
                               GError            **error);
guint64  pr_idf_get_n_documents (const PrIdf      *idf);
guint64  pr_idf_get_n_terms   (const PrIdf        *idf);
guint64  pr_idf_document_frequency (const PrIdf   *idf,
                               guint64             hash);
double   pr_idf_factor        (const PrIdf        *idf,
                               guint64             hash);
guint64  pr_idf_fingerprint   (const PrIdf        *idf,
                               const PrFeature    *features,
                               gsize               n_features,
                               gsize              *n_weighed_words);
gsize    pr_features_merge    (PrFeature          *features,
                               gsize               n_features);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrIdf, pr_idf_free)

G_END_DECLS
